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
import io.paimon.types.DataTypeRoot;
import io.paimon.types.MapType;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * Writes one {@code .blob} file (layout in {@link BlobFormat}) for one column of type {@code BLOB},
 * {@code ARRAY<BLOB>} or {@code MAP<K, BLOB>}, streaming: payloads go straight to the output, and
 * only the per-row entry sizes (8 bytes a row) stay in memory until {@link #close} writes the
 * index, its length and the version.
 *
 * <pre>{@code
 * try (BlobFileWriter w = BlobFileWriter.create(path, DataTypes.BLOB())) {  // or onto a stream
 *   long[] range = w.add(png);            // {offset, length} of the payload: a descriptor's range
 *   w.addNull();
 *   w.add(videoStream, -1);               // length unknown: copied until EOF, CRC on the fly
 * }
 * }</pre>
 *
 * <p>Each {@code add...} call appends one row. Argument problems (a wrong method for the column
 * type, a map key of the wrong class, a duplicate key) are detected before anything is written and
 * leave the writer usable. An I/O failure while an entry is being written (including a payload
 * stream that ends early) leaves a partial entry behind: the writer is then failed, every later
 * call but {@link #close} throws {@link IllegalStateException}, and {@code close} only closes the
 * stream; the caller deletes the file. Not thread-safe.
 */
public final class BlobFileWriter implements Closeable {

  private static final int COPY_BUFFER_SIZE = 64 * 1024;

  /**
   * Where a nested (ARRAY or MAP) cell landed: its whole payload's range and, in {@code layout},
   * each element's (map value's, map key's) file range, -1 for null ones.
   *
   * @param payloadOffset where the cell's nested payload starts in the file
   * @param payloadLength the nested payload's length in bytes
   * @param layout where each element, map key and map value lies in the file
   */
  public record NestedCell(long payloadOffset, long payloadLength, BlobNestedCodec.Layout layout) {}

  private final OutputStream out;
  private final String name;
  private final DataType columnType;
  private final DataTypeRoot kind;
  private final BlobMapKeys keys;
  private final CRC32 crc = new CRC32();
  private final byte[] scratch = new byte[8];

  private byte[] copyBuffer;
  private long[] sizes = new long[64];
  private long rowCount;
  private long indexBytes;
  private long position;
  private long entryStart;
  private boolean closed;
  private String failure;

  /**
   * Creates a writer onto {@code out}, which the writer owns from now on and closes when it is
   * closed (if the column type is rejected the caller still owns {@code out}).
   *
   * @param name the file name or path, for messages
   * @param columnType {@code BLOB}, {@code ARRAY<BLOB>} or {@code MAP<K, BLOB>} with an allowed key
   *     type (see {@link BlobMapKeys})
   * @throws IllegalArgumentException if the column type cannot be stored in a {@code .blob} file
   */
  public BlobFileWriter(OutputStream out, String name, DataType columnType) {
    Objects.requireNonNull(out, "out");
    this.name = Objects.requireNonNull(name, "name");
    this.columnType = Objects.requireNonNull(columnType, "columnType");
    this.kind = columnType.root();
    this.keys = keysOf(columnType);
    this.out = new BufferedOutputStream(out, COPY_BUFFER_SIZE);
  }

  /**
   * Creates the local file {@code path} (failing if it exists) and returns a writer onto it. The
   * column type is checked first, so a type a {@code .blob} file cannot hold creates no file. A
   * file in a table's storage is written through {@link #BlobFileWriter(OutputStream, String,
   * DataType)} with that storage's stream instead.
   *
   * @throws java.nio.file.FileAlreadyExistsException if the file exists
   * @throws IllegalArgumentException if the column type cannot be stored in a {@code .blob} file
   */
  public static BlobFileWriter create(Path path, DataType columnType) throws IOException {
    keysOf(Objects.requireNonNull(columnType, "columnType"));
    OutputStream stream =
        Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    try {
      return new BlobFileWriter(stream, path.toString(), columnType);
    } catch (RuntimeException e) {
      stream.close();
      throw e;
    }
  }

  /**
   * The key codec of a MAP column, null for the other column types a {@code .blob} file holds.
   *
   * @throws IllegalArgumentException if a {@code .blob} file cannot hold the column type
   */
  private static BlobMapKeys keysOf(DataType columnType) {
    DataTypeRoot kind = columnType.root();
    if (kind == DataTypeRoot.MAP
        && ((MapType) columnType).valueType().root() == DataTypeRoot.BLOB) {
      return BlobMapKeys.forType(((MapType) columnType).keyType());
    }
    boolean ok =
        kind == DataTypeRoot.BLOB
            || (kind == DataTypeRoot.ARRAY
                && columnType.children().get(0).root() == DataTypeRoot.BLOB);
    if (!ok) {
      throw new IllegalArgumentException(
          "a .blob file holds BLOB, ARRAY<BLOB> or MAP<K, BLOB>, not " + columnType);
    }
    return null;
  }

  /** The file name or path used in messages. */
  public String name() {
    return name;
  }

  /** The column type. */
  public DataType columnType() {
    return columnType;
  }

  /** The rows added so far. */
  public long rowCount() {
    return rowCount;
  }

  /** The bytes written so far (the file's size once closed). */
  public long bytesWritten() {
    return position;
  }

  /**
   * Appends a BLOB cell.
   *
   * @return {offset, length} of the payload in the file
   * @throws IllegalStateException if the column is not BLOB, or the writer is closed or failed
   */
  public long[] add(byte[] blob) throws IOException {
    Objects.requireNonNull(blob, "blob (use addNull() for a null cell)");
    checkWritable(DataTypeRoot.BLOB);
    try {
      beginEntry();
      write(blob, 0, blob.length);
      return finishEntry();
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
  }

  /**
   * Appends a BLOB cell whose payload is read from {@code payload} (which the caller closes),
   * without holding it in memory: the CRC is computed while copying and the length written after.
   *
   * @param length the payload's length, or -1 to copy until the stream ends; with a known length
   *     exactly that many bytes are read
   * @return {offset, length} of the payload in the file
   * @throws java.io.EOFException if the stream ends before {@code length} bytes (the writer is then
   *     failed)
   */
  public long[] add(InputStream payload, long length) throws IOException {
    Objects.requireNonNull(payload, "payload");
    if (length < -1) {
      throw new IllegalArgumentException("payload length must be -1 or >= 0, got " + length);
    }
    checkWritable(DataTypeRoot.BLOB);
    if (copyBuffer == null) {
      copyBuffer = new byte[COPY_BUFFER_SIZE];
    }
    try {
      beginEntry();
      long copied = 0;
      while (length < 0 || copied < length) {
        int want =
            length < 0 ? copyBuffer.length : (int) Math.min(copyBuffer.length, length - copied);
        int n = payload.read(copyBuffer, 0, want);
        if (n < 0) {
          if (length < 0) {
            break;
          }
          throw new java.io.EOFException(
              name + ": payload stream ended after " + copied + " of " + length + " bytes");
        }
        if (n == 0) {
          // InputStream.read blocks for at least one byte; zero would loop forever.
          throw new IOException(name + ": payload stream returned 0 bytes after " + copied);
        }
        write(copyBuffer, 0, n);
        copied += n;
      }
      return finishEntry();
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
  }

  /** Appends a null cell (no entry; index value -1). Allowed for every column type. */
  public void addNull() {
    checkWritable(null);
    appendSize(BlobFormat.NULL_SIZE);
  }

  /**
   * Appends a placeholder row (no entry; index value -2): a row whose value lives in another file
   * and which is here only to keep rows aligned (Paimon's data evolution). Allowed for every column
   * type. Paimon 1.4.2 predates placeholders (and nested columns): a file it must read holds only
   * BLOB cells and nulls.
   */
  public void addPlaceholder() {
    checkWritable(null);
    appendSize(BlobFormat.PLACEHOLDER_SIZE);
  }

  /**
   * Appends an ARRAY&lt;BLOB&gt; cell; null elements are allowed, an empty list is an empty array
   * (use {@link #addNull} for a null one).
   *
   * @return where the payload and each element landed
   */
  public NestedCell addArray(List<byte[]> elements) throws IOException {
    Objects.requireNonNull(elements, "elements (use addNull() for a null cell)");
    checkWritable(DataTypeRoot.ARRAY);
    int count = elements.size();
    long[] lengths = new long[count];
    byte[][] values = elements.toArray(new byte[0][]);
    for (int i = 0; i < count; i++) {
      lengths[i] = values[i] == null ? BlobFormat.NULL_ELEMENT_LENGTH : values[i].length;
    }
    byte[] lengthList = BlobIndex.encode(lengths, count);
    try {
      long payloadOffset = beginEntry();
      writeNestedHeader(BlobFormat.ARRAY_MAGIC, count);
      long[] offsets = writeItems(values);
      write(lengthList, 0, lengthList.length);
      writeInt(lengthList.length);
      long[] range = finishEntry();
      return new NestedCell(
          payloadOffset, range[1], new BlobNestedCodec.Layout(null, null, offsets, lengths));
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
  }

  /**
   * Appends a MAP&lt;K, BLOB&gt; cell from its entries in order; null keys and null values are
   * allowed, keys must be distinct (compared by their encoding), an empty list is an empty map.
   * Keys are Java values of the key type (see {@link BlobMapKeys}).
   *
   * @return where the payload, each key and each value landed
   * @throws IllegalArgumentException if a key has the wrong class, does not fit the key type, or
   *     occurs twice (nothing is written then)
   */
  public NestedCell addMap(List<? extends Map.Entry<?, byte[]>> entries) throws IOException {
    Objects.requireNonNull(entries, "entries (use addNull() for a null cell)");
    checkWritable(DataTypeRoot.MAP);
    int count = entries.size();
    byte[][] keyBytes = new byte[count][];
    byte[][] values = new byte[count][];
    long[] keyLengths = new long[count];
    long[] valueLengths = new long[count];
    Set<ByteBuffer> seen = new HashSet<>();
    int i = 0;
    for (Map.Entry<?, byte[]> e : entries) {
      Object key = e.getKey();
      keyBytes[i] = key == null ? null : keys.encode(key);
      keyLengths[i] = key == null ? BlobFormat.NULL_ELEMENT_LENGTH : keyBytes[i].length;
      if (!seen.add(key == null ? null : ByteBuffer.wrap(keyBytes[i]))) {
        throw new IllegalArgumentException(
            name
                + ": map key "
                + (key instanceof byte[] ? Arrays.toString((byte[]) key) : key)
                + " occurs twice");
      }
      values[i] = e.getValue();
      valueLengths[i] = values[i] == null ? BlobFormat.NULL_ELEMENT_LENGTH : values[i].length;
      i++;
    }
    byte[] keyList = BlobIndex.encode(keyLengths, count);
    byte[] valueList = BlobIndex.encode(valueLengths, count);
    try {
      long payloadOffset = beginEntry();
      writeNestedHeader(BlobFormat.MAP_MAGIC, count);
      long[] keyOffsets = writeItems(keyBytes);
      long[] valueOffsets = writeItems(values);
      write(keyList, 0, keyList.length);
      write(valueList, 0, valueList.length);
      writeInt(keyList.length);
      writeInt(valueList.length);
      long[] range = finishEntry();
      return new NestedCell(
          payloadOffset,
          range[1],
          new BlobNestedCodec.Layout(keyOffsets, keyLengths, valueOffsets, valueLengths));
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
  }

  /**
   * Writes the index, its length and the version, and closes the stream. Idempotent. On a failed
   * writer only closes the stream.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try (OutputStream o = out) {
      if (failure != null) {
        return;
      }
      byte[] index = BlobIndex.encode(sizes, (int) rowCount);
      o.write(index);
      BlobFormat.writeInt(scratch, 0, index.length);
      scratch[4] = BlobFormat.VERSION;
      o.write(scratch, 0, BlobFormat.TAIL_SIZE);
      position += index.length + BlobFormat.TAIL_SIZE;
    }
  }

  private void checkWritable(DataTypeRoot expected) {
    if (closed) {
      throw new IllegalStateException(name + ": writer is closed");
    }
    if (failure != null) {
      throw new IllegalStateException(name + ": writer failed earlier: " + failure);
    }
    if (expected != null && expected != kind) {
      throw new IllegalStateException(
          name + ": cannot add a " + expected + " cell to a column of type " + columnType);
    }
    // The index length is an int32; with at most 10 bytes a row this bounds the row count.
    if (indexBytes > Integer.MAX_VALUE - 2 * BlobFormat.MAX_VARINT_BYTES) {
      throw new IllegalStateException(
          name + ": the index of " + rowCount + " rows is full; start a new file");
    }
  }

  private IOException fail(Exception e) {
    failure = e.toString();
    if (e instanceof IOException) {
      return (IOException) e;
    }
    throw (RuntimeException) e;
  }

  private void appendSize(long size) {
    int n = (int) rowCount;
    if (n == sizes.length) {
      sizes = Arrays.copyOf(sizes, n * 2);
    }
    indexBytes += BlobIndex.encodedSize(n == 0 ? 0 : sizes[n - 1], size, n == 0);
    sizes[n] = size;
    rowCount++;
  }

  /** Starts an entry; returns the payload's offset. */
  private long beginEntry() throws IOException {
    crc.reset();
    entryStart = position;
    writeInt(BlobFormat.ENTRY_MAGIC);
    return position;
  }

  /** Ends an entry; returns {offset, length} of its payload. */
  private long[] finishEntry() throws IOException {
    long size = position - entryStart + BlobFormat.ENTRY_TRAILER_SIZE;
    BlobFormat.writeLong(scratch, 0, size);
    write(scratch, 0, 8);
    BlobFormat.writeInt(scratch, 0, (int) crc.getValue());
    out.write(scratch, 0, 4);
    position += 4;
    appendSize(size);
    return new long[] {entryStart + BlobFormat.ENTRY_HEADER_SIZE, size - BlobFormat.ENTRY_OVERHEAD};
  }

  private void writeNestedHeader(int magic, int count) throws IOException {
    writeInt(magic);
    scratch[0] = BlobFormat.NESTED_VERSION;
    write(scratch, 0, 1);
    writeInt(count);
  }

  /** Writes the non-null items; returns their file offsets (-1 for null ones). */
  private long[] writeItems(byte[][] items) throws IOException {
    long[] offsets = new long[items.length];
    for (int i = 0; i < items.length; i++) {
      if (items[i] == null) {
        offsets[i] = -1;
      } else {
        offsets[i] = position;
        write(items[i], 0, items[i].length);
      }
    }
    return offsets;
  }

  private void writeInt(int v) throws IOException {
    BlobFormat.writeInt(scratch, 0, v);
    write(scratch, 0, 4);
  }

  private void write(byte[] b, int off, int len) throws IOException {
    crc.update(b, off, len);
    out.write(b, off, len);
    position += len;
  }
}
