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
package io.paimon.multimodal.internal.paimon;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads and writes Paimon's deletion-vectors index files (spec §12, index type {@code
 * DELETION_VECTORS}): for each data file, the positions of its deleted rows.
 *
 * <pre>
 * file    = version: byte 0x01 | vector*
 * vector  = length: int32 BE | magic | bitmap | crc: int32 BE   (CRC32 of magic + bitmap)
 *
 * 32-bit (Paimon's default):  magic 1581511376 as int32 BE; bitmap = a portable 32-bit
 *     RoaringBitmap; length = 4 + bitmap bytes; the range's f2 = length
 * 64-bit (deletion-vectors.bitmap64): magic 1681511377 as int32 LE; bitmap = int64 LE count, then
 *     count x (key: int32 LE, portable 32-bit RoaringBitmap of the low 32 bits), keys ascending;
 *     length = 4 + bitmap bytes; the range's f2 = length + 8 (the whole vector)
 * </pre>
 *
 * <p>Each vector starts at its range's offset ({@code f1}). Readers check the version byte, that
 * every vector lies inside the file, the length against the range, the magic, the CRC (which Paimon
 * itself does not), that the bitmap fills its bytes exactly, and the cardinality against the
 * range's when it is recorded. Positions must fit in a non-negative {@code int} (a {@link
 * RoaringBitmap} holds 32-bit positions, and Paimon's 32-bit vectors never exceed 2^31 - 1), so a
 * 64-bit vector holding a larger position is a {@link PaimonFormatException} too.
 *
 * <p>Stateless; safe to call from any thread, as long as no one modifies the bitmaps passed to
 * {@link #write} meanwhile.
 */
public final class DeletionVectors {

  /** The first byte of every deletion-vectors index file. */
  static final byte VERSION = 1;

  /** The magic of 32-bit vectors, written big-endian. */
  static final int MAGIC = 1581511376;

  /** The magic of 64-bit vectors, written little-endian. */
  static final int MAGIC_64 = 1681511377;

  // The sizes of a vector's fields around its bitmap.
  private static final int LENGTH_BYTES = 4;
  private static final int MAGIC_BYTES = 4;
  private static final int CRC_BYTES = 4;

  /**
   * The smallest bitmap: an empty 32-bit one is the no-run cookie and a count of zero, a 64-bit one
   * starts with its 8-byte count.
   */
  private static final int MIN_BITMAP_BYTES = 8;

  private DeletionVectors() {}

  /**
   * Reads the vectors {@code ranges} locate in {@code indexFile}.
   *
   * @param indexFile the whole index file
   * @param ranges the index manifest entry's {@code _DELETIONS_VECTORS_RANGES}
   * @param file the index file's name, for messages
   * @return data file name to the positions of its deleted rows, in the order of {@code ranges}; an
   *     unmodifiable map of new bitmaps the caller owns
   * @throws PaimonFormatException naming {@code file} and the data file if a vector is malformed,
   *     outside the file, disagrees with its range, or holds a position over 2^31 - 1, or if two
   *     ranges name the same data file
   */
  public static Map<String, RoaringBitmap> read(
      byte[] indexFile, List<DeletionVectorRange> ranges, String file)
      throws PaimonFormatException {
    requireNonNull(indexFile, "indexFile");
    requireNonNull(ranges, "ranges");
    if (indexFile.length < 1 || indexFile[0] != VERSION) {
      throw new PaimonFormatException(
          file
              + ": deletion-vectors version "
              + (indexFile.length < 1 ? "missing" : String.valueOf(indexFile[0]))
              + ", expected "
              + VERSION);
    }
    Map<String, RoaringBitmap> vectors = new LinkedHashMap<>();
    for (int i = 0; i < ranges.size(); i++) {
      DeletionVectorRange range = ranges.get(i);
      if (range == null || range.dataFileName() == null) {
        throw new PaimonFormatException(file + ": deletion vector range " + i + " has no file");
      }
      if (vectors.containsKey(range.dataFileName())) {
        throw new PaimonFormatException(
            file + ": two deletion vectors for " + range.dataFileName());
      }
      vectors.put(range.dataFileName(), vector(indexFile, range, file));
    }
    return Collections.unmodifiableMap(vectors);
  }

  /**
   * Serializes {@code vectors} as a 32-bit deletion-vectors index file that Paimon reads, and
   * appends one range per vector to {@code rangesOut}, in the map's iteration order (and nothing if
   * this throws). The bitmaps are not modified.
   *
   * @return the index file's bytes
   * @throws IllegalArgumentException if a bitmap holds a negative position (2^31 or more unsigned)
   *     or the file would exceed 2 GiB, the most Paimon's int offsets address
   * @throws NullPointerException if a name or bitmap is null
   */
  public static byte[] write(
      Map<String, RoaringBitmap> vectors, List<DeletionVectorRange> rangesOut) {
    requireNonNull(vectors, "vectors");
    requireNonNull(rangesOut, "rangesOut");
    List<DeletionVectorRange> ranges = new ArrayList<>(vectors.size());
    List<byte[]> frames = new ArrayList<>(vectors.size());
    long size = 1;
    for (Map.Entry<String, RoaringBitmap> e : vectors.entrySet()) {
      String name = requireNonNull(e.getKey(), "data file name");
      RoaringBitmap bitmap = requireNonNull(e.getValue(), () -> "bitmap of " + name).clone();
      if (!bitmap.isEmpty() && bitmap.last() < 0) {
        throw new IllegalArgumentException(
            name + ": position " + Integer.toUnsignedString(bitmap.last()) + " exceeds 2^31 - 1");
      }
      // Paimon run-length encodes before serializing too; on the clone, not the caller's bitmap.
      bitmap.runOptimize();
      byte[] frame = frame(bitmap);
      if (size + frame.length > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("deletion vectors exceed 2 GiB at " + name);
      }
      ranges.add(
          new DeletionVectorRange(
              name,
              (int) size,
              frame.length - LENGTH_BYTES - CRC_BYTES,
              bitmap.getLongCardinality()));
      frames.add(frame);
      size += frame.length;
    }
    byte[] out = new byte[(int) size];
    out[0] = VERSION;
    int pos = 1;
    for (byte[] frame : frames) {
      System.arraycopy(frame, 0, out, pos, frame.length);
      pos += frame.length;
    }
    rangesOut.addAll(ranges);
    return out;
  }

  private static byte[] frame(RoaringBitmap bitmap) {
    int bitmapBytes = bitmap.serializedSizeInBytes();
    int length = MAGIC_BYTES + bitmapBytes;
    ByteBuffer frame = ByteBuffer.allocate(LENGTH_BYTES + length + CRC_BYTES);
    frame.putInt(length).putInt(MAGIC);
    ByteBuffer serialized = ByteBuffer.allocate(bitmapBytes).order(ByteOrder.LITTLE_ENDIAN);
    bitmap.serialize(serialized);
    frame.put(serialized.array());
    frame.putInt(crc(frame.array(), LENGTH_BYTES, length));
    return frame.array();
  }

  private static RoaringBitmap vector(byte[] buf, DeletionVectorRange range, String file)
      throws PaimonFormatException {
    String where = file + ": deletion vector of " + range.dataFileName();
    long offset = range.offset();
    if (offset < 1 || buf.length - offset < LENGTH_BYTES + MAGIC_BYTES) {
      throw new PaimonFormatException(
          where + ": offset " + offset + " outside the file of " + buf.length + " bytes");
    }
    int length = bigEndianInt(buf, (int) offset);
    int magic = bigEndianInt(buf, (int) offset + LENGTH_BYTES);
    boolean wide;
    long expectedLength;
    if (magic == MAGIC) {
      wide = false;
      expectedLength = range.length();
    } else if (magic == Integer.reverseBytes(MAGIC_64)) {
      // Paimon records the whole 64-bit vector in the range, length field and CRC included.
      wide = true;
      expectedLength = (long) range.length() - LENGTH_BYTES - CRC_BYTES;
    } else {
      throw new PaimonFormatException(where + ": unknown magic " + magic + " at byte " + offset);
    }
    if (length != expectedLength) {
      throw new PaimonFormatException(
          where + ": length field " + length + ", expected " + expectedLength + " from its range");
    }
    if (length < MAGIC_BYTES + MIN_BITMAP_BYTES
        || (long) length + LENGTH_BYTES + CRC_BYTES > buf.length - offset) {
      throw new PaimonFormatException(
          where + ": " + length + " bytes at " + offset + " do not fit the file's " + buf.length);
    }
    int dataStart = (int) offset + LENGTH_BYTES;
    int bitmapEnd = dataStart + length;
    int stored = bigEndianInt(buf, bitmapEnd);
    int computed = crc(buf, dataStart, length);
    if (stored != computed) {
      throw new PaimonFormatException(
          where
              + ": CRC "
              + Integer.toHexString(stored)
              + " != computed "
              + Integer.toHexString(computed));
    }
    int bitmapStart = dataStart + MAGIC_BYTES;
    RoaringBitmap bitmap;
    if (wide) {
      bitmap = bitmap64(buf, bitmapStart, bitmapEnd, where);
    } else {
      PortableRoaring.Parsed parsed = PortableRoaring.parse(buf, bitmapStart, bitmapEnd, where);
      if (parsed.length() != bitmapEnd - bitmapStart) {
        throw new PaimonFormatException(
            where
                + ": "
                + (bitmapEnd - bitmapStart - parsed.length())
                + " bytes follow the bitmap");
      }
      bitmap = parsed.bitmap();
    }
    if (!bitmap.isEmpty() && bitmap.last() < 0) {
      throw new PaimonFormatException(
          where + ": position " + Integer.toUnsignedString(bitmap.last()) + " exceeds 2^31 - 1");
    }
    if (range.cardinality() != null && range.cardinality() != bitmap.getLongCardinality()) {
      throw new PaimonFormatException(
          where
              + ": holds "
              + bitmap.getLongCardinality()
              + " positions, its range says "
              + range.cardinality());
    }
    return bitmap;
  }

  /**
   * Paimon's 64-bit bitmap: a 32-bit bitmap per high half of the position. Only the bitmap of key 0
   * may hold positions; Paimon writes empty bitmaps for the keys below the largest.
   */
  private static RoaringBitmap bitmap64(byte[] buf, int start, int end, String where)
      throws PaimonFormatException {
    ByteBuffer in = ByteBuffer.wrap(buf, start, end - start).order(ByteOrder.LITTLE_ENDIAN);
    long count = in.getLong();
    // Each entry takes a 4-byte key and at least an empty 8-byte bitmap.
    if (count < 0 || count > in.remaining() / (4 + MIN_BITMAP_BYTES)) {
      throw new PaimonFormatException(where + ": 64-bit bitmap declares " + count + " bitmaps");
    }
    RoaringBitmap low = new RoaringBitmap();
    long lastKey = -1;
    for (long i = 0; i < count; i++) {
      if (in.remaining() < 4) {
        throw new PaimonFormatException(where + ": 64-bit bitmap truncated at key " + i);
      }
      int key = in.getInt();
      if (key <= lastKey) {
        throw new PaimonFormatException(where + ": 64-bit bitmap key " + key + " out of order");
      }
      PortableRoaring.Parsed parsed = PortableRoaring.parse(buf, in.position(), end, where);
      in.position(in.position() + parsed.length());
      if (!parsed.bitmap().isEmpty()) {
        if (key != 0) {
          throw new PaimonFormatException(
              where + ": position at or over 2^32 (key " + key + ") does not fit an int");
        }
        low = parsed.bitmap();
      }
      lastKey = key;
    }
    if (in.hasRemaining()) {
      throw new PaimonFormatException(
          where + ": " + in.remaining() + " bytes follow the 64-bit bitmap");
    }
    return low;
  }

  private static int bigEndianInt(byte[] buf, int pos) {
    return (buf[pos] & 0xFF) << 24
        | (buf[pos + 1] & 0xFF) << 16
        | (buf[pos + 2] & 0xFF) << 8
        | (buf[pos + 3] & 0xFF);
  }

  private static int crc(byte[] buf, int offset, int length) {
    CRC32 crc = new CRC32();
    crc.update(buf, offset, length);
    return (int) crc.getValue();
  }
}
