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
package io.paimon.examples;

import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.roaringbitmap.RoaringBitmap;

/**
 * Writes a {@code .row} file of robot frames, then reads it back by row number, sequentially with a
 * projection, through a row selection, and straight into Arrow, printing what it did.
 *
 * <p>Run: {@code mvn -B -q -DskipTests -Pquickstart
 * -Dquickstart.mainClass=io.paimon.examples.RowFileQuickstart -pl examples -am package}. The file
 * goes to {@code target/quickstart/frames.row} (or the directory given as the first argument).
 */
public final class RowFileQuickstart {

  private RowFileQuickstart() {}

  /** Entry point; the optional first argument is the output directory. */
  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args.length > 0 ? args[0] : "target/quickstart");
    Files.createDirectories(dir);
    Path file = dir.resolve("frames.row");
    Files.deleteIfExists(file);

    RowType type =
        (RowType)
            DataTypes.parse(
                "ROW<episode INT NOT NULL, frame BIGINT NOT NULL, ts TIMESTAMP(6),"
                    + " joints VECTOR<FLOAT, 7>, task STRING, tags ARRAY<STRING>, thumbnail BYTES>");
    System.out.println("Schema: " + type);

    int rows = 200_000;
    long start = System.nanoTime();
    SplittableRandom random = new SplittableRandom(7);
    try (RowFileWriter writer = RowFile.newWriter(file, type, RowFileOptions.defaults())) {
      for (int i = 0; i < rows; i++) {
        writer.write(frame(i, random));
      }
    }
    double writeSeconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        "Wrote %,d rows to %s (%,d bytes) in %.2f s%n", rows, file, Files.size(file), writeSeconds);

    try (RowFileReader reader = RowFile.open(file, type);
        BufferAllocator allocator = new RootAllocator()) {
      RowFileLayout layout = reader.layout();
      System.out.printf(
          "File has %,d rows in %,d zstd blocks (%,d bytes uncompressed)%n",
          reader.rowCount(), layout.blockCount(), layout.uncompressedBytes());

      for (long rowNumber : new long[] {0, 123_456, rows - 1}) {
        Row row = reader.read(rowNumber);
        System.out.printf(
            "  read(%,d): episode=%s frame=%s ts=%s task=%s tags=%s%n",
            rowNumber, row.get(0), row.get(1), row.get(2), row.get(4), row.get(5));
      }

      long matching = 0;
      try (CloseableIterator<Row> it = reader.project(4, 0).iterator()) {
        while (it.hasNext()) {
          if ("pick".equals(it.next().get(0))) {
            matching++;
          }
        }
      }
      System.out.printf(
          "Sequential scan of (task, episode): %,d rows have task 'pick'%n", matching);

      RoaringBitmap selection = RoaringBitmap.bitmapOf(5, 50_000, 50_001, 199_998);
      try (CloseableIterator<Row> it = reader.select(selection).project(1, 3).iterator()) {
        while (it.hasNext()) {
          Row row = it.next();
          float[] joints = (float[]) row.get(1);
          System.out.printf("  selected frame %s: joint0=%.3f%n", row.get(0), joints[0]);
        }
      }

      long arrowRows = 0;
      try (RowArrowReader batches = reader.project(0, 1, 3).arrowReader(allocator, 8192)) {
        while (batches.loadNextBatch()) {
          VectorSchemaRoot root = batches.getVectorSchemaRoot();
          if (arrowRows == 0) {
            System.out.println("First Arrow batch: " + root.getSchema());
            System.out.print(
                root.contentToTSVString()
                    .lines()
                    .limit(3)
                    .reduce("", (a, b) -> a + "  " + b + "\n"));
          }
          arrowRows += root.getRowCount();
        }
      }
      System.out.printf("Decoded %,d rows straight into Arrow vectors%n", arrowRows);
    }
  }

  private static Row frame(int i, SplittableRandom random) {
    int episode = i / 1000;
    long frame = i % 1000;
    LocalDateTime ts =
        LocalDateTime.of(2026, 1, 1, 0, 0)
            .plusNanos(frame * 20_000_000L + episode * 60_000_000_000L);
    float[] joints = new float[7];
    for (int j = 0; j < joints.length; j++) {
      joints[j] = (float) Math.sin(frame / 50.0 + j) + (float) random.nextDouble(-0.01, 0.01);
    }
    String task = episode % 3 == 0 ? "pick" : episode % 3 == 1 ? "place" : "push";
    List<String> tags = frame == 0 ? List.of("episode-start") : List.of();
    byte[] thumbnail = new byte[64];
    random.nextBytes(thumbnail);
    return Row.of(episode, frame, ts, joints, task, tags, thumbnail);
  }
}
