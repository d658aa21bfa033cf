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
package io.paimon.row;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Assembles {@code .row} files from raw parts, independently of the main code, so tests can produce
 * precisely malformed files: blocks (raw, re-compressed with zstd-jni, or given as frames), the
 * three index sections and every footer field can each be overridden. Also parses a valid file back
 * into its parts. Not thread-safe.
 *
 * <pre>
 * blocks | varint len + zigzag deltas (x3) | footer: rows i64, blocks i32, index offset i64,
 *                                            index length i32, version i8, 3 reserved, magic i32
 * </pre>
 */
final class RowFileBuilder {

  static final int MAGIC = 0x524F5753;
  static final int FOOTER_SIZE = 32;

  private final List<byte[]> frames = new ArrayList<>();
  private final List<Long> uncompressed = new ArrayList<>();
  private final List<Long> rows = new ArrayList<>();
  private long[] compressedSizes;
  private long[] uncompressedSizes;
  private long[] rowStarts;
  private byte[] rawIndex;
  private Long rowCount;
  private Integer blockCount;
  private Long indexOffset;
  private Integer indexLength;
  private int version = 1;
  private final byte[] reserved = new byte[3];
  private int magic = MAGIC;

  /** A builder holding the given uncompressed blocks, each re-compressed. */
  static RowFileBuilder ofRawBlocks(List<byte[]> rawBlocks) {
    RowFileBuilder b = new RowFileBuilder();
    for (byte[] raw : rawBlocks) {
      b.rawBlock(raw);
    }
    return b;
  }

