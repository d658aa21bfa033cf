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
package io.paimon.multimodal;

import io.paimon.types.DataTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The child process of {@link CrashRecoveryTest}: appends batches to a table forever and prints
 * {@code committed <snapshot id> <first id> <rows>} after each commit, until it is killed.
 *
 * <p>Arguments: the warehouse, the table, the first id to write.
 */
public final class CrashAppender {

  /** Rows per commit; the ids of a commit are {@code first .. first + BATCH - 1}. */
  static final int BATCH = 300;

  /** Small files and blocks, so that every commit writes several data and blob files. */
  static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("name", DataTypes.STRING())
        .column("payload", DataTypes.BLOB())
        .option("target-file-size", "4 kb")
        .option("file.block-size", "1 kb")
        .build();
  }

  /** The BLOB stored with an id: 40 to 167 bytes derived from it. */
  static byte[] payload(long id) {
    byte[] name = TestTables.name(id).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] out = new byte[40 + Math.floorMod(id, 128)];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) (name[i % name.length] + i);
    }
    return out;
  }

  static List<Map<String, Object>> batch(long first) {
    List<Map<String, Object>> rows = new ArrayList<>(BATCH);
    for (long id = first; id < first + BATCH; id++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", id);
      row.put("name", TestTables.name(id));
      row.put("payload", payload(id));
      rows.add(row);
    }
    return rows;
  }

  private CrashAppender() {}

  public static void main(String[] args) {
    try (Connection conn = Multimodal.connect(args[0])) {
      Table table = conn.getTable(args[1]);
      for (long first = Long.parseLong(args[2]); ; first += BATCH) {
        Snapshot s = table.add(batch(first));
        System.out.println("committed " + s.id() + " " + first + " " + BATCH);
        System.out.flush();
      }
    }
  }
}
