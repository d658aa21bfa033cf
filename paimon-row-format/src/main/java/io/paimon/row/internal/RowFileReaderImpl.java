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

import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.SeekableInput;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.roaringbitmap.RoaringBitmap;

/** The {@code .row} reader and its projected/selected views; see {@link RowFileReader}. */
public final class RowFileReaderImpl implements RowFileReader {

  private final SeekableInput input;
  private final RowFileMeta meta;
  private final RowType fileType;
  private final RowFileOptions options;
  private final boolean ownsInput;
  private final int[] projection;
  private final RowType rowType;
  private final RoaringBitmap selection;
  private final RowCodec codec;

  private BlockDecoder decoder;
  private final DecodedBlock cached = new DecodedBlock();
  private byte[] compressed = new byte[0];
  private final BlockInput cursor;
  private boolean closed;

  private RowFileReaderImpl(
      SeekableInput input,
      RowFileMeta meta,
      RowType fileType,
      RowFileOptions options,
      boolean ownsInput,
      int[] projection,
      RoaringBitmap selection) {
    this.input = input;
    this.meta = meta;
    this.fileType = fileType;
    this.options = options;
    this.ownsInput = ownsInput;
    this.projection = projection;
    this.rowType = projection == null ? fileType : fileType.project(projection);
    this.selection = selection;
    this.codec = new RowCodec(fileType, projection);
    this.cursor = new BlockInput(meta.name);
  }

  /** Opens and validates a file; closes {@code input} if that fails. */
  public static RowFileReader open(SeekableInput input, RowType type, RowFileOptions options)
      throws IOException {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(options, "options");
    try {
      RowFileMeta meta = RowFileMeta.read(input);
      return new RowFileReaderImpl(input, meta, type, options, true, null, null);
    } catch (Throwable t) {
      try {
        input.close();
      } catch (IOException e) {
        t.addSuppressed(e);
      }
      throw t;
    }
  }

  @Override
  public String name() {
    return meta.name;
  }

  @Override
  public RowType fileType() {
    return fileType;
  }

  @Override
  public RowType rowType() {
    return rowType;
  }

  @Override
  public long rowCount() {
    return meta.totalRows;
  }

