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

import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFormatException;
import io.paimon.row.RowGroupStatistics;
import io.paimon.row.SeekableInput;
import io.paimon.types.DataField;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.Executor;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.roaringbitmap.RoaringBitmap;

/**
 * A {@link RowFileReader} over one parquet data file: the footer is read once when the file is
 * opened; every iterator and Arrow reader then opens its own parquet-java reader over the shared
 * footer, so views and readers may be used from different threads at once (one thread per iterator
 * or Arrow reader). Columns are matched to the file by field id, then by name (Paimon writes the
 * field ids); a column the file lacks reads as nulls.
 */
public final class ParquetRowFileReader implements RowFileReader {

  private static final ParquetReadOptions READ_OPTIONS =
      ParquetReadOptions.builder(new PlainParquetConfiguration())
          .withCodecFactory(ParquetCodecs.INSTANCE)
          .build();

  private final SeekableInput input;
  private final ParquetInput parquetInput;
  private final ParquetMetadata footer;
  private final RowType fileType;
  private final int[] projection;
  private final RowType rowType;
  private final RoaringBitmap selection;
  private final long rowCount;
  private final long[] groupStarts;
  private final boolean owner;

  /** Where Arrow readers decode a batch's columns in parallel, and in how many tasks. */
  private final Executor executor;

  private final int decodeThreads;

  private ParquetRowFileReader(
      SeekableInput input,
      ParquetInput parquetInput,
      ParquetMetadata footer,
      RowType fileType,
      int[] projection,
      RoaringBitmap selection,
      long rowCount,
      long[] groupStarts,
      boolean owner,
      Executor executor,
      int decodeThreads) {
    this.input = input;
    this.parquetInput = parquetInput;
    this.footer = footer;
    this.fileType = fileType;
    this.projection = projection;
    this.rowType = fileType.project(projection);
    this.selection = selection;
    this.rowCount = rowCount;
    this.groupStarts = groupStarts;
    this.owner = owner;
    this.executor = executor;
    this.decodeThreads = decodeThreads;
  }

  /**
   * Reads the footer of a parquet file.
   *
   * @throws RowFormatException if the footer is malformed or the file holds more than 2^31 - 1 rows
   *     (row numbers are 32-bit in selections)
   */
  public static ParquetRowFileReader open(SeekableInput input, RowType fileType)
      throws IOException {
    return open(input, fileType, RowFileOptions.defaults());
  }

  /**
   * Reads the footer of a parquet file; Arrow readers decode a batch's columns in up to {@code
   * options.decodeThreads()} tasks on {@code options.executor()} when it has one.
   *
   * @throws RowFormatException as {@link #open(SeekableInput, RowType)}
   */
  public static ParquetRowFileReader open(
      SeekableInput input, RowType fileType, RowFileOptions options) throws IOException {
    ParquetInput in = new ParquetInput(input);
    ParquetMetadata footer;
    try (ParquetFileReader r = ParquetFileReader.open(in, READ_OPTIONS)) {
      footer = r.getFooter();
    } catch (RowFormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new RowFormatException(
          input.name(), -1, "not a readable parquet file: " + e.getMessage(), e);
    }
    List<BlockMetaData> blocks = footer.getBlocks();
    long length = in.getLength();
    for (int i = 0; i < blocks.size(); i++) {
      for (ColumnChunkMetaData chunk : blocks.get(i).getColumns()) {
        long start = chunk.getStartingPos();
        long size = chunk.getTotalSize();
        if (start < 0 || size < 0 || start > length || size > length - start) {
          throw new RowFormatException(
              input.name(),
              start,
              "row group "
                  + i
                  + " column "
                  + chunk.getPath()
                  + " claims "
                  + size
                  + " bytes at offset "
                  + start
                  + ", past the end of the file ("
                  + length
                  + " bytes)");
        }
      }
    }
    long[] starts = new long[blocks.size()];
    long total = 0;
    for (int i = 0; i < blocks.size(); i++) {
      long n = blocks.get(i).getRowCount();
      if (n < 0) {
        throw new RowFormatException(
            input.name(), -1, "row group " + i + " has a negative row count " + n);
      }
      starts[i] = total;
      total += n;
      if (total > Integer.MAX_VALUE) {
        throw new RowFormatException(
            input.name(), -1, "the file holds more than " + Integer.MAX_VALUE + " rows");
      }
    }
    int[] all = new int[fileType.fieldCount()];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    return new ParquetRowFileReader(
        input,
        in,
        footer,
        fileType,
        all,
        null,
        total,
        starts,
        true,
        options.executor(),
        options.decodeThreads());
  }

  @Override
  public String name() {
    return input.name();
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
    return rowCount;
  }

  /** Row groups play the part of blocks: their sizes and first row numbers. */
  @Override
  public RowFileLayout layout() {
    List<BlockMetaData> blocks = footer.getBlocks();
    int[] compressed = new int[blocks.size()];
    int[] uncompressed = new int[blocks.size()];
    for (int i = 0; i < compressed.length; i++) {
      compressed[i] = (int) Math.min(Integer.MAX_VALUE, blocks.get(i).getCompressedSize());
      uncompressed[i] = (int) Math.min(Integer.MAX_VALUE, blocks.get(i).getTotalByteSize());
    }
    return new RowFileLayout(
        parquetInput.getLength(), rowCount, 0, 0, compressed, uncompressed, groupStarts);
  }

  /** The footer's column chunk statistics, converted by {@link ParquetStatistics}. */
  @Override
  public List<RowGroupStatistics> rowGroupStatistics() {
    return ParquetStatistics.of(footer, fileType, groupStarts);
  }

