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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.row.CloseableIterator;
import io.paimon.types.DataTypes;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Reads images out of a filtered table with {@link BlobReader}: writes a {@code photos} table of
 * PNGs drawn with Java2D (sizes differ per row), keeps the lake photos among the first 200, fetches
 * their bytes with concurrent, coalesced ranged reads, decodes them with {@code javax.imageio} and
 * prints their sizes; then streams the same selection in small batches, as a training loop would.
 *
 * <p>Run: {@code mvn -B -q -DskipTests -Pquickstart -Dquickstart.mainClass=
 * io.paimon.examples.BlobReadExample -pl examples -am package}.
 */
public final class BlobReadExample {

  private static final String[] CATEGORIES = {"lake", "forest", "city", "desert"};

  private BlobReadExample() {}

  /** Entry point; the optional first argument is the working directory for the warehouse. */
  public static void main(String[] args) throws Exception {
    Path warehouse = Examples.freshWarehouse(args, "target/blob-read-example");

    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      Schema schema =
          Schema.builder()
              .column("id", DataTypes.BIGINT().notNull())
              .column("category", DataTypes.STRING())
              .column("image", DataTypes.BLOB())
              .build();
      Table photos = conn.createTable("photos", schema, true);
      photos.add(photos(0, 400));
      System.out.println("Wrote 400 photos to table 'photos' in " + warehouse);

      String filter = "category = 'lake' AND id < 200";
      System.out.println("\nBlobReader.of(scan().where(\"" + filter + "\")).parallelism(8):");
      try (BlobBatch batch =
          BlobReader.of(photos.scan().where(filter)).parallelism(8).read("image")) {
        BigIntVector ids = (BigIntVector) batch.scalar().getVector("id");
        List<byte[]> images = batch.blobs("image");
        long bytes = 0;
        for (int r = 0; r < batch.rowCount(); r++) {
          byte[] png = images.get(r);
          BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
          bytes += png.length;
          if (r < 5) {
            System.out.printf(
                "  id=%-4d %,6d PNG bytes -> %dx%d pixels%n",
                ids.get(r), png.length, image.getWidth(), image.getHeight());
          }
        }
        System.out.printf(
            "  ... %d images, %,d bytes; scalar columns %s%n",
            batch.rowCount(), bytes, batch.scalar().getSchema().getFields());
      }

      System.out.println("\nstream(\"image\") over batches of 16 rows (one batch in memory):");
      try (CloseableIterator<BlobBatch> it =
          BlobReader.of(photos.scan().where(filter).batchSize(16)).parallelism(8).stream("image")) {
        int batches = 0;
        int decoded = 0;
        while (it.hasNext()) {
          try (BlobBatch b = it.next()) {
            VarCharVector category = (VarCharVector) b.scalar().getVector("category");
            for (int r = 0; r < b.rowCount(); r++) {
              BufferedImage image = ImageIO.read(new ByteArrayInputStream(b.blobs("image").get(r)));
              if (image != null && "lake".equals(new String(category.get(r)))) {
                decoded++;
              }
            }
            batches++;
          }
        }
        System.out.printf("  %d batches, %d lake images decoded%n", batches, decoded);
      }
    }
  }

  private static List<Map<String, Object>> photos(int start, int count) {
    List<Map<String, Object>> rows = new ArrayList<>(count);
    for (int i = start; i < start + count; i++) {
      String category = CATEGORIES[i % CATEGORIES.length];
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put("category", category);
      row.put("image", png(i, category));
      rows.add(row);
    }
    return rows;
  }

  /** A PNG whose size grows with the id: a sky and ground per category, a sun, the number. */
  static byte[] png(int i, String category) {
    int width = 64 + (i % 7) * 32;
    int height = 48 + (i % 5) * 24;
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    Color ground =
        switch (category) {
          case "lake" -> new Color(40, 110, 200);
          case "forest" -> new Color(30, 130, 60);
          case "city" -> new Color(120, 120, 130);
          default -> new Color(220, 180, 90);
        };
    g.setColor(new Color(170, 210, 240));
    g.fillRect(0, 0, width, height);
    g.setColor(ground);
    g.fillRect(0, height / 2, width, height - height / 2);
    g.setColor(Color.YELLOW);
    g.fillOval(width - 28 - i % 20, 6, 20, 20);
    g.setColor(Color.WHITE);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
    g.drawString("#" + i, 6, height - 8);
    g.dispose();
    return Examples.png(image);
  }
}
