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

import io.paimon.row.RowFile;
import io.paimon.row.SeekableInput;
import io.paimon.types.DataType;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@code .blob} file (layout in {@link BlobFormat}). Opening reads and validates the tail
 * and the row index: the version, that the index fits the file, that every varint is complete and
 * at most 10 bytes, that every index value is an entry size of at least 16 or -1 (null) or -2
 * (placeholder), and that the entry sizes add up to exactly the bytes before the index. Reading a
 * cell verifies the entry's magic, size field and CRC32, and for ARRAY and MAP cells the nested
 * payload's structure.
 *
 * <p>Every malformed input raises {@link BlobFormatException} (a CRC mismatch its subclass {@link
 * BlobChecksumException}) naming the file and offset; allocation is bounded by the file's size. A
 * row number outside {@code [0, rowCount())} raises {@link IndexOutOfBoundsException}; reading a
 * value of a placeholder row raises {@link IllegalStateException}, since its value lives in another
 * file ({@link #isPlaceholder} tells).
 *
 * <pre>{@code
 * try (BlobFileReader r = BlobFileReader.open(input)) {   // any SeekableInput; or a local Path
 *   byte[] image = r.read(0);                               // CRC32-verified
 *   long[] range = r.payloadRange(0);                       // {offset, length} in the file
 * }
 * }</pre>
 *
 * <p>The reader owns its input and closes it. Thread-safe: all state is fixed when it opens and the
 * input's positional reads may run concurrently (every {@link SeekableInput} allows that).
 */
public final class BlobFileReader implements Closeable {

  /**
   * The largest entry {@link #read}, {@link #readArray} and {@link #readMap} load into one array
   * (about 2 GiB, the largest Java array); {@link #openPayload} streams larger ones.
   */
  public static final int MAX_IN_MEMORY_ENTRY = Integer.MAX_VALUE - 16;

  /**
   * How much of a file's end is read at once when opening it: the tail and, for files of up to a
   * few thousand rows, the whole row index.
   */
  static final int SPECULATIVE_TAIL = 16 << 10;

  private final SeekableInput in;
  private final String name;
  private final long fileSize;
  private final long[] sizes;
  private final long[] offsets;

  private BlobFileReader(SeekableInput in, long fileSize, long[] sizes, long[] offsets) {
    this.in = in;
    this.name = in.name();
    this.fileSize = fileSize;
    this.sizes = sizes;
    this.offsets = offsets;
  }

  /**
   * Opens a reader over {@code in}, which it owns from now on (it is closed also when opening
   * fails).
   *
   * @throws BlobFormatException if the tail or the index is malformed
   */
  public static BlobFileReader open(SeekableInput in) throws IOException {
    try {
      return openIndex(in);
    } catch (IOException | RuntimeException e) {
      try {
        in.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * A file's validated row index: what opening reads, kept so that a file opened again (a later
   * scan of the same table) needs no reads before its payloads. {@code .blob} files never change
   * once written. Immutable by convention: the arrays are the reader's own, not copies, and must
   * not be modified; then an index may be shared by any number of threads and readers.
   *
   * @param fileSize the file's size in bytes
   * @param sizes each row's index value: its entry size, -1 (null) or -2 (placeholder)
   * @param offsets where each row's entry starts, -1 for rows without one
   */
  public record Index(long fileSize, long[] sizes, long[] offsets) {

    /** A rough size in memory in bytes, for caches. */
    public long weight() {
      return 64 + 16L * sizes.length;
    }
  }

  /** This reader's row index, to open the same file again without reading it. */
  public Index index() {
    return new Index(fileSize, sizes, offsets);
  }

  /**
   * Opens a reader over {@code in} with the index an earlier reader of the same file read: no I/O.
   * The index is trusted, not checked against {@code in}; it must come from {@link #index()} of a
   * reader of the same file. The reader owns {@code in} from now on.
   */
  public static BlobFileReader open(SeekableInput in, Index index) {
    return new BlobFileReader(in, index.fileSize(), index.sizes(), index.offsets());
  }

  /**
   * Opens the local file {@code path}; see {@link #open(SeekableInput)}. A file in a table's
   * storage opens through that storage's input instead (any {@link SeekableInput}).
   *
   * @throws BlobFormatException if the tail or the index is malformed
   */
  public static BlobFileReader open(Path path) throws IOException {
    return open(RowFile.localInput(path));
  }

  private static BlobFileReader openIndex(SeekableInput in) throws IOException {
    String file = in.name();
    long fileSize = in.length();
    if (fileSize < BlobFormat.TAIL_SIZE) {
      throw new BlobFormatException(
          file,
          0,
          "file of "
              + fileSize
              + " bytes is shorter than the "
              + BlobFormat.TAIL_SIZE
              + "-byte tail (index length, version)");
    }
    // One read of the file's end usually holds the tail and the whole index: on an object store
    // that saves a round trip per file before any payload can be fetched.
    int speculative = (int) Math.min(fileSize, SPECULATIVE_TAIL);
    byte[] end = new byte[speculative];
    in.readFully(fileSize - speculative, end, 0, speculative);
    byte[] tail =
        java.util.Arrays.copyOfRange(end, speculative - BlobFormat.TAIL_SIZE, speculative);
    long tailAt = fileSize - BlobFormat.TAIL_SIZE;
    if (tail[4] != BlobFormat.VERSION) {
      throw new BlobFormatException(
          file,
          fileSize - 1,
          "unsupported version " + tail[4] + ", expected " + BlobFormat.VERSION);
    }
    int indexLength = BlobFormat.readInt(tail, 0);
    if (indexLength < 0 || indexLength > tailAt) {
      throw new BlobFormatException(
          file,
          tailAt,
          "index length " + indexLength + " does not fit the " + tailAt + " bytes before the tail");
    }
    long indexAt = tailAt - indexLength;
    byte[] index;
    if (indexLength <= speculative - BlobFormat.TAIL_SIZE) {
      int from = speculative - BlobFormat.TAIL_SIZE - indexLength;
      index = java.util.Arrays.copyOfRange(end, from, from + indexLength);
    } else {
      index = new byte[indexLength];
      in.readFully(indexAt, index, 0, indexLength);
    }
    long[] sizes = BlobIndex.decode(index, 0, indexLength, file, indexAt, "row index");
    long[] offsets = new long[sizes.length];
    long used = 0;
    for (int row = 0; row < sizes.length; row++) {
      long size = sizes[row];
      if (!BlobFormat.isLegalIndexValue(size)) {
        throw new BlobFormatException(
            file,
            indexAt,
            "row "
                + row
                + ": index value "
                + size
                + " is neither an entry size >= "
                + BlobFormat.ENTRY_OVERHEAD
                + " nor -1 (null) nor -2 (placeholder)");
      }
      if (size < 0) {
        offsets[row] = -1;
        continue;
      }
      if (size > indexAt - used) {
        throw new BlobFormatException(
            file,
            indexAt,
            "row "
                + row
                + ": entry of "
                + size
                + " bytes at offset "
                + used
                + " runs past the data, which ends at "
                + indexAt);
      }
      offsets[row] = used;
      used += size;
    }
    if (used != indexAt) {
      throw new BlobFormatException(
          file,
          used,
          "the index's entries take "
              + used
              + " bytes but the data before the index holds "
              + indexAt);
    }
    return new BlobFileReader(in, fileSize, sizes, offsets);
  }

  /** The file name or path used in messages. */
  public String name() {
    return name;
  }

  /** The file's size in bytes. */
  public long fileSize() {
    return fileSize;
  }

  /** The number of rows (entries, nulls and placeholders). */
  public long rowCount() {
    return sizes.length;
  }

  /** Whether row {@code row} is null. */
  public boolean isNull(long row) {
    return sizes[check(row)] == BlobFormat.NULL_SIZE;
  }

  /** Whether row {@code row} is a placeholder whose value lives in another file. */
  public boolean isPlaceholder(long row) {
    return sizes[check(row)] == BlobFormat.PLACEHOLDER_SIZE;
  }

  /** Where row {@code row}'s entry starts, or -1 if the row has no entry (null, placeholder). */
  public long entryOffset(long row) {
    return offsets[check(row)];
  }

  /** The size of row {@code row}'s entry, or -1 (null) or -2 (placeholder): its index value. */
  public long entrySize(long row) {
    return sizes[check(row)];
  }

  /**
   * The file range of row {@code row}'s payload, {offset, length} (what a BLOB cell's descriptor
   * points at), or null if the row has no entry (null, placeholder).
   */
  public long[] payloadRange(long row) {
    int r = check(row);
    if (sizes[r] < 0) {
      return null;
    }
    return new long[] {
      offsets[r] + BlobFormat.ENTRY_HEADER_SIZE, sizes[r] - BlobFormat.ENTRY_OVERHEAD
    };
  }

  /**
   * Reads row {@code row}'s payload with its CRC verified: the BLOB's bytes (or, for a nested
   * column, the raw nested payload), or null for a null cell.
   *
   * @throws BlobChecksumException if the entry's CRC does not match
   * @throws BlobFormatException if the entry's magic or size field is wrong
   * @throws IllegalStateException for a placeholder row, or an entry over 2 GiB (use {@link
   *     #openPayload})
   */
  public byte[] read(long row) throws IOException {
    int r = check(row);
    byte[] entry = readEntry(r);
    if (entry == null) {
      return null;
    }
    return java.util.Arrays.copyOfRange(
        entry, BlobFormat.ENTRY_HEADER_SIZE, entry.length - BlobFormat.ENTRY_TRAILER_SIZE);
  }

  /**
   * Reads an ARRAY&lt;BLOB&gt; cell: its elements in order (null elements kept), an empty list for
   * an empty array, or null for a null cell.
   *
   * @throws BlobFormatException if the entry or its nested payload is malformed (an entry written
   *     for another column type included)
   */
  public List<byte[]> readArray(long row) throws IOException {
    int r = check(row);
    byte[] entry = readEntry(r);
    if (entry == null) {
      return null;
    }
    return BlobNestedCodec.decodeArray(
        entry,
        BlobFormat.ENTRY_HEADER_SIZE,
        entry.length - BlobFormat.ENTRY_OVERHEAD,
        name,
        offsets[r] + BlobFormat.ENTRY_HEADER_SIZE);
  }

  /**
   * Reads a MAP&lt;K, BLOB&gt; cell: its entries in stored order (null keys and values kept), an
   * empty list for an empty map, or null for a null cell.
   *
   * @param keyType the map's key type
   * @throws BlobFormatException if the entry or its nested payload is malformed, a key does not
   *     decode as {@code keyType}, or a key occurs twice
   * @throws IllegalArgumentException if {@code keyType} is not an allowed key type
   */
  public List<Map.Entry<Object, byte[]>> readMap(long row, DataType keyType) throws IOException {
    int r = check(row);
    byte[] entry = readEntry(r);
    if (entry == null) {
      return null;
    }
    return BlobNestedCodec.decodeMap(
        entry,
        BlobFormat.ENTRY_HEADER_SIZE,
        entry.length - BlobFormat.ENTRY_OVERHEAD,
        keyType,
        name,
        offsets[r] + BlobFormat.ENTRY_HEADER_SIZE);
  }

  /**
   * The structure of a nested cell (where each element, key and value lies in the file), read from
   * the payload's header and length lists only: validated structurally but without the entry's CRC,
   * which needs every byte. Null for a null cell.
   *
   * @param map whether the column is a MAP (else an ARRAY) column
   */
  public BlobNestedCodec.Layout nestedLayout(long row, boolean map) throws IOException {
    long[] range = payloadRangeOrThrow(check(row));
    if (range == null) {
      return null;
    }
    return BlobNestedCodec.layout(in::readFully, range[0], range[1], map, name);
  }

  /**
   * Streams row {@code row}'s payload without holding it in memory; the entry's magic is checked
   * first and its size field and CRC when the stream reaches the end, so a damaged entry raises
   * {@link BlobChecksumException} from the last {@code read} instead of returning -1. Null for a
   * null cell. The caller closes the stream; closing does not close this reader.
   */
  public InputStream openPayload(long row) throws IOException {
    int r = check(row);
    if (payloadRangeOrThrow(r) == null) {
      return null;
    }
    return new BlobEntryInputStream(in, name, row, offsets[r], sizes[r]);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  private long[] payloadRangeOrThrow(int r) {
    if (sizes[r] == BlobFormat.PLACEHOLDER_SIZE) {
      throw new IllegalStateException(
          name + ": row " + r + " is a placeholder; its value lives in another file");
    }
    return payloadRange(r);
  }

  /** Reads and verifies row {@code r}'s whole entry, or returns null for a null cell. */
  private byte[] readEntry(int r) throws IOException {
    if (payloadRangeOrThrow(r) == null) {
      return null;
    }
    long size = sizes[r];
    if (size > MAX_IN_MEMORY_ENTRY) {
      throw new IllegalStateException(
          name
              + ": row "
              + r
              + "'s entry of "
              + size
              + " bytes is too large to read into memory;"
              + " stream it with openPayload");
    }
    byte[] entry = new byte[(int) size];
    in.readFully(offsets[r], entry, 0, entry.length);
    BlobFormat.verifyEntry(entry, 0, entry.length, name, r, offsets[r]);
    return entry;
  }

  private int check(long row) {
    if (row < 0 || row >= sizes.length) {
      throw new IndexOutOfBoundsException(
          name + ": row " + row + " is outside [0, " + sizes.length + ")");
    }
    return (int) row;
  }
}
