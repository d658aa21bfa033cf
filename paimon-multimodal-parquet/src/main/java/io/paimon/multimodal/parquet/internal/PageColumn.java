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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;

/**
 * Decodes a flat parquet column chunk (no repetition, at most one optional level) page by page
 * straight into Arrow buffers: definition levels and dictionary ids in runs, PLAIN fixed-width
 * values copied in bulk when a run has no nulls, no value object per row. Used when every page of
 * the chunk is PLAIN or dictionary encoded ({@link #decodes}); other chunks go through
 * parquet-java's column reader. Every count and length read from a page is checked against the
 * page's bytes, so malformed input throws {@link IllegalStateException} (the caller names the
 * file), never reads outside a page or allocates beyond it. One per column per reader; not
 * thread-safe.
 */
// PLAIN_DICTIONARY and BIT_PACKED are deprecated for writers, yet files still hold them; and
// BytesInput.toByteBuffer(), whose replacement copies into an allocator's buffer.
@SuppressWarnings("deprecation")
final class PageColumn {

  static final VarHandle NATIVE_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  enum Target {
    BOOLEAN,
    INT32,
    INT8,
    INT16,
    DECIMAL32,
    INT64,
    DECIMAL64,
    FLOAT,
    DOUBLE,
    BINARY
  }

  private final ColumnDescriptor descriptor;
  private final Target target;
  private final int maxDefinition;

  /** INT64 timestamps: multiply by {@code scaleUp}, then floor-divide by {@code scaleDown}. */
  private final long scaleUp;

  private final long scaleDown;

  private PageReader pages;
  private PageDictionary dictionary;

  private int remaining;
  private byte[] data;
  private ByteBuffer view;
  private int pos;
  private int end;
  private boolean dictionaryEncoded;
  private boolean rleBooleans;
  private int bitOffset;
  private final RleDecoder levels = new RleDecoder();
  private final RleDecoder ids = new RleDecoder();
  private int[] defs = new int[1024];
  private int[] scratch = new int[1024];

  PageColumn(ColumnDescriptor descriptor, Target target, long scaleUp, long scaleDown) {
    this.descriptor = descriptor;
    this.target = target;
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.scaleUp = scaleUp;
    this.scaleDown = scaleDown;
  }

  ColumnDescriptor descriptor() {
    return descriptor;
  }

  /** Starts on a row group's pages of this column, reading its dictionary if it has one. */
  void open(PageReader pages) throws IOException {
    this.pages = pages;
    this.remaining = 0;
    DictionaryPage dict = pages.readDictionaryPage();
    this.dictionary =
        dict == null
            ? null
            : PageDictionary.read(dict, descriptor.getPrimitiveType().getPrimitiveTypeName());
  }

  static void checkRoom(int length, long from, long need, String what) {
    if (from < 0 || need < 0 || from + need > length) {
      throw new IllegalStateException(
          what + " needs " + need + " bytes at " + from + " of its " + length);
    }
  }

  private void nextPage() throws IOException {
    DataPage page = pages.readPage();
    if (page == null) {
      throw new IllegalStateException("column chunk ends before its rows do");
    }
    int values = page.getValueCount();
    if (values < 0) {
      throw new IllegalStateException("page of " + values + " values");
    }
    Encoding valueEncoding;
    if (page instanceof DataPageV1 v1) {
      load(v1.getBytes());
      if (maxDefinition > 0) {
        if (v1.getDlEncoding() != Encoding.RLE) {
          throw new IllegalStateException(
              "definition levels in " + v1.getDlEncoding() + ", which this reader does not read");
        }
        int length = readIntLe(data, pos, end);
        checkRoom(end, pos + 4, length, "definition levels");
        levels.reset(data, pos + 4, pos + 4 + length, 1);
        pos += 4 + length;
      }
      valueEncoding = v1.getValueEncoding();
    } else {
      DataPageV2 v2 = (DataPageV2) page;
      if (v2.isCompressed()) {
        throw new IllegalStateException("a V2 page reached the decoder compressed");
      }
      if (maxDefinition > 0) {
        load(v2.getDefinitionLevels());
        levels.reset(data, pos, end, 1);
      }
      load(v2.getData());
      valueEncoding = v2.getDataEncoding();
    }
    view = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    rleBooleans = false;
    bitOffset = 0;
    switch (valueEncoding) {
      case PLAIN:
        dictionaryEncoded = false;
        break;
      case PLAIN_DICTIONARY:
      case RLE_DICTIONARY:
        if (dictionary == null) {
          throw new IllegalStateException("dictionary-encoded page without a dictionary");
        }
        dictionaryEncoded = true;
        checkRoom(end, pos, 1, "dictionary ids");
        ids.reset(data, pos + 1, end, data[pos] & 0xFF);
        break;
      case RLE:
        if (target != Target.BOOLEAN) {
          throw new IllegalStateException("RLE values in a column that is not BOOLEAN");
        }
        dictionaryEncoded = false;
        rleBooleans = true;
        int length = readIntLe(data, pos, end);
        checkRoom(end, pos + 4, length, "RLE booleans");
        ids.reset(data, pos + 4, pos + 4 + length, 1);
        break;
      default:
        throw new IllegalStateException("values in " + valueEncoding + ", not read here");
    }
    remaining = values;
  }

