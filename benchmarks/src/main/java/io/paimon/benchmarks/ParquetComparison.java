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
import static io.paimon.benchmarks.ScanTimings.loadAverage;

import io.paimon.benchmarks.ScanTimings.Timings;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.options.Options;
import org.apache.paimon.predicate.PredicateBuilder;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.RowType;

/**
 * Reading parquet data files, side by side with Apache Paimon 1.4.2: Paimon writes a parquet table
 * (its default format) of {@code --rows} rows (id BIGINT, category STRING, score DOUBLE, ts
 * TIMESTAMP(6), label STRING); then, in the same JVM, a full scan into Arrow by us against Paimon's
 * own {@code ReadBuilder} read of the same files (both touch every id), a 1% {@code where} (ours
 * exact; Paimon's with its filter pushed down, which prunes row groups by statistics), and 10,000
 * random {@code takeRowIds} over the parquet table against the same takes over a {@code row}-file
 * copy of the rows written by us; then parquet writes of the same rows by us and by Paimon ({@link
 * ParquetWriteBench}).
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Xmx4g \
 *     -cp benchmarks/target/benchmarks.jar io.paimon.benchmarks.ParquetComparison --rows 1000000
 * </pre>
 */
public final class ParquetComparison {

  private static final String DB = Multimodal.DEFAULT_DATABASE;

  private ParquetComparison() {}