  @Override
  public RowFileLayout layout() {
    return meta.layout();
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException(meta.name + ": reader is closed");
    }
  }

  @Override
  public Row read(long rowNumber) throws IOException {
    checkOpen();
    if (rowNumber < 0 || rowNumber >= meta.totalRows) {
      throw new IndexOutOfBoundsException(
          meta.name + ": row " + rowNumber + " is outside [0, " + meta.totalRows + ")");
    }
    int b = meta.blockOf(rowNumber);
    if (cached.index != b) {
      loadBlock(b);
    }
    int i = (int) (rowNumber - cached.firstRow);
    cursor.reset(cached.data, b, cached.fileOffset);
    cursor.row(cached.offsets[i], cached.offsets[i + 1], rowNumber);
    return codec.read(cursor);
  }

  private void loadBlock(int b) throws IOException {
    LruBlockCache cache = (LruBlockCache) options.blockCache();
    if (cache != null && cache.load(meta, b, cached)) {
      return;
    }
    if (decoder == null) {
      decoder = new BlockDecoder(meta);
    }
    int len = meta.compressedSizes[b];
    if (compressed.length < len) {
      compressed = new byte[len];
    }
    input.readFully(meta.blockOffsets[b], compressed, 0, len);
    decoder.decode(b, compressed, 0, cached);
    if (cache != null) {
      cache.store(meta, cached);
    }
  }

  @Override
  public CloseableIterator<Row> iterator() throws IOException {
    checkOpen();
    BlockStream stream =
        BlockStream.open(
            meta, input, RowCursor.blocksToRead(meta, selection), options, selection != null);
    return new RowIterator(stream);
  }

  @Override
  public RowFileReader project(int... fields) {
    checkOpen();
    Objects.requireNonNull(fields, "fields");
    boolean[] seen = new boolean[fileType.fieldCount()];
    int[] fileFields = new int[fields.length];
    for (int i = 0; i < fields.length; i++) {
      int f = fields[i];
      // Indexes refer to this reader's row type, which may already be a projection.
      if (f < 0 || f >= rowType.fieldCount()) {
        throw new IllegalArgumentException(
            "projected field " + f + " is outside [0, " + rowType.fieldCount() + ")");
      }
      int fileField = projection == null ? f : projection[f];
      if (seen[fileField]) {
        throw new IllegalArgumentException("field " + f + " is projected twice");
      }
      seen[fileField] = true;
      fileFields[i] = fileField;
    }
    return new RowFileReaderImpl(input, meta, fileType, options, false, fileFields, selection);
  }

  @Override
  public RowFileReader select(RoaringBitmap rows) {
    checkOpen();
    Objects.requireNonNull(rows, "rows");
    if (!rows.isEmpty() && Integer.toUnsignedLong(rows.last()) >= meta.totalRows) {
      throw new IllegalArgumentException(
          "selected row "
              + Integer.toUnsignedLong(rows.last())
              + " is outside [0, "
              + meta.totalRows
              + ")");
    }
    RoaringBitmap narrowed = selection == null ? rows.clone() : RoaringBitmap.and(selection, rows);
    return new RowFileReaderImpl(input, meta, fileType, options, false, projection, narrowed);
  }

  @Override
  public RowArrowReader arrowReader(BufferAllocator allocator, int batchSize) throws IOException {
    checkOpen();
    Objects.requireNonNull(allocator, "allocator");
    if (batchSize <= 0) {
      throw new IllegalArgumentException("batchSize must be positive, got " + batchSize);
    }
    // A dense selection (all rows but deleted ones) reads like a full scan, whose blocks are all
    // needed anyway; sparse ones (takes) read only their blocks, sequentially, through the cache.
    boolean dense = selection == null || selection.getLongCardinality() * 2 >= meta.totalRows;
    if (dense
        && options.executor() != null
        && options.decodeThreads() > 1
        && options.readAheadBlocks() > 0
        && meta.totalRows > batchSize) {
      return new ParallelArrowRowReader(
          allocator,
          meta,
          input,
          codec,
          rowType,
          batchSize,
          options.decodeThreads(),
          options.executor(),
          selection);
    }
    BlockStream stream =
        BlockStream.open(
            meta, input, RowCursor.blocksToRead(meta, selection), options, selection != null);
    return new ArrowRowReaderImpl(
        allocator, stream, codec, rowType, selection, batchSize, meta.name);
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (decoder != null) {
      decoder.close();
    }
    if (ownsInput) {
      input.close();
    }
  }

  /** Sequential rows over a block stream. */
  private final class RowIterator implements CloseableIterator<Row> {
    private final BlockStream stream;
    private final RowCursor rows = new RowCursor(selection);
    private final BlockInput in = new BlockInput(meta.name);
    private DecodedBlock block;
    private int nextIndex = -1;
    private boolean done;

    RowIterator(BlockStream stream) {
      this.stream = stream;
    }

    @Override
    public boolean hasNext() {
      if (nextIndex >= 0) {
        return true;
      }
      if (done) {
        return false;
      }
      try {
        while (true) {
          int r = rows.next();
          if (r >= 0) {
            nextIndex = r;
            return true;
          }
          block = stream.next();
          if (block == null) {
            done = true;
            stream.close();
            return false;
          }
          in.reset(block.data, block.index, block.fileOffset);
          rows.reset(block);
        }
      } catch (IOException e) {
        done = true;
        stream.close();
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public Row next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      int i = nextIndex;
      nextIndex = -1;
      in.row(block.offsets[i], block.offsets[i + 1], block.firstRow + i);
      try {
        return codec.read(in);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() {
      done = true;
      nextIndex = -1;
      stream.close();
    }
  }
}
