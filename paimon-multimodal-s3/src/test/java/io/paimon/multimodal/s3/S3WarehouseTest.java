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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A warehouse on S3, end to end through the public API: connect by URI, create a table with a BLOB
 * column, commit twice, scan with predicates and projections, read BLOB payloads back through the
 * table's storage, and drop the table without leaving keys behind.
 */
class S3WarehouseTest {

  private static final long SEED = 5150;

  private static S3TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server = S3TestServer.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static Connection connect(String warehouse) {
    Multimodal.Builder b = Multimodal.builder().warehouse(warehouse);
    server.options().forEach(b::option);
    return b.option(S3Options.PART_SIZE, "5 mb").connect();
  }

  private static Map<String, Object> row(
      long id, String category, float[] embedding, byte[] image) {
    Map<String, Object> r = new HashMap<>();
    r.put("id", id);
    r.put("category", category);
    r.put("embedding", embedding);
    r.put("image", image);
    return r;
  }

  private static byte[] read(Table table, BlobDescriptor d) {
    try (InputFile in = table.io().newInputFile(d.uri())) {
      byte[] out = new byte[Math.toIntExact(d.length())];
      in.readFully(d.offset(), out, 0, out.length);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> keys(String bucket, String prefix) {
    return server
        .admin()
        .listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix))
        .contents()
        .stream()
        .map(S3Object::key)
        .toList();
  }

  @Test
  void aTableOnS3IsWrittenScannedAndDropped() {
    String bucket = server.newBucket();
    Random rnd = new Random(SEED);
    Map<Long, byte[]> images = new HashMap<>();
    List<Map<String, Object>> first = new ArrayList<>();
    List<Map<String, Object>> second = new ArrayList<>();
    for (long id = 0; id < 40; id++) {
      byte[] image = id % 7 == 3 ? null : new byte[100 + rnd.nextInt(5000)];
      if (image != null) {
        rnd.nextBytes(image);
        images.put(id, image);
      }
      float[] embedding = {id, id / 2f, -id};
      (id < 25 ? first : second).add(row(id, id % 2 == 0 ? "lake" : "sea", embedding, image));
    }

    try (Connection conn = connect("s3://" + bucket + "/wh")) {
      assertThat(conn.warehouse()).isEqualTo("s3://" + bucket + "/wh");
      assertThat(conn.listDatabases()).containsExactly("default");
      Table table =
          conn.createTable(
              "docs",
              Schema.builder()
                  .column("id", DataTypes.BIGINT().notNull())
                  .column("category", DataTypes.STRING())
                  .column("embedding", DataTypes.parse("VECTOR<FLOAT, 3>"))
                  .column("image", DataTypes.BLOB())
                  .build(),
              false);
      Snapshot s1 = table.add(first);
      Snapshot s2 = table.add(second);
      assertThat(s2.id()).isEqualTo(s1.id() + 1);
      // Paimon counts the rows of every file entry: the .row files' and the .blob files'.
      assertThat(s2.totalRecordCount()).isEqualTo(80);
      assertThat(table.scan().count()).isEqualTo(40);
      assertThat(conn.listTables()).containsExactly("docs");
    }

    try (Connection conn = connect("s3://" + bucket + "/wh")) {
      Table table = conn.getTable("docs");
      assertThat(table.snapshots()).hasSize(2);
      List<Map<String, Object>> lake =
          table.scan().where("category = 'lake' AND id >= 10").select("id", "image").toList();
      assertThat(lake)
          .extracting(r -> r.get("id"))
          .containsExactlyInAnyOrder(
              10L, 12L, 14L, 16L, 18L, 20L, 22L, 24L, 26L, 28L, 30L, 32L, 34L, 36L, 38L);
      for (Map<String, Object> r : lake) {
        assertThat(r).containsOnlyKeys("id", "image");
        long id = (Long) r.get("id");
        if (images.containsKey(id)) {
          BlobDescriptor d = (BlobDescriptor) r.get("image");
          assertThat(d.uri()).startsWith("s3://" + bucket + "/wh/default.db/docs/bucket-0/");
          assertThat(read(table, d)).as("image of row %d", id).isEqualTo(images.get(id));
        } else {
          assertThat(r.get("image")).isNull();
        }
      }
      assertThat(table.scan().where("id IN (3, 17, 39)").select("embedding").toList())
          .extracting(r -> (float[]) r.get("embedding"))
          .containsExactlyInAnyOrder(
              new float[] {3, 1.5f, -3}, new float[] {17, 8.5f, -17}, new float[] {39, 19.5f, -39});
      assertThat(table.scan().snapshot(1).count()).isEqualTo(25);
      assertThat(table.scan().withRowId().where("_ROW_ID = 30").select("id").toList())
          .extracting(r -> r.get("id"))
          .containsExactly(30L);

      conn.dropTable("docs", false);
      assertThat(conn.listTables()).isEmpty();
      assertThat(keys(bucket, "wh/default.db/docs/")).isEmpty();
    }
  }

  @Test
  void anEmptyDatabaseIsListedAndS3aWarehousesWork() {
    String bucket = server.newBucket();
    try (Connection conn = connect("s3a://" + bucket + "/wh2")) {
      conn.createDatabase("robots", false);
      assertThat(conn.listDatabases()).containsExactly("default", "robots");
      assertThatThrownBy(() -> conn.createDatabase("robots", false))
          .hasMessageContaining("database 'robots' already exists");
      Table t =
          conn.createTable(
              "frames",
              Schema.builder()
                  .column("frame", DataTypes.INT())
                  .column("payload", DataTypes.BLOB())
                  .build(),
              false);
      t.add(List.of(Map.of("frame", 1, "payload", new byte[] {1, 2, 3})));
      List<Map<String, Object>> rows = t.scan().toList();
      assertThat(rows).hasSize(1);
      BlobDescriptor d = (BlobDescriptor) rows.get(0).get("payload");
      assertThat(d.uri()).startsWith("s3a://" + bucket + "/wh2/");
      assertThat(read(t, d)).containsExactly(1, 2, 3);
    }
  }

  @Test
  void aWarehouseInAnUnknownBucketFailsAtConnect() {
    assertThatThrownBy(() -> connect("s3://no-such-bucket/wh"))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("cannot create database 'default'")
        .satisfies(e -> assertThat(stack(e)).contains("bucket 'no-such-bucket' does not exist"));
  }

  private static String stack(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      b.append(c.getMessage()).append('\n');
    }
    return b.toString();
  }
}
