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
package io.paimon.multimodal.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.TimeStampVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TIMESTAMP(9) in INT96 at the edges: instants just inside the 64-bit nanosecond range (whose day
 * starts outside it) read exactly into Arrow, and instants far outside it (years 1 and 9999, which
 * INT96 holds) read exactly as Java values.
 */
class ParquetTimestampsTest {

  @TempDir Path dir;

  @Test
  void int96TimestampsReadExactlyAtTheEdgesOfTheirRanges() throws Exception {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "ts", DataTypes.TIMESTAMP(9)),
                new DataField(1, "ltz", DataTypes.TIMESTAMP_LTZ(9))));
    List<LocalDateTime> inRange = new ArrayList<>();
    long[] edges = {
      Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE
    };
    for (long nanos : edges) {
      Instant i =
          Instant.ofEpochSecond(
              Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
      inRange.add(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
    }
    List<LocalDateTime> outside =
        List.of(
            LocalDateTime.of(1, 1, 1, 0, 0, 0, 1),
            LocalDateTime.of(1500, 6, 30, 23, 59, 59, 999_999_999),
            LocalDateTime.of(9999, 12, 31, 23, 59, 59, 123_456_789));
    Path inFile = write("in.parquet", type, inRange);
    Path outFile = write("out.parquet", type, outside);

    try (RowFileReader r =
            new ParquetFormat().open(RowFile.localInput(inFile), type, RowFileOptions.defaults());
        RootAllocator allocator = new RootAllocator();
        RowArrowReader arrow = r.arrowReader(allocator, 100)) {
      assertThat(arrow.loadNextBatch()).isTrue();
      TimeStampVector ts = (TimeStampVector) arrow.getVectorSchemaRoot().getVector("ts");
      for (int i = 0; i < inRange.size(); i++) {
        assertThat(ts.get(i)).as("row " + i).isEqualTo(edges[i]);
      }
    }
    assertJavaValues(outFile, type, outside);
    assertJavaValues(inFile, type, inRange);
  }

  private static void assertJavaValues(Path file, RowType type, List<LocalDateTime> expected)
      throws Exception {
    try (RowFileReader r =
        new ParquetFormat().open(RowFile.localInput(file), type, RowFileOptions.defaults())) {
      for (int i = 0; i < expected.size(); i++) {
        Row row = r.read(i);
        assertThat(row.get(0)).as(file + " row " + i).isEqualTo(expected.get(i));
        assertThat(row.get(1))
            .as(file + " row " + i)
            .isEqualTo(expected.get(i).toInstant(ZoneOffset.UTC));
      }
    }
  }

  private Path write(String name, RowType type, List<LocalDateTime> values) throws Exception {
    Path file = dir.resolve(name);
    try (OutputStream out = Files.newOutputStream(file);
        RowFileWriter w =
            new ParquetFormat().newWriter(out, name, type, Map.of(), RowFileOptions.defaults())) {
      for (LocalDateTime v : values) {
        w.write(Row.of(v, v.toInstant(ZoneOffset.UTC)));
      }
    }
    return file;
  }
}
