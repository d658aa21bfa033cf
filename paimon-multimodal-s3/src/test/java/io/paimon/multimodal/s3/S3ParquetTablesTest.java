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
package io.paimon.multimodal.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.s3.testing.S3TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet tables on S3 (s3proxy): written and read through the S3 storage, and a take of a few rows
 * of a file of many pages makes a handful of requests to it (page indexes are parsed from buffered
 * reads, not a request per field).
 */
class S3ParquetTablesTest {

  @TempDir Path dir;

  @Test
  void parquetTablesReadAndTakeOnS3WithFewRequests() throws Exception {
    S3TestStorage storage = new S3TestStorage();
    CountingFileIO counting =
        new CountingFileIO(storage.fileIO(), path -> path.endsWith(".parquet"));
    try (Connection conn =
        Multimodal.builder()
            .warehouse(storage.newWarehouse(dir))
            .fileIO(counting)
            .option("table-default.file.format", "parquet")
            .connect()) {
      Table t =
          conn.createTable(
              "frames",
              Schema.builder()
                  .column("id", DataTypes.BIGINT())
                  .column("caption", DataTypes.STRING())
                  .column("pose", DataTypes.ARRAY(DataTypes.DOUBLE()))
                  .option("parquet.page.row.count.limit", "500")
                  .build(),
              false);
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long i = 0; i < 20_000; i++) {
        rows.add(Map.of("id", i, "caption", "frame " + i, "pose", List.of(i * 0.5, -1.0)));
      }
      t.add(rows);
      assertThat(t.scan().plan().get(0).files().get(0).format()).isEqualTo("parquet");
      assertThat(t.scan().where("id >= 19990").count()).isEqualTo(10);

      counting.reset();
      List<Map<String, Object>> taken = t.takeRowIds(List.of(3L, 12_345L, 19_999L)).toList();
      assertThat(taken)
          .extracting(r -> r.get("caption"))
          .containsExactly("frame 3", "frame 12345", "frame 19999");
      assertThat(taken.get(1).get("pose")).isEqualTo(List.of(12_345 * 0.5, -1.0));
      assertThat(counting.reads()).as("requests to the parquet file for a take").isLessThan(24);
    }
  }
}
