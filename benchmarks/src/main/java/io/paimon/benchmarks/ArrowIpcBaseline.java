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
package io.paimon.benchmarks;

import io.paimon.row.ArrowSchemas;
import io.paimon.row.BenchmarkDataset;
import io.paimon.row.Row;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.SeekableReadChannel;
import org.apache.arrow.vector.ipc.message.IpcOption;

/**
 * The baseline of the codec comparison: the benchmark dataset as an Arrow IPC file with ZSTD buffer
 * compression (arrow-compression's {@link CommonsCompressionFactory}, its default level 3), with
 * the same Arrow schema our Arrow reader produces ({@link ArrowSchemas#toArrowSchema}). Writing
 * converts the generic {@link Row}s into vectors batch by batch, as our writer encodes from {@link
 * Row}s.
 */
final class ArrowIpcBaseline {

  /** The zstd level arrow-compression uses when none is given. */
  static final int ZSTD_LEVEL = 3;

  private ArrowIpcBaseline() {}

  /**
   * Writes {@code rows} (benchmark dataset rows) to a new Arrow IPC file, {@code batchSize} rows
   * per record batch.
   *
   * @return the file size in bytes
   */
  static long write(Row[] rows, Path path, BufferAllocator allocator, int batchSize)
      throws IOException {
    try (VectorSchemaRoot root =
            VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(BenchmarkDataset.TYPE), allocator);
        FileChannel channel =
            FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ArrowFileWriter writer =
            new ArrowFileWriter(
                root,
                null,
                channel,
                null,
                IpcOption.DEFAULT,
                CommonsCompressionFactory.INSTANCE,
                CompressionUtil.CodecType.ZSTD)) {
      BigIntVector id = (BigIntVector) root.getVector(0);
      TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector(1);
      VarCharVector name = (VarCharVector) root.getVector(2);
      Float8Vector score = (Float8Vector) root.getVector(3);
      ListVector tags = (ListVector) root.getVector(4);
      VarCharVector tagValues = (VarCharVector) tags.getDataVector();
      VarBinaryVector payload = (VarBinaryVector) root.getVector(5);
      writer.start();
      boolean allocated = false;
      for (int start = 0; start < rows.length; start += batchSize) {
        int n = Math.min(batchSize, rows.length - start);
        for (FieldVector v : root.getFieldVectors()) {
          if (allocated) {
            v.reset();
          } else {
            v.setInitialCapacity(batchSize);
            v.allocateNew();
          }
        }
        allocated = true;
        for (int i = 0; i < n; i++) {
          Row row = rows[start + i];
          id.setSafe(i, (Long) row.get(0));
          ts.setSafe(i, BenchmarkDataset.epochMillis((LocalDateTime) row.get(1)));
          name.setSafe(i, ((String) row.get(2)).getBytes(StandardCharsets.UTF_8));
          score.setSafe(i, (Double) row.get(3));
          List<?> list = (List<?>) row.get(4);
          int first = tags.startNewValue(i);
          for (int k = 0; k < list.size(); k++) {
            tagValues.setSafe(first + k, ((String) list.get(k)).getBytes(StandardCharsets.UTF_8));
          }
          tags.endValue(i, list.size());
          payload.setSafe(i, (byte[]) row.get(5));
        }
        root.setRowCount(n);
        writer.writeBatch();
      }
      writer.end();
      return channel.size();
    }
  }

  /**
   * Reads every record batch of an Arrow IPC file, decompressing its buffers.
   *
   * @return the number of rows plus the sum of the ids, so the JIT cannot drop the work
   */
  static long[] read(Path path, BufferAllocator allocator) throws IOException {
    long rows = 0;
    long idSum = 0;
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        ArrowFileReader reader =
            new ArrowFileReader(
                new SeekableReadChannel(channel), allocator, CommonsCompressionFactory.INSTANCE)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        int n = root.getRowCount();
        rows += n;
        if (n > 0) {
          BigIntVector id = (BigIntVector) root.getVector(0);
          idSum += id.get(0) + id.get(n - 1);
        }
      }
    }
    return new long[] {rows, idSum};
  }
}