  /**
   * Points {@code data}, {@code pos} and {@code end} at the bytes of {@code in}: the array a
   * decompressed page already is, or a copy of bytes held elsewhere (walked by offset either way).
   */
  private void load(BytesInput in) throws IOException {
    ByteBuffer b = in.toByteBuffer();
    if (b.hasArray()) {
      data = b.array();
      pos = b.arrayOffset() + b.position();
      end = pos + b.remaining();
    } else {
      data = new byte[b.remaining()];
      b.duplicate().get(data);
      pos = 0;
      end = data.length;
    }
  }

  private static int readIntLe(byte[] b, int p, int end) {
    checkRoom(end, p, 4, "a length");
    return (b[p] & 0xFF)
        | (b[p + 1] & 0xFF) << 8
        | (b[p + 2] & 0xFF) << 16
        | (b[p + 3] & 0xFF) << 24;
  }

  /** Decodes the next {@code n} rows into {@code vector} at {@code at..at+n-1}. */
  void read(FieldVector vector, int at, int n) throws IOException {
    while (n > 0) {
      if (remaining == 0) {
        nextPage();
        continue;
      }
      int m = Math.min(n, Math.min(remaining, 1 << 16));
      int defined;
      boolean dense;
      if (maxDefinition == 0) {
        defined = m;
        dense = true;
      } else {
        if (defs.length < m) {
          defs = new int[Math.max(m, 2 * defs.length)];
        }
        levels.read(defs, 0, m);
        defined = 0;
        for (int i = 0; i < m; i++) {
          defined += defs[i];
        }
        dense = defined == m;
      }
      decode(vector, at, m, defined, dense);
      remaining -= m;
      at += m;
      n -= m;
    }
  }

  /** Skips the next {@code n} rows. */
  void skip(int n) throws IOException {
    while (n > 0) {
      if (remaining == 0) {
        nextPage();
        continue;
      }
      int m = Math.min(n, remaining);
      int defined = maxDefinition == 0 ? m : levels.countEqual(1, m);
      skipValues(defined);
      remaining -= m;
      n -= m;
    }
  }

  private void skipValues(int k) {
    if (dictionaryEncoded || rleBooleans) {
      ids.skip(k);
      return;
    }
    switch (target) {
      case BOOLEAN:
        {
          long bits = (long) bitOffset + k;
          checkRoom(end, pos, (bits + 7) / 8, "BOOLEAN values");
          pos += (int) (bits / 8);
          bitOffset = (int) (bits % 8);
          break;
        }
      case BINARY:
        for (int i = 0; i < k; i++) {
          int len = readIntLe(data, pos, end);
          checkRoom(end, pos + 4, len, "a value");
          pos += 4 + len;
        }
        break;
      default:
        {
          long bytes = (long) k * width();
          checkRoom(end, pos, bytes, "values");
          pos += (int) bytes;
        }
    }
  }

  private int width() {
    switch (target) {
      case INT64:
      case DECIMAL64:
      case DOUBLE:
        return 8;
      default:
        return 4;
    }
  }

