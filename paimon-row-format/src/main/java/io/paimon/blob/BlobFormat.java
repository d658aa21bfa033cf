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
package io.paimon.blob;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32;

/**
 * Constants of Apache Paimon's {@code .blob} file layout (described in {@code
 * docs/blob-format.md}). One file holds one logical column ({@code BLOB}, {@code ARRAY<BLOB>} or
 * {@code MAP<K, BLOB>}), one entry per non-null row. Every integer is little-endian.
 *
 * <pre>
 * offset 0          entry 0 | entry 1 | ... | entry k-1      (non-null rows only, in row order)
 * dataLength        index: one zigzag-LEB128 varint per row, delta from the previous row's value
 *                          (the first row's value as is): the entry size, -1 null, -2 placeholder
 * fileSize - 5      int32  index length in bytes
 * fileSize - 1      int8   version (1)
 *
 * entry (size = 16 + payload length):
 *   +0              int32  magic 1481511375 (0x584E11CF; bytes CF 11 4E 58)
 *   +4              payload: the BLOB's bytes, or a nested ARRAY/MAP payload (below)
 *   +size - 12      int64  size of the whole entry
 *   +size - 4       int32  CRC32 (java.util.zip.CRC32) of bytes [0, size - 4)
 *
 * ARRAY&lt;BLOB&gt; payload:
 *   int32 magic 1094861634 | int8 version 1 | int32 count
 *   | non-null elements, concatenated | element lengths (delta-zigzag varints, -1 null)
 *   | int32 byte size of the element lengths
 *
 * MAP&lt;K, BLOB&gt; payload:
 *   int32 magic 1296188226 | int8 version 1 | int32 count
 *   | non-null keys, concatenated | non-null values, concatenated
 *   | key lengths (-1 null) | value lengths (-1 null)
 *   | int32 byte size of the key lengths | int32 byte size of the value lengths
 * </pre>
 *
 * <p>A file of 0 rows is the 5 bytes {@code 00 00 00 00 01}. A reader finds row {@code i}'s entry
 * by summing the sizes of the non-null entries before it; the payload starts 4 bytes in and is
 * {@code size - 16} bytes long.
 *
 * <p><b>What a descriptor points at.</b> A BLOB cell's {@code BlobDescriptor} covers its payload,
 * so a ranged read fetches the value without its framing. In ARRAY and MAP cells each non-null
 * element (map value) has its own descriptor covering its bytes inside the nested payload, as in
 * Paimon, whose reader hands out one file range per element; this is what the Arrow mapping (a list
 * or map of descriptor structs) carries. The nested payload as a whole is still useful: it is the
 * one range to fetch to decode a cell, and widened by 4 bytes before and 12 after it is the entry
 * whose CRC {@link #verifyEntry} checks.
 *
 * <p>Version policy: version {@value #VERSION} is the only one, for the file and for both nested
 * payloads; anything else is rejected. Index values other than an entry size of at least {@value
 * #ENTRY_OVERHEAD}, {@value #NULL_SIZE} and {@value #PLACEHOLDER_SIZE} are rejected, and so is a
 * file whose entry sizes do not add up to exactly the bytes before the index.
 *
 * <p>Only constants and stateless static methods: thread-safe. {@link #verifyEntry} and {@link
 * #verifyEntryParts} are what an engine that fetches entries with its own ranged reads (the BLOB
 * reader of {@code paimon-multimodal-blob}) runs on the bytes it fetched.
 */
public final class BlobFormat {

  /** The file format version, the last byte of the file. */
  public static final byte VERSION = 1;

  /** The magic opening every entry: 0x584E11CF, on disk {@code CF 11 4E 58}. */
  public static final int ENTRY_MAGIC = 1481511375;

  /** The magic opening an ARRAY&lt;BLOB&gt; payload: 0x41424342, on disk "BCBA". */
  public static final int ARRAY_MAGIC = 1094861634;

  /** The magic opening a MAP&lt;K, BLOB&gt; payload: 0x4D424342, on disk "BCBM". */
  public static final int MAP_MAGIC = 1296188226;

  /** The version byte of both nested payloads. */
  public static final byte NESTED_VERSION = 1;

  /** Index value of a null cell (no entry). */
  public static final long NULL_SIZE = -1;

  /** Index value of a placeholder row, which keeps row alignment and has no entry. */
  public static final long PLACEHOLDER_SIZE = -2;

  /** Length of a null element, key or value inside a nested payload. */
  public static final long NULL_ELEMENT_LENGTH = -1;

  /** Bytes before the payload in an entry: the magic. */
  public static final int ENTRY_HEADER_SIZE = 4;

  /** Bytes after the payload in an entry: the int64 size and the int32 CRC. */
  public static final int ENTRY_TRAILER_SIZE = 8 + 4;

  /** The size of an entry with an empty payload; every entry is at least this long. */
  public static final int ENTRY_OVERHEAD = ENTRY_HEADER_SIZE + ENTRY_TRAILER_SIZE;

  /** The file's tail: the int32 index length and the version byte. */
  public static final int TAIL_SIZE = 4 + 1;

  /** Header of a nested payload: magic, version and count. */
  public static final int NESTED_HEADER_SIZE = 4 + 1 + 4;

