/*
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.paimon.multimodal.internal.predicate;

import io.paimon.multimodal.PredicateException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A compiled LIKE pattern matched against UTF-8 bytes: {@code %} matches any sequence of characters
 * (also none), {@code _} exactly one character (a code point, however many bytes it takes),
 * everything else itself, case-sensitively. There is no escape character unless the predicate names
 * one with {@code ESCAPE 'c'}; then {@code c%}, {@code c_} and {@code cc} stand for the literal
 * character and {@code c} before anything else is an error.
 *
 * <p>Exact, prefix ({@code 'abc%'}), suffix ({@code '%abc'}) and infix ({@code '%abc%'}) patterns
 * compare bytes directly; other patterns run a backtracking matcher that never backtracks more than
 * one {@code %} (linear in practice, quadratic at worst).
 */
final class LikePattern {

  private static final int ANY_ONE = -1;
  private static final int ANY_SEQUENCE = -2;

  /** The pattern's shape, which picks the matching routine. */
  enum Shape {
    EXACT,
    PREFIX,
    SUFFIX,
    CONTAINS,
    GENERAL
  }

  private final String source;
  private final String escape;
  private final int[] elements;
  private final Shape shape;
  private final byte[] literal;
  private final String prefix;

  private LikePattern(String source, String escape, int[] elements, String prefix) {
    this.source = source;
    this.escape = escape;
    this.elements = elements;
    this.prefix = prefix;
    int wildcards = 0;
    int anyOne = 0;
    for (int e : elements) {
      if (e < 0) {
        wildcards++;
        anyOne += e == ANY_ONE ? 1 : 0;
      }
    }
    int n = elements.length;
    boolean starts = n > 0 && elements[0] == ANY_SEQUENCE;
    boolean ends = n > 0 && elements[n - 1] == ANY_SEQUENCE;
    if (wildcards == 0) {
      shape = Shape.EXACT;
      literal = literalBytes(0, n);
    } else if (anyOne == 0 && wildcards == 1 && ends) {
      shape = Shape.PREFIX;
      literal = literalBytes(0, n - 1);
    } else if (anyOne == 0 && wildcards == 1 && starts) {
      shape = Shape.SUFFIX;
      literal = literalBytes(1, n);
    } else if (anyOne == 0 && wildcards == 2 && starts && ends && n >= 2) {
      shape = Shape.CONTAINS;
      literal = literalBytes(1, n - 1);
    } else {
      shape = Shape.GENERAL;
      literal = null;
    }
  }