  /** Appends an uncompressed block; its row count is read from its trailer. */
  RowFileBuilder rawBlock(byte[] raw) {
    int count = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).getInt(raw.length - 4);
    return frame(compress(raw), raw.length, count);
  }

  /** Appends a block as given: any bytes, with the sizes the index will declare for it. */
  RowFileBuilder frame(byte[] frame, long uncompressedSize, long blockRows) {
    frames.add(frame);
    uncompressed.add(uncompressedSize);
    rows.add(blockRows);
    return this;
  }

  RowFileBuilder compressedSizes(long... sizes) {
    this.compressedSizes = sizes;
    return this;
  }

  RowFileBuilder uncompressedSizes(long... sizes) {
    this.uncompressedSizes = sizes;
    return this;
  }

  RowFileBuilder rowStarts(long... starts) {
    this.rowStarts = starts;
    return this;
  }

  /** Replaces the whole index with these bytes (the footer's offset and length follow it). */
  RowFileBuilder rawIndex(byte[] index) {
    this.rawIndex = index;
    return this;
  }

  RowFileBuilder rowCount(long count) {
    this.rowCount = count;
    return this;
  }

  RowFileBuilder blockCount(int count) {
    this.blockCount = count;
    return this;
  }

  RowFileBuilder indexOffset(long offset) {
    this.indexOffset = offset;
    return this;
  }

  RowFileBuilder indexLength(int length) {
    this.indexLength = length;
    return this;
  }

  RowFileBuilder version(int v) {
    this.version = v;
    return this;
  }

  RowFileBuilder reserved(int i, int value) {
    reserved[i] = (byte) value;
    return this;
  }

  RowFileBuilder magic(int m) {
    this.magic = m;
    return this;
  }

  /** Where block {@code b} starts in the built file. */
  long blockOffset(int b) {
    long offset = 0;
    for (int i = 0; i < b; i++) {
      offset += frames.get(i).length;
    }
    return offset;
  }

  /** The size of the data region (all blocks), which is where the index starts. */
  long dataSize() {
    return blockOffset(frames.size());
  }

  byte[] index() {
    if (rawIndex != null) {
      return rawIndex;
    }
    int n = frames.size();
    long[] c = new long[n];
    long[] u = new long[n];
    long[] s = new long[n];
    long start = 0;
    for (int b = 0; b < n; b++) {
      c[b] = frames.get(b).length;
      u[b] = uncompressed.get(b);
      s[b] = start;
      start += rows.get(b);
    }
    return concat(
        section(compressedSizes != null ? compressedSizes : c),
        section(uncompressedSizes != null ? uncompressedSizes : u),
        section(rowStarts != null ? rowStarts : s));
  }

  byte[] build() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] f : frames) {
      out.writeBytes(f);
    }
    byte[] index = index();
    out.writeBytes(index);
    long totalRows = rows.stream().mapToLong(Long::longValue).sum();
    ByteBuffer footer = ByteBuffer.allocate(FOOTER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    footer.putLong(rowCount != null ? rowCount : totalRows);
    footer.putInt(blockCount != null ? blockCount : frames.size());
    footer.putLong(indexOffset != null ? indexOffset : dataSize());
    footer.putInt(indexLength != null ? indexLength : index.length);
    footer.put((byte) version);
    footer.put(reserved);
    footer.putInt(magic);
    out.writeBytes(footer.array());
    return out.toByteArray();
  }

  // ---- static helpers ----

  /** One zstd frame at level 1. */
  static byte[] compress(byte[] raw) {
    return Zstd.compress(raw, 1);
  }

  /** An uncompressed block of the given rows: the rows, their int32 offsets and the count. */
  static byte[] block(byte[]... rowBytes) {
    ByteArrayOutputStream region = new ByteArrayOutputStream();
    int[] offsets = new int[rowBytes.length];
    for (int i = 0; i < rowBytes.length; i++) {
      offsets[i] = region.size();
      region.writeBytes(rowBytes[i]);
    }
    return block(region.toByteArray(), offsets, rowBytes.length);
  }

  /** An uncompressed block with a trailer exactly as given. */
  static byte[] block(byte[] rowRegion, int[] offsets, int count) {
    ByteBuffer b =
        ByteBuffer.allocate(rowRegion.length + 4 * offsets.length + 4)
            .order(ByteOrder.LITTLE_ENDIAN);
    b.put(rowRegion);
    for (int o : offsets) {
      b.putInt(o);
    }
    b.putInt(count);
    return b.array();
  }

  /** An unsigned LEB128 varint. */
  static byte[] varint(long v) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while ((v & ~0x7FL) != 0) {
      out.write((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.write((int) v);
    return out.toByteArray();
  }

  /** An index section: varint payload length, then zigzag-LEB128 deltas from 0. */
  static byte[] section(long... values) {
    ByteArrayOutputStream payload = new ByteArrayOutputStream();
    long prev = 0;
    for (long v : values) {
      long delta = v - prev;
      payload.writeBytes(varint((delta << 1) ^ (delta >> 63)));
      prev = v;
    }
    return concat(varint(payload.size()), payload.toByteArray());
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  static byte[] littleEndianLong(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  /** The parts of a valid file, decoded without the main code. */
  record Parts(
      long rowCount, long indexOffset, long[] compressed, long[] uncompressed, long[] rowStarts) {

    long blockOffset(int b) {
      long offset = 0;
      for (int i = 0; i < b; i++) {
        offset += compressed[i];
      }
      return offset;
    }

    /** The decompressed blocks of {@code file}. */
    List<byte[]> rawBlocks(byte[] file) {
      List<byte[]> blocks = new ArrayList<>();
      for (int b = 0; b < compressed.length; b++) {
        int from = (int) blockOffset(b);
        byte[] frame = Arrays.copyOfRange(file, from, from + (int) compressed[b]);
        blocks.add(Zstd.decompress(frame, (int) uncompressed[b]));
      }
      return blocks;
    }
  }

  /** Decodes the footer and index of a valid file. */
  static Parts parse(byte[] file) {
    ByteBuffer footer =
        ByteBuffer.wrap(file, file.length - FOOTER_SIZE, FOOTER_SIZE)
            .order(ByteOrder.LITTLE_ENDIAN);
    long rowCount = footer.getLong();
    footer.getInt();
    long indexOffset = footer.getLong();
    int pos = (int) indexOffset;
    long[][] sections = new long[3][];
    for (int s = 0; s < 3; s++) {
      long[] len = readVarint(file, pos);
      pos = (int) len[1];
      int end = pos + (int) len[0];
      List<Long> values = new ArrayList<>();
      long prev = 0;
      while (pos < end) {
        long[] raw = readVarint(file, pos);
        pos = (int) raw[1];
        prev += (raw[0] >>> 1) ^ -(raw[0] & 1);
        values.add(prev);
      }
      sections[s] = values.stream().mapToLong(Long::longValue).toArray();
    }
    return new Parts(rowCount, indexOffset, sections[0], sections[1], sections[2]);
  }

  private static long[] readVarint(byte[] buf, int pos) {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = buf[pos++];
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return new long[] {v, pos};
      }
    }
  }
}
