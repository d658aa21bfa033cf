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
package io.paimon.multimodal.oracle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;

/**
 * The BLOB tables of the oracle tests: {@code id BIGINT NOT NULL, caption STRING, image BLOB, thumb
 * BLOB, camera STRING} partitioned by {@code camera} (null in a third of the rows), and seeded
 * random commits of rows for it.
 */
final class BlobTables {

  static final RowType SCHEMA =
      new RowType(
          List.of(
              new DataField(0, RandomTables.ID, DataTypes.BIGINT().notNull()),
              new DataField(1, "caption", DataTypes.STRING()),
              new DataField(2, "image", DataTypes.BLOB()),
              new DataField(3, "thumb", DataTypes.BLOB()),
              new DataField(4, "camera", DataTypes.STRING())));

  static final String PARTITION = "camera";

  private static final String[] CAMERAS = {"left", "right", null};

  private BlobTables() {}

  /**
   * 1 to 3 commits of 1 to 25 rows, ids from {@code firstId}; payloads null at one in five, some
   * empty, some KiB.
   */
  static List<List<Map<String, Object>>> commits(SplittableRandom r, long firstId) {
    List<List<Map<String, Object>>> commits = new ArrayList<>();
    long id = firstId;
    int n = 1 + r.nextInt(3);
    for (int c = 0; c < n; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      int count = 1 + r.nextInt(25);
      for (int i = 0; i < count; i++) {
        rows.add(row(r, id++));
      }
      commits.add(rows);
    }
    return commits;
  }

  static Map<String, Object> row(SplittableRandom r, long id) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put(RandomTables.ID, id);
    row.put("caption", r.nextInt(6) == 0 ? null : RandomTables.string(r, r.nextInt(12)));
    row.put("image", r.nextInt(5) == 0 ? null : RandomTables.blob(r));
    row.put("thumb", r.nextInt(5) == 0 ? null : RandomTables.blob(r));
    row.put(PARTITION, CAMERAS[r.nextInt(CAMERAS.length)]);
    return row;
  }

  /** Every row of the commits by id. */
  static Map<Long, Map<String, Object>> byId(List<List<Map<String, Object>>> commits) {
    Map<Long, Map<String, Object>> out = new LinkedHashMap<>();
    commits.forEach(c -> c.forEach(row -> out.put((Long) row.get(RandomTables.ID), row)));
    return out;
  }
}