  /**
   * Compiles a pattern.
   *
   * @param pattern the pattern text
   * @param escape the escape character, or null for none
   * @param predicate the predicate, for error messages
   * @param patternPosition where the pattern literal starts
   * @param escapePosition where the escape literal starts (ignored if {@code escape} is null)
   * @throws PredicateException if the escape is not one character or is misused in the pattern
   */
  static LikePattern compile(
      String pattern, String escape, String predicate, int patternPosition, int escapePosition) {
    int escapeCp = -1;
    if (escape != null) {
      if (escape.isEmpty() || escape.codePointCount(0, escape.length()) != 1) {
        throw new PredicateException(
            predicate,
            escapePosition,
            "expected a single character after ESCAPE but found '" + escape + "'");
      }
      escapeCp = escape.codePointAt(0);
    }
    IntList elements = new IntList();
    StringBuilder prefix = new StringBuilder();
    boolean inPrefix = true;
    for (int i = 0; i < pattern.length(); ) {
      int cp = pattern.codePointAt(i);
      i += Character.charCount(cp);
      if (cp == escapeCp) {
        int next = i < pattern.length() ? pattern.codePointAt(i) : -1;
        if (next != '%' && next != '_' && next != escapeCp) {
          throw new PredicateException(
              predicate,
              patternPosition,
              "invalid LIKE pattern '"
                  + pattern
                  + "': the escape character '"
                  + escape
                  + "' must be followed by %, _ or itself");
        }
        i += Character.charCount(next);
        cp = next;
      } else if (cp == '%' || cp == '_') {
        inPrefix = false;
        if (cp == '_') {
          elements.add(ANY_ONE);
        } else if (elements.size == 0 || elements.last() != ANY_SEQUENCE) {
          elements.add(ANY_SEQUENCE);
        }
        continue;
      }
      if (inPrefix) {
        prefix.appendCodePoint(cp);
      }
      for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
        elements.add(b & 0xFF);
      }
    }
    return new LikePattern(pattern, escape, elements.toArray(), prefix.toString());
  }

  /** The pattern as written. */
  String source() {
    return source;
  }

  /** The escape character, or null. */
  String escape() {
    return escape;
  }

  Shape shape() {
    return shape;
  }

  /** The literal characters before the first wildcard (the whole text for an exact pattern). */
  String prefix() {
    return prefix;
  }

  /** Whether the string matches. */
  boolean matches(String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    return matches(bytes, 0, bytes.length);
  }

  /** Whether the UTF-8 bytes {@code data[from, to)} match. */
  boolean matches(byte[] data, int from, int to) {
    int len = to - from;
    switch (shape) {
      case EXACT:
        return Arrays.equals(data, from, to, literal, 0, literal.length);
      case PREFIX:
        return len >= literal.length
            && Arrays.equals(data, from, from + literal.length, literal, 0, literal.length);
      case SUFFIX:
        return len >= literal.length
            && Arrays.equals(data, to - literal.length, to, literal, 0, literal.length);
      case CONTAINS:
        return indexOf(data, from, to) >= 0;
      default:
        return matchGeneral(data, from, to);
    }
  }

  private int indexOf(byte[] data, int from, int to) {
    int n = literal.length;
    if (n == 0) {
      return from;
    }
    byte first = literal[0];
    for (int i = from; i <= to - n; i++) {
      if (data[i] == first && Arrays.equals(data, i, i + n, literal, 0, n)) {
        return i;
      }
    }
    return -1;
  }

  private boolean matchGeneral(byte[] data, int from, int to) {
    int p = 0;
    int s = from;
    int starP = -1;
    int starS = -1;
    int m = elements.length;
    while (s < to) {
      int e = p < m ? elements[p] : Integer.MIN_VALUE;
      if (e == ANY_ONE) {
        s = Math.min(to, s + utf8Length(data[s]));
        p++;
      } else if (e >= 0 && e == (data[s] & 0xFF)) {
        s++;
        p++;
      } else if (e == ANY_SEQUENCE) {
        starP = p++;
        starS = s;
      } else if (starP >= 0) {
        p = starP + 1;
        starS = Math.min(to, starS + utf8Length(data[starS]));
        s = starS;
      } else {
        return false;
      }
    }
    while (p < m && elements[p] == ANY_SEQUENCE) {
      p++;
    }
    return p == m;
  }

  /** The byte length of the UTF-8 sequence a lead byte starts (1 for stray continuation bytes). */
  private static int utf8Length(byte lead) {
    int b = lead & 0xFF;
    if (b < 0xC0) {
      return 1;
    }
    if (b < 0xE0) {
      return 2;
    }
    return b < 0xF0 ? 3 : 4;
  }

  private byte[] literalBytes(int from, int to) {
    byte[] bytes = new byte[to - from];
    for (int i = from; i < to; i++) {
      bytes[i - from] = (byte) elements[i];
    }
    return bytes;
  }

  @Override
  public String toString() {
    String quoted = "'" + source.replace("'", "''") + "'";
    return escape == null ? quoted : quoted + " ESCAPE '" + escape.replace("'", "''") + "'";
  }

  /** A growable int array. */
  private static final class IntList {
    private int[] values = new int[16];
    private int size;

    void add(int v) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = v;
    }

    int last() {
      return values[size - 1];
    }

    int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