  public static void main(String[] args) throws Exception {
    int rows = 1_000_000;
    int repeat = 3;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--rows")) {
        rows = Integer.parseInt(args[++i]);
      } else if (args[i].equals("--repeat")) {
        repeat = Integer.parseInt(args[++i]);
      } else {
        throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    Path work = Files.createTempDirectory("parquet-bench");
    String warehouse = work.resolve("warehouse").toString();
    info("ParquetComparison: %,d rows; load average %s", rows, loadAverage());
    RowType type =
        RowType.of(
            new org.apache.paimon.types.DataType[] {
              org.apache.paimon.types.DataTypes.BIGINT(),
              org.apache.paimon.types.DataTypes.STRING(),
              org.apache.paimon.types.DataTypes.DOUBLE(),
              org.apache.paimon.types.DataTypes.TIMESTAMP(6),
              org.apache.paimon.types.DataTypes.STRING()
            },
            new String[] {"id", "category", "score", "ts", "label"});
    Options catalogOptions = new Options();
    catalogOptions.set("warehouse", warehouse);
    try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(catalogOptions));
        Connection conn = Multimodal.builder().warehouse(warehouse).connect()) {
      catalog.createDatabase(DB, true);
      Identifier id = Identifier.create(DB, "pq");
      org.apache.paimon.schema.Schema.Builder sb = org.apache.paimon.schema.Schema.newBuilder();
      for (org.apache.paimon.types.DataField f : type.getFields()) {
        sb.column(f.name(), f.type());
      }
      sb.option("row-tracking.enabled", "true").option("data-evolution.enabled", "true");
      catalog.createTable(id, sb.build(), false);
      org.apache.paimon.table.Table paimonTable = catalog.getTable(id);

      Table rowTable =
          conn.createTable(
              "rowcopy",
              Schema.builder()
                  .column("id", DataTypes.BIGINT())
                  .column("category", DataTypes.STRING())
                  .column("score", DataTypes.DOUBLE())
                  .column("ts", DataTypes.TIMESTAMP(6))
                  .column("label", DataTypes.STRING())
                  .build(),
              false);
      long t0 = System.nanoTime();
      write(paimonTable, rowTable, rows);
      info("wrote both tables in %.1f s", (System.nanoTime() - t0) / 1e9);
      Table pq = conn.getTable("pq");

      long expectedSum = (long) rows * (rows - 1) / 2;
      Timings full =
          ScanTimings.measure(
              1,
              repeat,
              () -> {
                long sum = sumIds(pq.scan().toArrowReader());
                check(sum == expectedSum, "our scan summed " + sum);
                return sum;
              },
              () -> {
                long sum = paimonSum(paimonTable.newReadBuilder());
                check(sum == expectedSum, "Paimon's read summed " + sum);
                return sum;
              });
      bench(
          "parquet_full_scan",
          "rows_per_s",
          rows / full.ours().medianSeconds(),
          "rows/s",
          rows / full.base().medianSeconds(),
          true);
      info("full scan: %s", full.cpu());

      long cut = rows / 100;
      Timings where =
          ScanTimings.measure(
              1,
              repeat,
              () -> sumIds(pq.scan().where("id < " + cut).toArrowReader()),
              () -> {
                ReadBuilder rb =
                    paimonTable
                        .newReadBuilder()
                        .withFilter(new PredicateBuilder(type).lessThan(0, cut));
                return paimonSum(rb);
              });
      bench(
          "parquet_where_1pct",
          "ms",
          where.ours().medianMillis(),
          "ms",
          where.base().medianMillis(),
          false);
      info(
          "1%% where: %s (ours exact rows; Paimon returns the rows of the row groups it keeps)",
          where.cpu());

      SplittableRandom r = new SplittableRandom(42);
      List<Long> ids = new ArrayList<>();
      for (int i = 0; i < 10_000; i++) {
        ids.add((long) r.nextInt(rows));
      }
      Timings takes =
          ScanTimings.measure(
              1,
              repeat,
              () -> sumIds(pq.takeRowIds(ids).select("id").toArrowReader()),
              () -> sumIds(rowTable.takeRowIds(ids).select("id").toArrowReader()));
      bench(
          "parquet_take_10k",
          "ms",
          takes.ours().medianMillis(),
          "ms",
          takes.base().medianMillis(),
          false);
      info("10,000 random takes: parquet (ours) against row files (baseline); %s", takes.cpu());

      ParquetWriteBench.run(catalog, conn, type, DB, rows, repeat, conn.allocator());
    }
  }

  private static void write(org.apache.paimon.table.Table paimon, Table ours, int rows)
      throws Exception {
    SplittableRandom r = new SplittableRandom(7);
    String[] categories = {"lake", "city", "forest", "sea", "desert"};
    LocalDateTime base = LocalDateTime.of(2026, 1, 1, 0, 0);
    BatchWriteBuilder builder = paimon.newBatchWriteBuilder();
    int chunk = 200_000;
    try (BatchTableWrite write = builder.newWrite()) {
      for (int start = 0; start < rows; start += chunk) {
        List<Map<String, Object>> maps = new ArrayList<>();
        for (int i = start; i < Math.min(rows, start + chunk); i++) {
          String category = categories[r.nextInt(categories.length)];
          double score = r.nextDouble();
          LocalDateTime ts = base.plusNanos(i * 1_000_000L);
          String label = "label-" + Long.toHexString(r.nextLong());
          write.write(
              GenericRow.of(
                  (long) i,
                  BinaryString.fromString(category),
                  score,
                  Timestamp.fromLocalDateTime(ts),
                  BinaryString.fromString(label)));
          Map<String, Object> m = new LinkedHashMap<>();
          m.put("id", (long) i);
          m.put("category", category);
          m.put("score", score);
          m.put("ts", ts);
          m.put("label", label);
          maps.add(m);
        }
        ours.add(maps);
      }
      try (BatchTableCommit commit = builder.newCommit()) {
        commit.commit(write.prepareCommit());
      }
    }
  }

  private static long sumIds(ArrowReader reader) throws Exception {
    long sum = 0;
    try (ArrowReader r = reader) {
      while (r.loadNextBatch()) {
        BigIntVector v = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
        for (int i = 0, n = v.getValueCount(); i < n; i++) {
          sum += v.get(i);
        }
      }
    }
    return sum;
  }

  private static long paimonSum(ReadBuilder rb) throws Exception {
    long[] sum = {0};
    try (RecordReader<InternalRow> reader = rb.newRead().createReader(rb.newScan().plan())) {
      reader.forEachRemaining(row -> sum[0] += row.getLong(0));
    }
    return sum[0];
  }
}