  private void decode(FieldVector vector, int at, int m, int defined, boolean dense) {
    ensureCapacity(vector, at + m);
    if (target == Target.BINARY) {
      decodeBinary((BaseVariableWidthVector) vector, at, m, defined, dense);
      return;
    }
    if (target == Target.BOOLEAN) {
      decodeBooleans((BitVector) vector, at, m, defined, dense);
      return;
    }
    BaseFixedWidthVector fixed = (BaseFixedWidthVector) vector;
    ArrowBuf out = fixed.getDataBuffer();
    boolean copy =
        dense
            && !dictionaryEncoded
            && scaleUp == 1
            && scaleDown == 1
            && (target == Target.INT32
                || target == Target.INT64
                || target == Target.FLOAT
                || target == Target.DOUBLE);
    if (copy) {
      int w = width();
      long bytes = (long) m * w;
      checkRoom(end, pos, bytes, "values");
      out.setBytes((long) at * w, data, pos, bytes);
      pos += (int) bytes;
      setValid(fixed.getValidityBuffer(), at, m);
      return;
    }
    // Values of the run, densely, as int bits (4-byte types) or long bits (8-byte types).
    boolean wide = width() == 8;
    long[] longs = wide ? longScratch(defined) : null;
    int[] ints = wide ? null : intScratch(defined);
    if (dictionaryEncoded) {
      int[] idx = intScratch2(defined);
      ids.read(idx, 0, defined);
      for (int j = 0; j < defined; j++) {
        if (wide) {
          longs[j] = dictionary.longAt(idx[j]);
        } else {
          ints[j] = dictionary.intAt(idx[j]);
        }
      }
    } else {
      long bytes = (long) defined * width();
      checkRoom(end, pos, bytes, "values");
      for (int j = 0; j < defined; j++) {
        if (wide) {
          longs[j] = view.getLong(pos + j * 8);
        } else {
          ints[j] = view.getInt(pos + j * 4);
        }
      }
      pos += (int) bytes;
    }
    ArrowBuf validity = fixed.getValidityBuffer();
    int j = 0;
    for (int i = 0; i < m; i++) {
      if (!dense && defs[i] == 0) {
        continue;
      }
      int index = at + i;
      switch (target) {
        case INT32:
        case FLOAT:
          out.setInt((long) index * 4, ints[j]);
          break;
        case INT8:
          out.setByte(index, (byte) ints[j]);
          break;
        case INT16:
          out.setShort((long) index * 2, (short) ints[j]);
          break;
        case DECIMAL32:
          ((DecimalVector) vector).set(index, (long) ints[j]);
          break;
        case DECIMAL64:
          ((DecimalVector) vector).set(index, longs[j]);
          break;
        case INT64:
        case DOUBLE:
          {
            long v = longs[j];
            if (scaleUp != 1) {
              v = Math.multiplyExact(v, scaleUp);
            } else if (scaleDown != 1) {
              v = Math.floorDiv(v, scaleDown);
            }
            out.setLong((long) index * 8, v);
            break;
          }
        default:
          throw new AssertionError(target);
      }
      BitVectorHelper.setBit(validity, index);
      j++;
    }
  }

  private void decodeBooleans(BitVector vector, int at, int m, int defined, boolean dense) {
    int[] values = intScratch(defined);
    if (rleBooleans) {
      ids.read(values, 0, defined);
    } else {
      long bits = (long) bitOffset + defined;
      checkRoom(end, pos, (bits + 7) / 8, "BOOLEAN values");
      for (int j = 0; j < defined; j++) {
        values[j] = (data[pos] >>> bitOffset) & 1;
        if (++bitOffset == 8) {
          bitOffset = 0;
          pos++;
        }
      }
    }
    int j = 0;
    for (int i = 0; i < m; i++) {
      if (dense || defs[i] != 0) {
        vector.set(at + i, values[j++]);
      }
    }
  }

