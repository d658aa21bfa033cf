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
package io.paimon.row.internal;

import io.paimon.row.RowFormatException;
import io.paimon.types.DataTypeRoot;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * MAP&lt;K, V&gt; and MULTISET&lt;T&gt; from an Arrow list of entry structs (key first, value
 * second): keys, then values, as {@link NestedCodecs.MapCodec} writes them.
 *
 * <p>Arrow does not enforce unique map keys, but the Java value model is a {@code Map}: a row with
 * a repeated key holds it once, at its first position, with the last value given for it (as a
 * {@code LinkedHashMap} built from the entries would), and the codec's reader rejects a file that
 * repeats a key. So entries whose keys encode to the same bytes are merged the same way here; FLOAT
 * and DOUBLE keys compare as {@link Float#equals} does (every NaN alike), and BINARY and VECTOR
 * keys, which Java compares by identity, never repeat. Not thread-safe: it keeps scratch space.
 */
final class ArrowMapEncoder extends ArrowEncoder {

  private final ArrowEncoder key;
  private final ArrowEncoder value;
  private final boolean keyNullable;
  private final boolean valueNullable;

  /** Whether two keys can be equal; false for keys of a type Java compares by identity. */
  private final boolean keysCanRepeat;

  /** 4 or 8 for FLOAT or DOUBLE keys, compared with NaN canonicalised; 0 otherwise. */
  private final int floatingWidth;

  private final ByteSink keyBytes = new ByteSink(256);
  private int[] keyStart = new int[16];
  private boolean[] keyNull = new boolean[16];

  /** For each distinct key, in order of first appearance: its entry, and its last entry. */
  private int[] first = new int[16];

  private int[] last = new int[16];

  /** Open addressing over distinct keys: index into {@link #first} plus one, 0 when empty. */
  private int[] table = new int[32];

  private ArrowMapEncoder(
      String path,
      ListVector vector,
      ArrowEncoder key,
      ArrowEncoder value,
      boolean keyNullable,
      boolean valueNullable,
      DataTypeRoot keyRoot) {
    super(path, vector);
    this.key = key;
    this.value = value;
    this.keyNullable = keyNullable;
    this.valueNullable = valueNullable;
    switch (keyRoot) {
      case BINARY:
      case VARBINARY:
      case BLOB:
      case VECTOR:
        keysCanRepeat = false;
        break;
      default:
        keysCanRepeat = true;
    }
    floatingWidth = keyRoot == DataTypeRoot.FLOAT ? 4 : keyRoot == DataTypeRoot.DOUBLE ? 8 : 0;
  }

  static ArrowMapEncoder create(NestedCodecs.MapCodec codec, ListVector vector) {
    List<FieldVector> kv = ((StructVector) vector.getDataVector()).getChildrenFromFields();
    return new ArrowMapEncoder(
        codec.path,
        vector,
        ArrowEncoder.create(codec.key(), kv.get(0)),
        ArrowEncoder.create(codec.value(), kv.get(1)),
        codec.key().type.isNullable(),
        codec.value().type.isNullable(),
        codec.key().type.root());
  }

  @Override
  void encode(ByteSink out, int index) throws RowFormatException {
    long range = offsets(index);
    int start = (int) (range >> 32);
    int size = (int) range - start;
    if (size < 2 || !keysCanRepeat) {
      encodeElements(out, key, keyNullable, start, size);
      encodeElements(out, value, valueNullable, start, size);
      return;
    }
    int distinct = distinctKeys(start, size);
    out.writeVarint(distinct);
    int bitmap = out.reserveZeros((distinct + 7) >>> 3);
    for (int d = 0; d < distinct; d++) {
      int e = first[d];
      if (keyNull[e]) {
        if (!keyNullable) {
          throw new IllegalArgumentException(
              "field '" + key.path + "' is NOT NULL but element " + d + " is null");
        }
        out.setBit(bitmap, d);
      } else {
        out.writeBytes(keyBytes.buffer(), keyStart[e], keyStart[e + 1] - keyStart[e]);
      }
    }
    out.writeVarint(distinct);
    bitmap = out.reserveZeros((distinct + 7) >>> 3);
    for (int d = 0; d < distinct; d++) {
      int e = start + last[d];
      if (value.isNull(e)) {
        if (!valueNullable) {
          throw new IllegalArgumentException(
              "field '" + value.path + "' is NOT NULL but element " + d + " is null");
        }
        out.setBit(bitmap, d);
      } else {
        encode(value, out, e);
      }
    }
  }

  /**
   * Encodes the keys of entries {@code start..start+size} into {@link #keyBytes} and fills {@link
   * #first} and {@link #last}; returns the number of distinct keys.
   */
  private int distinctKeys(int start, int size) throws RowFormatException {
    if (keyStart.length < size + 1) {
      keyStart = new int[size + 1];
      keyNull = new boolean[size];
      first = new int[size];
      last = new int[size];
    }
    int slots = Integer.highestOneBit(Math.max(4, size) * 2 - 1) << 1;
    if (table.length < slots) {
      table = new int[slots];
    } else {
      Arrays.fill(table, 0, slots, 0);
    }
    int mask = slots - 1;
    keyBytes.position(0);
    int distinct = 0;
    for (int e = 0; e < size; e++) {
      keyStart[e] = keyBytes.position();
      keyNull[e] = key.isNull(start + e);
      if (!keyNull[e]) {
        encode(key, keyBytes, start + e);
      }
      keyStart[e + 1] = keyBytes.position();
      int slot = hash(e) & mask;
      while (true) {
        int d = table[slot] - 1;
        if (d < 0) {
          table[slot] = distinct + 1;
          first[distinct] = e;
          last[distinct] = e;
          distinct++;
          break;
        }
        if (sameKey(first[d], e)) {
          last[d] = e;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
    return distinct;
  }

  private int hash(int e) {
    if (keyNull[e]) {
      return 0;
    }
    byte[] b = keyBytes.buffer();
    int from = keyStart[e];
    int to = keyStart[e + 1];
    if (floatingWidth > 0) {
      return Long.hashCode(canonical(b, from)) * 0x9E3779B9;
    }
    int h = 1;
    for (int i = from; i < to; i++) {
      h = 31 * h + b[i];
    }
    return h * 0x9E3779B9;
  }

  private boolean sameKey(int a, int b) {
    if (keyNull[a] || keyNull[b]) {
      return keyNull[a] && keyNull[b];
    }
    byte[] buf = keyBytes.buffer();
    if (floatingWidth > 0) {
      return canonical(buf, keyStart[a]) == canonical(buf, keyStart[b]);
    }
    return Arrays.equals(buf, keyStart[a], keyStart[a + 1], buf, keyStart[b], keyStart[b + 1]);
  }

  /** The bits of an encoded FLOAT or DOUBLE key as {@code equals} compares them. */
  private long canonical(byte[] b, int at) {
    long raw = 0;
    for (int i = floatingWidth - 1; i >= 0; i--) {
      raw = (raw << 8) | (b[at + i] & 0xFF);
    }
    return floatingWidth == 4
        ? Float.floatToIntBits(Float.intBitsToFloat((int) raw))
        : Double.doubleToLongBits(Double.longBitsToDouble(raw));
  }
}