  /** The longest zigzag-LEB128 varint of a 64-bit value. */
  public static final int MAX_VARINT_BYTES = 10;

  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private BlobFormat() {}

  /**
   * Checks one entry held in {@code buf[entryOff, entryOff + entryLen)}: its magic, that its size
   * field equals {@code entryLen}, and its CRC. The payload is then {@code buf[entryOff + 4,
   * entryOff + entryLen - 12)}.
   *
   * @param file the file name, for messages
   * @param row the row the entry belongs to, for messages (-1 if unknown)
   * @param fileOffset where the entry starts in the file, for messages
   * @return the payload's range in {@code buf}: {offset, length}
   * @throws BlobChecksumException if the CRC does not match
   * @throws BlobFormatException if the entry is too short, its magic is wrong or its size field
   *     differs from {@code entryLen}
   * @throws IndexOutOfBoundsException if the range lies outside {@code buf}
   */
  public static int[] verifyEntry(
      byte[] buf, int entryOff, int entryLen, String file, long row, long fileOffset)
      throws BlobFormatException {
    java.util.Objects.checkFromIndexSize(entryOff, entryLen, buf.length);
    if (entryLen < ENTRY_OVERHEAD) {
      throw new BlobFormatException(
          file,
          fileOffset,
          where(row) + "entry of " + entryLen + " bytes is shorter than " + ENTRY_OVERHEAD);
    }
    checkMagic(readInt(buf, entryOff), file, row, fileOffset);
    checkSize(
        readLong(buf, entryOff + entryLen - ENTRY_TRAILER_SIZE), entryLen, file, row, fileOffset);
    CRC32 crc = new CRC32();
    crc.update(buf, entryOff, entryLen - 4);
    checkCrc(crc, readInt(buf, entryOff + entryLen - 4), file, row, fileOffset);
    return new int[] {entryOff + ENTRY_HEADER_SIZE, entryLen - ENTRY_OVERHEAD};
  }

  /**
   * {@link #verifyEntry} for an entry read in three parts: its {@value #ENTRY_HEADER_SIZE}-byte
   * header, its payload and its {@value #ENTRY_TRAILER_SIZE}-byte trailer (as a scattered read
   * delivers them, the payload straight into its own array).
   *
   * @throws BlobChecksumException if the CRC does not match
   * @throws BlobFormatException if the magic is wrong or the size field differs from the entry's
   *     length
   */
  public static void verifyEntryParts(
      byte[] header, byte[] payload, byte[] trailer, String file, long row, long fileOffset)
      throws BlobFormatException {
    checkMagic(readInt(header, 0), file, row, fileOffset);
    checkSize(readLong(trailer, 0), (long) payload.length + ENTRY_OVERHEAD, file, row, fileOffset);
    CRC32 crc = new CRC32();
    crc.update(header, 0, ENTRY_HEADER_SIZE);
    crc.update(payload, 0, payload.length);
    crc.update(trailer, 0, 8);
    checkCrc(crc, readInt(trailer, 8), file, row, fileOffset);
  }

  private static String where(long row) {
    return row >= 0 ? "row " + row + ": " : "";
  }

  private static void checkMagic(int magic, String file, long row, long fileOffset)
      throws BlobFormatException {
    if (magic != ENTRY_MAGIC) {
      throw new BlobFormatException(
          file,
          fileOffset,
          where(row) + "bad entry magic 0x" + Integer.toHexString(magic) + ", expected 0x584e11cf");
    }
  }

  private static void checkSize(long size, long entryLen, String file, long row, long fileOffset)
      throws BlobFormatException {
    if (size != entryLen) {
      throw new BlobFormatException(
          file,
          fileOffset + entryLen - ENTRY_TRAILER_SIZE,
          where(row) + "entry size field says " + size + " bytes, the index says " + entryLen);
    }
  }

  private static void checkCrc(CRC32 crc, int expected, String file, long row, long fileOffset)
      throws BlobChecksumException {
    int actual = (int) crc.getValue();
    if (expected != actual) {
      throw new BlobChecksumException(file, fileOffset, row, expected, actual);
    }
  }

  /** Reads the little-endian int32 at {@code buf[pos, pos + 4)}. */
  public static int readInt(byte[] buf, int pos) {
    return (int) INT.get(buf, pos);
  }

  /** Reads the little-endian int64 at {@code buf[pos, pos + 8)}. */
  public static long readLong(byte[] buf, int pos) {
    return (long) LONG.get(buf, pos);
  }

  /** Writes {@code v} as a little-endian int32 at {@code buf[pos, pos + 4)}. */
  public static void writeInt(byte[] buf, int pos, int v) {
    INT.set(buf, pos, v);
  }

  /** Writes {@code v} as a little-endian int64 at {@code buf[pos, pos + 8)}. */
  public static void writeLong(byte[] buf, int pos, long v) {
    LONG.set(buf, pos, v);
  }

  /** Whether {@code size} is a legal index value. */
  static boolean isLegalIndexValue(long size) {
    return size >= ENTRY_OVERHEAD || size == NULL_SIZE || size == PLACEHOLDER_SIZE;
  }
}
