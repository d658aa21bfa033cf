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

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.types.DataTypes;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The README's main job: creates a warehouse under {@code target/}, writes a {@code docs} table
 * with PNG images drawn with Java2D, then shows scans (where, select, limit), row IDs, and the
 * two-stage pattern: filter to a narrow row-ID manifest, then fetch the payload of just those rows
 * from the same pinned snapshot.
 *
 * <p>Run: {@code mvn -B -q -DskipTests -Pquickstart -pl examples -am package}.
 */
public final class Quickstart {

  private static final String[] CATEGORIES = {"lake", "forest", "city", "desert"};

  private Quickstart() {}

  /** Entry point; the optional first argument is the working directory for the warehouse. */
  public static void main(String[] args) throws Exception {
    Path warehouse = Examples.freshWarehouse(args, "target/quickstart");

    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      Schema schema =
          Schema.builder()
              .column("id", DataTypes.BIGINT().notNull())
              .column("content", DataTypes.STRING())
              .column("embedding", DataTypes.parse("VECTOR<FLOAT, 3>"))
              .column("image", DataTypes.BLOB())
              .column("category", DataTypes.STRING())
              .build();
      Table docs = conn.createTable("docs", schema, true);
      System.out.println("Created table 'docs' in " + warehouse + ":\n  " + schema.rowType());

      Snapshot first = docs.add(documents(0, 600));
      Snapshot second = docs.add(documents(600, 400));
      // Snapshots record Paimon's counts, in which each BLOB column's .blob file counts its rows
      // again; the table's rows are what a scan counts.
      System.out.printf(
          "Committed snapshot %d and snapshot %d (%d rows in all)%n",
          first.id(), second.id(), docs.scan().snapshot(second.id()).count());

      System.out.println(
          "\nscan().where(\"category = 'lake'\").select(\"id\", \"content\").limit(5):");
      try (ArrowReader reader =
          docs.scan().where("category = 'lake'").select("id", "content").limit(5).toArrowReader()) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          System.out.print(indent(batch.contentToTSVString()));
        }
      }

      // Values from outside go in as parameters, never into the predicate text.
      List<Long> wanted = List.of(1L, 2L, 3L);
      System.out.println(
          "\nscan().where(\"id IN (?)\", List.of(1L, 2L, 3L)).select(\"id\", \"image\")"
              + ".withRowId().toList()\n"
              + "  (a BLOB cell comes back as a BlobDescriptor: where its bytes are, not the bytes):");
      for (Map<String, Object> row :
          docs.scan().where("id IN (?)", wanted).select("id", "image").withRowId().toList()) {
        System.out.println("  " + row);
      }

      // Stage 1: a cheap, narrow pass produces a row-ID manifest, pinned to a snapshot.
      long source = docs.scan().resolvedSnapshotId();
      docs.createTag("quickstart-v1", source);
      List<Long> manifest = new ArrayList<>();
      for (Map<String, Object> row :
          docs.scan()
              .tag("quickstart-v1")
              .where("category = 'lake' AND id BETWEEN 100 AND 140")
              .select("id")
              .withRowId()
              .toList()) {
        manifest.add((Long) row.get("_ROW_ID"));
      }
      System.out.printf(
          "%nStage 1: %d lake documents with id in [100, 140] at snapshot %d: row IDs %s%n",
          manifest.size(), source, manifest);

      // Meanwhile the table moves on.
      Snapshot third = docs.add(documents(1000, 200));
      System.out.printf(
          "Another writer committed snapshot %d (%d rows now)%n",
          third.id(), docs.scan().snapshot(third.id()).count());

      // Stage 2: fetch the payload of exactly those rows, in manifest order, from the pinned
      // snapshot.
      List<Long> reversed = new ArrayList<>(manifest);
      java.util.Collections.reverse(reversed);
      System.out.println(
          "\nStage 2: takeRowIds(manifest, reversed).snapshot("
              + source
              + ").select(\"id\", \"content\", \"image\"):");
      for (Map<String, Object> row :
          docs.takeRowIds(reversed)
              .snapshot(source)
              .select("id", "content", "image")
              .withRowId()
              .toList()) {
        BlobDescriptor image = (BlobDescriptor) row.get("image");
        System.out.printf(
            "  _ROW_ID=%-4d id=%-4d %-34s image: %,d PNG bytes at offset %,d of %s%n",
            row.get("_ROW_ID"),
            row.get("id"),
            row.get("content"),
            image.length(),
            image.offset(),
            Path.of(image.uri()).getFileName());
      }

      // The payload bytes of those rows: a BlobReader over the same take, coalesced ranged reads.
      try (BlobBatch payload =
          BlobReader.of(docs.takeRowIds(reversed).snapshot(source)).read("image")) {
        long bytes = 0;
        int pngs = 0;
        for (byte[] png : payload.blobs("image")) {
          bytes += png.length;
          pngs += png.length > 8 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G' ? 1 : 0;
        }
        System.out.printf(
            "BlobReader.of(the same take).read(\"image\"): %d payloads, %,d bytes, %d of them"
                + " PNG files%n",
            payload.rowCount(), bytes, pngs);
      }

      System.out.printf(
          "%nrow count: latest %d, at tag quickstart-v1 %d, lake documents %d%n",
          docs.scan().count(),
          docs.scan().tag("quickstart-v1").count(),
          docs.scan().where("category = 'lake'").count());
    }
  }

  private static List<Map<String, Object>> documents(int start, int count) {
    List<Map<String, Object>> rows = new ArrayList<>(count);
    for (int i = start; i < start + count; i++) {
      String category = CATEGORIES[i % CATEGORIES.length];
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put("content", "document " + i + " about a " + category);
      row.put("embedding", new float[] {(float) Math.sin(i), (float) Math.cos(i), i / 1000f});
      row.put("image", png(i, category));
      row.put("category", category);
      rows.add(row);
    }
    return rows;
  }

  /** A small PNG: a colored background per category, a circle and the document number. */
  static byte[] png(int i, String category) {
    BufferedImage image = new BufferedImage(96, 64, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    Color background =
        switch (category) {
          case "lake" -> new Color(40, 110, 200);
          case "forest" -> new Color(30, 130, 60);
          case "city" -> new Color(120, 120, 130);
          default -> new Color(220, 180, 90);
        };
    g.setColor(background);
    g.fillRect(0, 0, 96, 64);
    g.setColor(Color.WHITE);
    g.fillOval(8 + i % 40, 8, 24, 24);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    g.drawString("#" + i, 40, 56);
    g.dispose();
    return Examples.png(image);
  }

  private static String indent(String text) {
    StringBuilder sb = new StringBuilder();
    text.lines().forEach(line -> sb.append("  ").append(line).append('\n'));
    return sb.toString();
  }
}
