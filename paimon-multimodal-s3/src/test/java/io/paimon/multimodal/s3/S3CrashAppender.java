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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The child process of {@link S3CrashTest}: appends batches to a table on S3 forever and prints
 * {@code committed <snapshot id> <first id> <rows>} after each commit, until it is killed.
 *
 * <p>Arguments: the S3 endpoint, the access key, the secret key, the warehouse ({@code
 * s3://bucket/path}), the table, the first id to write.
 */
public final class S3CrashAppender {

  /** Rows per commit; the ids of a commit are {@code first .. first + BATCH - 1}. */
  static final int BATCH = 300;

  private S3CrashAppender() {}

  /** Small data files, so that every commit writes several objects. */
  static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("name", DataTypes.STRING())
        .column("payload", DataTypes.BLOB())
        .option("target-file-size", "4 kb")
        .option("file.block-size", "1 kb")
        .build();
  }

  static String name(long id) {
    return "name-" + id;
  }

  /** The BLOB stored with an id: 40 to 167 bytes derived from it. */
  static byte[] payload(long id) {
    byte[] name = name(id).getBytes(StandardCharsets.US_ASCII);
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
      row.put("name", name(id));
      row.put("payload", payload(id));
      rows.add(row);
    }
    return rows;
  }

  /** The connection options of a storage at {@code endpoint} with these keys. */
  static Map<String, String> options(String endpoint, String accessKey, String secretKey) {
    return Map.of(
        S3Options.ENDPOINT, endpoint,
        S3Options.ACCESS_KEY, accessKey,
        S3Options.SECRET_KEY, secretKey,
        S3Options.PATH_STYLE_ACCESS, "true");
  }

  public static void main(String[] args) {
    if (args.length != 6) {
      System.err.println(
          "usage: S3CrashAppender <endpoint> <access key> <secret key> <warehouse> <table>"
              + " <first id>");
      System.exit(2);
    }
    Multimodal.Builder b = Multimodal.builder().warehouse(args[3]);
    options(args[0], args[1], args[2]).forEach(b::option);
    try (Connection conn = b.connect()) {
      Table table = conn.getTable(args[4]);
      for (long first = Long.parseLong(args[5]); ; first += BATCH) {
        Snapshot s = table.add(batch(first));
        System.out.println("committed " + s.id() + " " + first + " " + BATCH);
        System.out.flush();
      }
    }
  }
}
