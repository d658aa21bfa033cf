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

import static io.paimon.benchmarks.ScanTimings.bench;
import static io.paimon.benchmarks.ScanTimings.check;
import static io.paimon.benchmarks.ScanTimings.info;

import io.paimon.benchmarks.ScanTimings.Timings;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.types.RowType;

/**
 * The write half of {@link ParquetComparison}: the same rows (id BIGINT, category STRING, score
 * DOUBLE, ts TIMESTAMP(6), label STRING), held in memory beforehand in each side's own form (Arrow
 * batches for us, Paimon {@code GenericRow}s for Paimon), written to a new {@code file.format =
 * parquet} table and committed, by us and by Paimon 1.4.2, with both formats' defaults (zstd level
 * 1, 128 MiB row groups and files). Each run writes a fresh table.
 */
final class ParquetWriteBench {

  private static final int BATCH = 65_536;

  private ParquetWriteBench() {}

  static void run(
      Catalog catalog,
      Connection conn,
      RowType type,
      String db,
      int rows,
      int repeat,
      BufferAllocator allocator)
      throws Exception {
    List<GenericRow> theirs = new ArrayList<>(rows);
    List<VectorSchemaRoot> ours = new ArrayList<>();
    Schema schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT())
            .column("category", DataTypes.STRING())
            .column("score", DataTypes.DOUBLE())
            .column("ts", DataTypes.TIMESTAMP(6))
            .column("label", DataTypes.STRING())
            .option("file.format", "parquet")
            .build();
    org.apache.arrow.vector.types.pojo.Schema arrow = ArrowSchemas.toArrowSchema(schema.rowType());
    try {
      fill(rows, theirs, ours, arrow, allocator);
      int[] run = {0};
      Timings t =
          ScanTimings.measure(
              1,
              repeat,
              () -> {
                Table table = conn.createTable("w_ours_" + run[0], schema, false);
                try (ArrowReader reader = new BatchesReader(allocator, arrow, ours)) {
                  table.add(reader);
                }
                long n = table.scan().count();
                check(n == rows, "our table holds " + n);
                return n;
              },
              () -> {
                Identifier id = Identifier.create(db, "w_paimon_" + run[0]++);
                org.apache.paimon.schema.Schema.Builder sb =
                    org.apache.paimon.schema.Schema.newBuilder();
                for (org.apache.paimon.types.DataField f : type.getFields()) {
                  sb.column(f.name(), f.type());
                }
                sb.option("row-tracking.enabled", "true")
                    .option("data-evolution.enabled", "true")
                    .option("file.format", "parquet");
                catalog.createTable(id, sb.build(), false);
                BatchWriteBuilder builder = catalog.getTable(id).newBatchWriteBuilder();
                try (BatchTableWrite write = builder.newWrite();
                    BatchTableCommit commit = builder.newCommit()) {
                  for (GenericRow row : theirs) {
                    write.write(row);
                  }
                  commit.commit(write.prepareCommit());
                }
                return rows;
              });
      bench(
          "parquet_write",
          "rows_per_s",
          rows / t.ours().medianSeconds(),
          "rows/s",
          rows / t.base().medianSeconds(),
          true);
      info("parquet write (ours from Arrow batches, Paimon from GenericRows): %s", t.cpu());
    } finally {
      ours.forEach(VectorSchemaRoot::close);
    }
  }

  private static void fill(
      int rows,
      List<GenericRow> theirs,
      List<VectorSchemaRoot> ours,
      org.apache.arrow.vector.types.pojo.Schema arrow,
      BufferAllocator allocator) {
    SplittableRandom r = new SplittableRandom(11);
    String[] categories = {"lake", "city", "forest", "sea", "desert"};
    LocalDateTime base = LocalDateTime.of(2026, 1, 1, 0, 0);
    long baseMicros = base.toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
    for (int start = 0; start < rows; start += BATCH) {
      int n = Math.min(BATCH, rows - start);
      VectorSchemaRoot root = VectorSchemaRoot.create(arrow, allocator);
      ours.add(root);
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector category = (VarCharVector) root.getVector("category");
      Float8Vector score = (Float8Vector) root.getVector("score");
      TimeStampVector ts = (TimeStampVector) root.getVector("ts");
      VarCharVector label = (VarCharVector) root.getVector("label");
      for (int j = 0; j < n; j++) {
        long i = start + j;
        String c = categories[r.nextInt(categories.length)];
        double s = r.nextDouble();
        String l = "label-" + Long.toHexString(r.nextLong());
        long micros = baseMicros + i * 1000L;
        id.setSafe(j, i);
        category.setSafe(j, c.getBytes(StandardCharsets.UTF_8));
        score.setSafe(j, s);
        ts.setSafe(j, micros);
        label.setSafe(j, l.getBytes(StandardCharsets.UTF_8));
        theirs.add(
            GenericRow.of(
                i,
                BinaryString.fromString(c),
                s,
                Timestamp.fromLocalDateTime(base.plusNanos(i * 1_000_000L)),
                BinaryString.fromString(l)));
      }
      root.setRowCount(n);
    }
  }

  /** Hands out batches built beforehand, so that reading them costs next to nothing. */
  private static final class BatchesReader extends ArrowReader {
    private final org.apache.arrow.vector.types.pojo.Schema schema;
    private final List<VectorSchemaRoot> batches;
    private int next;

    BatchesReader(
        BufferAllocator allocator,
        org.apache.arrow.vector.types.pojo.Schema schema,
        List<VectorSchemaRoot> batches) {
      super(allocator);
      this.schema = schema;
      this.batches = batches;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
      if (next == batches.size()) {
        return false;
      }
      try (ArrowRecordBatch batch = new VectorUnloader(batches.get(next++)).getRecordBatch()) {
        new VectorLoader(getVectorSchemaRoot()).load(batch);
      }
      return true;
    }

    @Override
    public long bytesRead() {
      return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected org.apache.arrow.vector.types.pojo.Schema readSchema() {
      return schema;
    }
  }
}