  /**
   * Strings and binaries: offsets and bytes are written straight into the vector's buffers (the
   * rows of a run are contiguous), growing the data buffer as values need.
   */
  private void decodeBinary(
      BaseVariableWidthVector vector, int at, int m, int defined, boolean dense) {
    int[] idx = null;
    if (dictionaryEncoded) {
      idx = intScratch2(defined);
      ids.read(idx, 0, defined);
    }
    if (vector.getLastSet() < at - 1) {
      vector.fillEmpties(at);
    }
    if (idx != null && dense) {
      DictionaryStrings.decodeRun(vector, at, m, idx, dictionary);
      return;
    }
    // Capacity is ensured before every write, so values go in through raw addresses rather than
    // ArrowBuf's checked setters, which cost more than copying a short string.
    long offsets = vector.getOffsetBuffer().memoryAddress();
    long validity = vector.getValidityBuffer().memoryAddress();
    ArrowBuf bytes = vector.getDataBuffer();
    long capacity = bytes.capacity();
    long address = bytes.memoryAddress();
    int cur = MemoryUtil.getInt(offsets + (long) at * BaseVariableWidthVector.OFFSET_WIDTH);
    int j = 0;
    for (int i = 0; i < m; i++) {
      int index = at + i;
      if (dense || defs[i] != 0) {
        byte[] src;
        int from;
        int len;
        if (idx != null) {
          src = dictionary.bytes();
          from = dictionary.start(idx[j]);
          len = dictionary.length(idx[j]);
        } else {
          len = readIntLe(data, pos, end);
          if (len < 0 || len > end - pos - 4) {
            throw new IllegalStateException(
                "a value of " + len + " bytes at " + pos + " of a page of " + end);
          }
          src = data;
          from = pos + 4;
          pos += 4 + len;
        }
        // Short values are copied as two longs: cheaper than a bulk copy's checks, when the
        // source has 16 bytes from the value's start and the buffer room for them.
        boolean wide = len <= 16 && from + 16 <= src.length;
        long need = (long) cur + (wide ? 16 : len);
        if (need > capacity) {
          if (need > Integer.MAX_VALUE) {
            throw new IllegalStateException("a batch of more than 2 GiB of values");
          }
          while (vector.getDataBuffer().capacity() < need) {
            vector.reallocDataBuffer();
          }
          bytes = vector.getDataBuffer();
          capacity = bytes.capacity();
          address = bytes.memoryAddress();
        }
        if (wide) {
          MemoryUtil.putLong(address + cur, (long) NATIVE_LONGS.get(src, from));
          MemoryUtil.putLong(address + cur + 8, (long) NATIVE_LONGS.get(src, from + 8));
        } else {
          MemoryUtil.copyToMemory(src, from, address + cur, len);
        }
        cur += len;
        long bit = validity + (index >>> 3);
        MemoryUtil.putByte(bit, (byte) (MemoryUtil.getByte(bit) | (1 << (index & 7))));
        j++;
      }
      MemoryUtil.putInt(offsets + (long) (index + 1) * BaseVariableWidthVector.OFFSET_WIDTH, cur);
    }
    vector.setLastSet(at + m - 1);
  }

  private static void ensureCapacity(FieldVector vector, int rows) {
    while (vector.getValueCapacity() < rows) {
      vector.reAlloc();
    }
  }

  /** Marks {@code n} slots from {@code from} valid, a byte at a time where whole bytes are set. */
  static void setValid(ArrowBuf validity, int from, int n) {
    int i = from;
    int to = from + n;
    while (i < to && (i & 7) != 0) {
      BitVectorHelper.setBit(validity, i++);
    }
    while (i + 8 <= to) {
      validity.setByte(i >>> 3, 0xFF);
      i += 8;
    }
    while (i < to) {
      BitVectorHelper.setBit(validity, i++);
    }
  }

  private long[] longs = new long[1024];

  private long[] longScratch(int n) {
    if (longs.length < n) {
      longs = new long[Math.max(n, 2 * longs.length)];
    }
    return longs;
  }

  private int[] intScratch(int n) {
    if (scratch.length < n) {
      scratch = new int[Math.max(n, 2 * scratch.length)];
    }
    return scratch;
  }

  private int[] ids2 = new int[1024];

  private int[] intScratch2(int n) {
    if (ids2.length < n) {
      ids2 = new int[Math.max(n, 2 * ids2.length)];
    }
    return ids2;
  }
}