  @Override
  public Row read(long rowNumber) throws IOException {
    if (rowNumber < 0 || rowNumber >= rowCount) {
      throw new IndexOutOfBoundsException(
          "row " + rowNumber + " is outside the file's " + rowCount + " rows");
    }
    RoaringBitmap one = RoaringBitmap.bitmapOf((int) rowNumber);
    try (CloseableIterator<Row> it = withSelection(one).iterator()) {
      return it.next();
    }
  }

  @Override
  public CloseableIterator<Row> iterator() throws IOException {
    ParquetFileReader file = reopen(parquetInput.newStream());
    RowGroupCursor cursor;
    try {
      cursor = cursor(file);
    } catch (IOException | RuntimeException e) {
      file.close();
      throw e;
    }
    return new CloseableIterator<>() {
      private long pending = -2;

      @Override
      public boolean hasNext() {
        if (pending == -2) {
          try {
            pending = cursor.advance();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        return pending >= 0;
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        ColumnDecoder[] decoders = cursor.decoders();
        Object[] values = new Object[decoders.length];
        try {
          for (int c = 0; c < decoders.length; c++) {
            if (decoders[c] != null) {
              values[c] = decoders[c].value(cursor.readers()[c]);
            } else if (cursor.nested()[c] != null) {
              values[c] = cursor.nested()[c].value();
            }
          }
        } catch (RuntimeException e) {
          throw new UncheckedIOException(cursor.malformed("row " + pending, e));
        }
        pending = -2;
        return Row.wrap(values);
      }

      @Override
      public void close() {
        try {
          file.close();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  @Override
  public RowFileReader project(int... fields) {
    Set<Integer> seen = new HashSet<>();
    int[] mapped = new int[fields.length];
    for (int i = 0; i < fields.length; i++) {
      int f = fields[i];
      if (f < 0 || f >= projection.length || !seen.add(f)) {
        throw new IllegalArgumentException(
            "field index " + f + " is out of range or repeated (" + projection.length + " fields)");
      }
      mapped[i] = projection[f];
    }
    return new ParquetRowFileReader(
        input,
        parquetInput,
        footer,
        fileType,
        mapped,
        selection,
        rowCount,
        groupStarts,
        false,
        executor,
        decodeThreads);
  }

  @Override
  public RowFileReader select(RoaringBitmap rows) {
    if (!rows.isEmpty() && Integer.toUnsignedLong(rows.last()) >= rowCount) {
      throw new IllegalArgumentException(
          "row "
              + Integer.toUnsignedLong(rows.last())
              + " is outside the file's "
              + rowCount
              + " rows");
    }
    return withSelection(rows);
  }

  private ParquetRowFileReader withSelection(RoaringBitmap rows) {
    return new ParquetRowFileReader(
        input,
        parquetInput,
        footer,
        fileType,
        projection,
        rows,
        rowCount,
        groupStarts,
        false,
        executor,
        decodeThreads);
  }

  @Override
  public RowArrowReader arrowReader(BufferAllocator allocator, int batchSize) throws IOException {
    if (batchSize <= 0) {
      throw new IllegalArgumentException("batchSize must be positive, got " + batchSize);
    }
    ParquetInput.Stream stream = parquetInput.newStream();
    ParquetFileReader file = reopen(stream);
    try {
      return new ParquetArrowReader(
          allocator,
          cursor(file),
          file,
          stream,
          rowType,
          batchSize,
          executor == null ? null : new ColumnTasks(executor, decodeThreads));
    } catch (IOException | RuntimeException e) {
      file.close();
      throw e;
    }
  }

  private ParquetFileReader reopen(ParquetInput.Stream stream) throws IOException {
    try {
      return ParquetFileReader.open(parquetInput, footer, READ_OPTIONS, stream);
    } catch (IOException | RuntimeException e) {
      throw new RowFormatException(
          name(), -1, "cannot open the parquet file: " + e.getMessage(), e);
    }
  }

  /** Resolves the projected columns against the file's schema and positions before row 0. */
  private RowGroupCursor cursor(ParquetFileReader file) throws IOException {
    MessageType schema = footer.getFileMetaData().getSchema();
    List<DataField> fields = rowType.fields();
    ColumnDecoder[] decoders = new ColumnDecoder[fields.size()];
    NestedColumn[] nested = new NestedColumn[fields.size()];
    List<Type> requested = new ArrayList<>();
    for (int c = 0; c < decoders.length; c++) {
      DataField field = fields.get(c);
      Type t = find(schema, field);
      if (t == null) {
        continue;
      }
      if (NestedColumn.isNested(field.type())) {
        nested[c] = NestedColumn.of(name(), field, schema, t);
      } else if (!t.isPrimitive() || t.getRepetition() == Type.Repetition.REPEATED) {
        throw new RowFormatException(
            name(),
            -1,
            "column '" + field.name() + "' is " + field.type() + " but the file stores it as " + t);
      } else {
        decoders[c] =
            ColumnDecoder.of(
                name(), field, schema.getColumnDescription(new String[] {t.getName()}));
      }
      requested.add(t);
    }
    MessageType requestedSchema = new MessageType(schema.getName(), requested);
    file.setRequestedSchema(requestedSchema);
    return new RowGroupCursor(
        name(), file, requestedSchema, decoders, nested, groupStarts, rowCount, selection);
  }

  /** The file column holding {@code field}: by field id, then (for files without ids) by name. */
  static Type find(MessageType schema, DataField field) {
    for (Type t : schema.getFields()) {
      if (t.getId() != null && t.getId().intValue() == field.id()) {
        return t;
      }
    }
    for (Type t : schema.getFields()) {
      if (t.getId() == null && t.getName().equals(field.name())) {
        return t;
      }
    }
    return null;
  }

  @Override
  public void close() throws IOException {
    if (owner) {
      input.close();
    }
  }
}
