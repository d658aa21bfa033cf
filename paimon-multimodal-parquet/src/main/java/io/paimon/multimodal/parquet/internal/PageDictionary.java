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
package io.paimon.multimodal.parquet.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A column chunk's PLAIN-encoded dictionary page, decoded once: 4-byte values as ints (INT32 and
 * FLOAT bits), 8-byte values as longs (INT64 and DOUBLE bits), binaries as offsets into the page's
 * bytes. Its size is checked against the page's bytes before anything is allocated. Immutable.
 */
final class PageDictionary {

  /** Bytes after the last binary entry, so that {@link #bytes()} can be read 16 at a time. */
  static final int PAD = 16;

  private final int size;
  private final int[] ints;
  private final long[] longs;

  /** For binaries: where entry {@code i} starts, and (at {@code i + 1}) where the next's length. */
  private final int[] starts;

  private final int[] lengths;
  private final byte[] bytes;
  private final int longest;

  private PageDictionary(
      int size, int[] ints, long[] longs, int[] starts, int[] lengths, byte[] bytes) {
    this(size, ints, longs, starts, lengths, bytes, 0);
  }

  private PageDictionary(
      int size, int[] ints, long[] longs, int[] starts, int[] lengths, byte[] bytes, int longest) {
    this.size = size;
    this.ints = ints;
    this.longs = longs;
    this.starts = starts;
    this.lengths = lengths;
    this.bytes = bytes;
    this.longest = longest;
  }

  // The page's bytes are copied to an array once, as entries are found by offset.
  @SuppressWarnings("deprecation")
  static PageDictionary read(DictionaryPage page, PrimitiveTypeName physical) throws IOException {
    byte[] bytes = page.getBytes().toByteArray();
    int n = page.getDictionarySize();
    if (n < 0) {
      throw new IllegalStateException("dictionary of " + n + " entries");
    }
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    switch (physical) {
      case INT32:
      case FLOAT:
        {
          PageColumn.checkRoom(bytes.length, 0, (long) n * 4, "dictionary");
          int[] ints = new int[n];
          for (int i = 0; i < n; i++) {
            ints[i] = b.getInt(i * 4);
          }
          return new PageDictionary(n, ints, null, null, null, null);
        }
      case INT64:
      case DOUBLE:
        {
          PageColumn.checkRoom(bytes.length, 0, (long) n * 8, "dictionary");
          long[] longs = new long[n];
          for (int i = 0; i < n; i++) {
            longs[i] = b.getLong(i * 8);
          }
          return new PageDictionary(n, null, longs, null, null, null);
        }
      case BINARY:
        {
          PageColumn.checkRoom(bytes.length, 0, (long) n * 4, "dictionary");
          int[] starts = new int[n];
          int[] lengths = new int[n];
          int longest = 0;
          int p = 0;
          for (int i = 0; i < n; i++) {
            PageColumn.checkRoom(bytes.length, p, 4, "dictionary");
            int len = b.getInt(p);
            if (len < 0) {
              throw new IllegalStateException("dictionary entry " + i + " of length " + len);
            }
            PageColumn.checkRoom(bytes.length, p + 4, len, "dictionary");
            starts[i] = p + 4;
            lengths[i] = len;
            longest = Math.max(longest, len);
            p += 4 + len;
          }
          // Padded, so that short entries are copied as two longs read past their end.
          return new PageDictionary(
              n,
              null,
              null,
              starts,
              lengths,
              java.util.Arrays.copyOf(bytes, bytes.length + PAD),
              longest);
        }
      default:
        throw new IllegalStateException("a dictionary for a " + physical + " column");
    }
  }

  /** Checks a dictionary id read from a page. */
  int check(int id) {
    if (id < 0 || id >= size) {
      throw new IllegalStateException("dictionary id " + id + " of a dictionary of " + size);
    }
    return id;
  }

  int intAt(int id) {
    return ints[check(id)];
  }

  long longAt(int id) {
    return longs[check(id)];
  }

  /**
   * The bytes holding the binary entries; entry {@code id} is at {@link #start}, and at least
   * {@link #PAD} bytes follow every entry.
   */
  byte[] bytes() {
    return bytes;
  }

  int start(int id) {
    return starts[check(id)];
  }

  int length(int id) {
    return lengths[id];
  }

  /** The length of the longest binary entry. */
  int longest() {
    return longest;
  }

  /** Checks ids read from a page, {@code ids[0..n)}. */
  void checkAll(int[] ids, int n) {
    for (int i = 0; i < n; i++) {
      check(ids[i]);
    }
  }

  /** Where each binary entry starts in {@link #bytes()}, by id (ids checked first). */
  int[] starts() {
    return starts;
  }

  /** The length of each binary entry, by id. */
  int[] lengths() {
    return lengths;
  }
}
