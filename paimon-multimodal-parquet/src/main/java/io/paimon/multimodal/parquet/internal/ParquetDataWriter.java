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

import io.paimon.row.ArrowSchemas;
import io.paimon.row.Row;
import io.paimon.row.RowArrowAppender;
import io.paimon.row.RowFileWriter;
import io.paimon.row.RowFormatException;
import io.paimon.types.DataField;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * A {@link RowFileWriter} of one parquet data file, in the schema Paimon writes ({@link
 * ParquetSchemas}) through parquet-java's {@link ParquetWriter}, which buffers a row group (the
 * {@code parquet.block.size} option) and writes the statistics, column and offset indexes readers
 * prune by. Rows come as {@link Row}s or straight from Arrow vectors; each row is checked whole
 * before its first value reaches parquet, so a row that fails leaves the file as it was.
 *
 * <p>Not thread-safe.
 */
public final class ParquetDataWriter implements RowFileWriter {

  private final String name;
  private final RowType type;
  private final ValueWriter.RowWriter rows;
  private final StreamOutputFile file;
  private final ParquetWriter<Object> writer;
  private long rowCount;
  private boolean closed;

  private static final int SIZE_REFRESH_ROWS = 256;
  private long sizedAtRow = Long.MIN_VALUE / 2;
  private long sizedAtPosition = -1;
  private long dataSize;

  private ParquetDataWriter(String name, RowType type, StreamOutputFile file, ParquetWriteOptions o)
      throws IOException {
    this.name = name;
    this.type = type;
    this.rows = new ValueWriter.RowWriter("", type);
    this.file = file;
    this.writer =
        new Builder(file, ParquetSchemas.toMessageType(type))
            .withConf(new PlainParquetConfiguration())
            .withCodecFactory(ParquetCodecs.withZstdLevel(o.zstdLevel()))
            .withCompressionCodec(o.codec())
            .withRowGroupSize(o.rowGroupSize())
            .withPageSize(o.pageSize())
            .withPageRowCountLimit(o.pageRowCountLimit())
            .withDictionaryPageSize(o.dictionaryPageSize())
            .withDictionaryEncoding(o.dictionary())
            .withWriterVersion(o.writerVersion())
            .withBloomFilterEnabled(o.bloomFilter())
            .withStatisticsTruncateLength(o.statisticsTruncateLength())
            .withColumnIndexTruncateLength(o.columnIndexTruncateLength())
            .build();
  }

  /**
   * Opens a writer of {@code type}'s rows to {@code out}, which it closes.
   *
   * @throws IllegalArgumentException if an option is malformed (naming it) or a column's type
   *     cannot be stored in parquet
   */
  public static ParquetDataWriter open(
      OutputStream out, String name, RowType type, Map<String, String> tableOptions)
      throws IOException {
    ParquetWriteOptions options = ParquetWriteOptions.of(tableOptions);
    check(type);
    return new ParquetDataWriter(name, type, new StreamOutputFile(out, name), options);
  }

  /**
   * Checks that every column of {@code type} can be written and the options parse.
   *
   * @throws IllegalArgumentException naming the option or the column otherwise
   */
  public static void checkWritable(RowType type, Map<String, String> tableOptions) {
    ParquetWriteOptions.of(tableOptions);
    check(type);
  }

  private static void check(RowType type) {
    ParquetSchemas.toMessageType(type);
    new ValueWriter.RowWriter("", type);
  }

  @Override
  public void write(Row row) throws IOException {
    Objects.requireNonNull(row, "row");
    checkOpen();
    try {
      rows.checkFields(row);
    } catch (RowFormatException e) {
      throw new RowFormatException(name, -1, "row " + rowCount + ": " + e.getMessage(), e);
    }
    writer.write(row);
    rowCount++;
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    arrowAppender(batch.getFieldVectors()).appendRange(0, batch.getRowCount());
  }

  @Override
  public RowArrowAppender arrowAppender(List<? extends FieldVector> vectors) {
    checkOpen();
    if (vectors.size() != type.fieldCount()) {
      throw new IllegalArgumentException(
          vectors.size() + " vectors for the " + type.fieldCount() + " fields of " + name);
    }
    VectorWriter[] bound = new VectorWriter[vectors.size()];
    for (int f = 0; f < bound.length; f++) {
      FieldVector v = vectors.get(f);
      if (v != null) {
        DataField field = type.fields().get(f);
        if (!ArrowSchemas.matches(v, field.type())) {
          throw new IllegalArgumentException(
              "field '"
                  + field.name()
                  + "' of type "
                  + field.type()
                  + " cannot be written from a vector of "
                  + v.getField().getType());
        }
        bound[f] = VectorWriter.of(field.name(), field.type(), v);
      }
    }
    return new Appender(bound);
  }

  @Override
  public long rowCount() {
    return rowCount;
  }

