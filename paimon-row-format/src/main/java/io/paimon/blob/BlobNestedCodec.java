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

import io.paimon.types.DataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decodes the nested payloads of {@code ARRAY<BLOB>} and {@code MAP<K, BLOB>} entries (layout in
 * {@link BlobFormat}), validating every count and length against the payload before allocating.
 * Works on a payload in memory (after {@link BlobFormat#verifyEntry}) or, for {@link #layout},
 * through positional reads of a file without reading the element bytes. Stateless and thread-safe.
 */
public final class BlobNestedCodec {

  /**
   * Positional reads of the bytes holding a payload, addressed by file offset: a file's input
   * ({@code SeekableInput::readFully}) or bytes already fetched. {@link #layout} calls it from the
   * calling thread only.
   */
  @FunctionalInterface
  public interface Source {
    /** Reads exactly {@code len} bytes at file offset {@code position} into {@code buf[off..]}. */
    void readFully(long position, byte[] buf, int off, int len) throws IOException;
  }

  /**
   * Where the parts of one nested payload lie, as file offsets and lengths; a length of -1 (and
   * offset -1) marks a null element, key or value. Keys are absent for arrays. Immutable and
   * thread-safe; made by {@link BlobNestedCodec#layout}, {@link BlobFileReader#nestedLayout} and
   * {@link BlobFileWriter#addArray}/{@link BlobFileWriter#addMap}.
   */
  public static final class Layout {
    private final long[] keyOffsets;
    private final long[] keyLengths;
    private final long[] valueOffsets;
    private final long[] valueLengths;

    Layout(long[] keyOffsets, long[] keyLengths, long[] valueOffsets, long[] valueLengths) {
      this.keyOffsets = keyOffsets;
      this.keyLengths = keyLengths;
      this.valueOffsets = valueOffsets;
      this.valueLengths = valueLengths;
    }

    /** The number of elements (map entries). */
    public int count() {
      return valueLengths.length;
    }

    /** Where element (map value) {@code i} starts in the file, or -1 if it is null. */
    public long valueOffset(int i) {
      return valueOffsets[i];
    }

    /** The length of element (map value) {@code i}, or -1 if it is null. */
    public long valueLength(int i) {
      return valueLengths[i];
    }

    /** Whether this is a MAP payload's layout, which has keys. */
    public boolean hasKeys() {
      return keyLengths != null;
    }

    /**
     * Where map key {@code i} starts in the file, or -1 if it is null.
     *
     * @throws IllegalStateException for an ARRAY payload's layout
     */
    public long keyOffset(int i) {
      return keys(keyOffsets)[i];
    }

    /**
     * The length of map key {@code i}, or -1 if it is null.
     *
     * @throws IllegalStateException for an ARRAY payload's layout
     */
    public long keyLength(int i) {
      return keys(keyLengths)[i];
    }

    private static long[] keys(long[] keys) {
      if (keys == null) {
        throw new IllegalStateException("an ARRAY<BLOB> payload has no keys");
      }
      return keys;
    }
  }

  private BlobNestedCodec() {}

  /**
   * Decodes and validates the structure of a nested payload: header, length lists, and that the
   * lengths add up to exactly the data between header and lists. Reads only the header and the
   * lists, never element bytes, and does not check the entry's CRC.
   *
   * @param payloadPosition file offset of the payload (the entry offset + 4)
   * @param payloadLength the payload's length (the entry size - 16)
   * @param map whether the payload is a MAP (else an ARRAY) payload
   * @throws BlobFormatException if the payload is malformed
   * @throws IOException if reading fails
   */
  public static Layout layout(
      Source source, long payloadPosition, long payloadLength, boolean map, String file)
      throws IOException {
    String kind = map ? "MAP<K, BLOB>" : "ARRAY<BLOB>";
    int sizesBytes = map ? 8 : 4;
    if (payloadLength < BlobFormat.NESTED_HEADER_SIZE) {
      throw tooShort(file, payloadPosition, payloadLength, kind, sizesBytes);
    }
    byte[] header = new byte[BlobFormat.NESTED_HEADER_SIZE];
    source.readFully(payloadPosition, header, 0, header.length);
    int magic = BlobFormat.readInt(header, 0);
    int expectedMagic = map ? BlobFormat.MAP_MAGIC : BlobFormat.ARRAY_MAGIC;
    if (magic != expectedMagic) {
      String found =
          magic == BlobFormat.ARRAY_MAGIC
              ? "an ARRAY<BLOB> payload"
              : magic == BlobFormat.MAP_MAGIC
                  ? "a MAP<K, BLOB> payload"
                  : "magic 0x" + Integer.toHexString(magic);
      throw new BlobFormatException(
          file,
          payloadPosition,
          "expected " + (map ? "a " : "an ") + kind + " payload, found " + found);
    }
    if (header[4] != BlobFormat.NESTED_VERSION) {
      throw new BlobFormatException(
          file, payloadPosition + 4, "unsupported " + kind + " payload version " + header[4]);
    }
    int count = BlobFormat.readInt(header, 5);
    if (count < 0) {
      throw new BlobFormatException(
          file, payloadPosition + 5, kind + " count " + count + " is negative");
    }
    if (payloadLength < BlobFormat.NESTED_HEADER_SIZE + sizesBytes) {
      throw tooShort(file, payloadPosition, payloadLength, kind, sizesBytes);
    }
    long payloadEnd = payloadPosition + payloadLength;
    byte[] sizes = new byte[sizesBytes];
    source.readFully(payloadEnd - sizesBytes, sizes, 0, sizesBytes);
    long room = payloadLength - BlobFormat.NESTED_HEADER_SIZE - sizesBytes;
    int keyListSize = map ? BlobFormat.readInt(sizes, 0) : 0;
    int valueListSize = BlobFormat.readInt(sizes, map ? 4 : 0);
    if (keyListSize < 0
        || valueListSize < 0
        || (long) keyListSize + valueListSize > room
        || count > valueListSize
        || (map && count > keyListSize)) {
      throw new BlobFormatException(
          file,
          payloadEnd - sizesBytes,
          kind
              + " length lists of "
              + (map ? keyListSize + " and " : "")
              + valueListSize
              + " bytes do not fit the "
              + room
              + " bytes between the header and the list sizes"
              + " or cannot hold "
              + count
              + " lengths");
    }
    long valueListAt = payloadEnd - sizesBytes - valueListSize;
    long keyListAt = valueListAt - keyListSize;
    long dataAt = payloadPosition + BlobFormat.NESTED_HEADER_SIZE;
    long dataLength = keyListAt - dataAt;
    long[] keyLengths = null;
    long[] keyOffsets = null;
    long keyBytes = 0;
    if (map) {
      keyLengths = readLengths(source, keyListAt, keyListSize, count, file, kind + " key lengths");
      keyOffsets = new long[count];
      keyBytes = place(keyLengths, keyOffsets, dataAt, dataLength, keyListAt, file, kind + " keys");
    }
    long[] valueLengths =
        readLengths(source, valueListAt, valueListSize, count, file, kind + " value lengths");
    long[] valueOffsets = new long[count];
    long valueBytes =
        place(
            valueLengths,
            valueOffsets,
            dataAt + keyBytes,
            dataLength - keyBytes,
            valueListAt,
            file,
            kind + " values");
    if (keyBytes + valueBytes != dataLength) {
      throw new BlobFormatException(
          file,
          dataAt,
          kind
              + " lengths add up to "
              + (keyBytes + valueBytes)
              + " bytes but the data holds "
              + dataLength);
    }
    return new Layout(keyOffsets, keyLengths, valueOffsets, valueLengths);
  }

  private static BlobFormatException tooShort(
      String file, long payloadPosition, long payloadLength, String kind, int sizesBytes) {
    return new BlobFormatException(
        file,
        payloadPosition,
        kind
            + " payload of "
            + payloadLength
            + " bytes is shorter than its "
            + (BlobFormat.NESTED_HEADER_SIZE + sizesBytes)
            + "-byte header and list sizes");
  }

  private static long[] readLengths(
      Source source, long at, int size, int count, String file, String what) throws IOException {
    byte[] bytes = new byte[size];
    source.readFully(at, bytes, 0, size);
    long[] lengths = BlobIndex.decode(bytes, 0, size, file, at, what);
    if (lengths.length != count) {
      throw new BlobFormatException(
          file, at, what + ": " + lengths.length + " lengths for a count of " + count);
    }
    return lengths;
  }

  /** Lays consecutive items out from {@code start}; returns the bytes they take. */
  private static long place(
      long[] lengths, long[] offsets, long start, long room, long listAt, String file, String what)
      throws BlobFormatException {
    long used = 0;
    for (int i = 0; i < lengths.length; i++) {
      long len = lengths[i];
      if (len == BlobFormat.NULL_ELEMENT_LENGTH) {
        offsets[i] = -1;
        continue;
      }
      if (len < 0 || len > room - used) {
        throw new BlobFormatException(
            file,
            listAt,
            what
                + ": length "
                + len
                + " of item "
                + i
                + " does not fit the "
                + (room - used)
                + " bytes left");
      }
      offsets[i] = start + used;
      used += len;
    }
    return used;
  }

  /**
   * Decodes an ARRAY&lt;BLOB&gt; payload held in {@code buf[payloadOff, payloadOff + payloadLen)};
   * null elements stay null.
   *
   * @param fileOffset the file offset of {@code buf[payloadOff]}, for messages
   */
  public static List<byte[]> decodeArray(
      byte[] buf, int payloadOff, int payloadLen, String file, long fileOffset)
      throws BlobFormatException {
    Layout layout = inMemoryLayout(buf, payloadOff, payloadLen, false, file, fileOffset);
    List<byte[]> out = new ArrayList<>(layout.count());
    for (int i = 0; i < layout.count(); i++) {
      out.add(slice(buf, payloadOff, fileOffset, layout.valueOffsets[i], layout.valueLengths[i]));
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * Decodes a MAP&lt;K, BLOB&gt; payload held in {@code buf[payloadOff, payloadOff + payloadLen)}
   * into its entries in stored order; null keys and values stay null.
   *
   * @param keyType the map's key type (see {@link BlobMapKeys} for the allowed ones)
   * @param fileOffset the file offset of {@code buf[payloadOff]}, for messages
   * @throws BlobFormatException if the payload is malformed, a key does not decode, or a key occurs
   *     twice
   * @throws IllegalArgumentException if {@code keyType} is not an allowed key type
   */
  public static List<Map.Entry<Object, byte[]>> decodeMap(
      byte[] buf, int payloadOff, int payloadLen, DataType keyType, String file, long fileOffset)
      throws BlobFormatException {
    BlobMapKeys keys = BlobMapKeys.forType(keyType);
    Layout layout = inMemoryLayout(buf, payloadOff, payloadLen, true, file, fileOffset);
    List<Map.Entry<Object, byte[]>> out = new ArrayList<>(layout.count());
    Set<ByteBuffer> seen = new HashSet<>();
    for (int i = 0; i < layout.count(); i++) {
      Object key = null;
      long keyLength = layout.keyLengths[i];
      ByteBuffer identity = null;
      if (keyLength >= 0) {
        int off = (int) (payloadOff + (layout.keyOffsets[i] - fileOffset));
        key = keys.decode(buf, off, (int) keyLength, file, layout.keyOffsets[i]);
        identity = ByteBuffer.wrap(buf, off, (int) keyLength).slice();
      }
      if (!seen.add(identity)) {
        throw new BlobFormatException(
            file,
            keyLength >= 0 ? layout.keyOffsets[i] : fileOffset,
            "MAP<K, BLOB> key " + describe(key) + " occurs twice");
      }
      byte[] value =
          slice(buf, payloadOff, fileOffset, layout.valueOffsets[i], layout.valueLengths[i]);
      out.add(new AbstractMap.SimpleImmutableEntry<>(key, value));
    }
    return Collections.unmodifiableList(out);
  }

  private static String describe(Object key) {
    return key instanceof byte[] ? Arrays.toString((byte[]) key) : String.valueOf(key);
  }

  private static Layout inMemoryLayout(
      byte[] buf, int payloadOff, int payloadLen, boolean map, String file, long fileOffset)
      throws BlobFormatException {
    java.util.Objects.checkFromIndexSize(payloadOff, payloadLen, buf.length);
    Source source =
        (pos, dst, off, len) ->
            System.arraycopy(buf, (int) (payloadOff + (pos - fileOffset)), dst, off, len);
    try {
      return layout(source, fileOffset, payloadLen, map, file);
    } catch (BlobFormatException e) {
      throw e;
    } catch (IOException e) {
      throw new BlobFormatException(file, fileOffset, "unexpected read failure in memory", e);
    }
  }

  private static byte[] slice(byte[] buf, int payloadOff, long fileOffset, long at, long len) {
    if (len < 0) {
      return null;
    }
    int from = (int) (payloadOff + (at - fileOffset));
    return Arrays.copyOfRange(buf, from, from + (int) len);
  }
}