  /**
   * Bytes written, plus what the open row group buffers (so files roll at their real size). Asking
   * parquet sums every column writer's buffers, so between row groups the figure is refreshed every
   * {@value #SIZE_REFRESH_ROWS} rows: a file rolls at most that many rows late.
   */
  @Override
  public long bytesWritten() {
    if (closed) {
      return file.position();
    }
    if (rowCount - sizedAtRow >= SIZE_REFRESH_ROWS || file.position() != sizedAtPosition) {
      sizedAtRow = rowCount;
      sizedAtPosition = file.position();
      dataSize = writer.getDataSize();
    }
    return dataSize;
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      writer.close();
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException(name + ": writer is closed");
    }
  }

  /** Emits the record a {@link #write} call hands to parquet: a {@link Row} or an appender. */
  private void emit(RecordConsumer rc, Object record) {
    rc.startMessage();
    if (record instanceof Row) {
      rows.writeFields(rc, (Row) record);
    } else {
      ((Appender) record).emit(rc);
    }
    rc.endMessage();
  }

  /** Vectors bound to the file's fields; fields bound to none take values of a {@link Row}. */
  private final class Appender implements RowArrowAppender {
    private final VectorWriter[] bound;
    private final ValueWriter[] fallback;
    private final String[] names;
    private int index;
    private Row values;

    Appender(VectorWriter[] bound) {
      this.bound = bound;
      this.fallback = new ValueWriter[bound.length];
      this.names = new String[bound.length];
      for (int f = 0; f < bound.length; f++) {
        DataField field = type.fields().get(f);
        names[f] = field.name();
        fallback[f] = bound[f] == null ? ValueWriter.of(field.name(), field.type()) : null;
      }
    }

    @Override
    public void append(int index) throws IOException {
      doAppend(index, null);
    }

    @Override
    public void append(int index, Row values) throws IOException {
      Objects.requireNonNull(values, "values");
      doAppend(index, values);
    }

    private void doAppend(int index, Row values) throws IOException {
      checkOpen();
      if (index < 0) {
        throw new IllegalArgumentException("row " + index + " is not a row of the vectors");
      }
      if (values != null && values.size() != bound.length) {
        throw new IllegalArgumentException(
            "row has " + values.size() + " values for " + bound.length + " fields");
      }
      try {
        for (int f = 0; f < bound.length; f++) {
          VectorWriter w = bound[f];
          boolean isNull = w != null ? w.isNull(index) : values == null || values.isNullAt(f);
          if (isNull) {
            if (!type.fields().get(f).type().isNullable()) {
              throw new IllegalArgumentException("field '" + names[f] + "' is NOT NULL but null");
            }
          } else if (w != null) {
            w.check(index);
          } else {
            fallback[f].check(values.get(f));
          }
        }
      } catch (RowFormatException e) {
        throw new RowFormatException(name, -1, "row " + rowCount + ": " + e.getMessage(), e);
      }
      this.index = index;
      this.values = values;
      writer.write(this);
      rowCount++;
    }

    void emit(RecordConsumer rc) {
      for (int f = 0; f < bound.length; f++) {
        VectorWriter w = bound[f];
        if (w != null) {
          if (!w.isNull(index)) {
            rc.startField(names[f], f);
            w.write(rc, index);
            rc.endField(names[f], f);
          }
        } else if (values != null && !values.isNullAt(f)) {
          rc.startField(names[f], f);
          fallback[f].write(rc, values.get(f));
          rc.endField(names[f], f);
        }
      }
    }

    @Override
    public void appendRange(int from, int to) throws IOException {
      int limit = Integer.MAX_VALUE;
      for (VectorWriter w : bound) {
        if (w != null) {
          limit = Math.min(limit, w.vector.getValueCount());
        }
      }
      if (from < 0 || to > limit || from > to) {
        throw new IllegalArgumentException(
            "rows "
                + from
                + " to "
                + to
                + " are not rows of the vectors, which hold "
                + (limit == Integer.MAX_VALUE ? "any number of" : String.valueOf(limit))
                + " rows");
      }
      for (int i = from; i < to; i++) {
        try {
          doAppend(i, null);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("batch row " + i + ": " + e.getMessage(), e);
        } catch (RowFormatException e) {
          throw new RowFormatException(
              name, -1, "batch row " + i + ": " + e.getCause().getMessage(), e);
        }
      }
    }
  }

  private final class Builder extends ParquetWriter.Builder<Object, Builder> {
    private final MessageType schema;

    Builder(OutputFile out, MessageType schema) {
      super(out);
      this.schema = schema;
    }

    @Override
    protected Builder self() {
      return this;
    }

    // Abstract in parquet-java, so it must be implemented; never called with a
    // ParquetConfiguration.
    @Override
    @Deprecated
    protected WriteSupport<Object> getWriteSupport(org.apache.hadoop.conf.Configuration conf) {
      return new Support(schema);
    }

    @Override
    protected WriteSupport<Object> getWriteSupport(ParquetConfiguration conf) {
      return new Support(schema);
    }
  }

  private final class Support extends WriteSupport<Object> {
    private final MessageType schema;
    private RecordConsumer consumer;

    Support(MessageType schema) {
      this.schema = schema;
    }

    @Override
    @Deprecated
    public WriteContext init(org.apache.hadoop.conf.Configuration conf) {
      return new WriteContext(schema, new HashMap<>());
    }

    @Override
    public WriteContext init(ParquetConfiguration conf) {
      return new WriteContext(schema, new HashMap<>());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      this.consumer = recordConsumer;
    }

    @Override
    public void write(Object record) {
      emit(consumer, record);
    }
  }
}
