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
import io.paimon.multimodal.window.Boundary;
import io.paimon.multimodal.window.ContiguousWindowDataset;
import io.paimon.multimodal.window.ContiguousWindows;
import io.paimon.multimodal.window.DType;
import io.paimon.multimodal.window.Tensor;
import io.paimon.multimodal.window.WindowLoader;
import io.paimon.multimodal.window.WindowTransforms;
import io.paimon.types.DataTypes;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Cuts robot-learning training samples out of a frame table: writes episodes of frames (a 6-float
 * joint state, a 32x24 camera PNG and a 6-float action per frame, episodes of different lengths)
 * and a {@code train-v1} tag, builds a {@link ContiguousWindows} dataset of the last three states,
 * the camera image and the next sixteen actions of every frame (padded at the episodes' ends, with
 * masks), and iterates it with a shuffling {@link WindowLoader}, printing the batch shapes.
 *
 * <p>Run: {@code mvn -B -q -DskipTests -Pquickstart -Dquickstart.mainClass=
 * io.paimon.examples.TrainingWindowsExample -pl examples -am package}.
 */
public final class TrainingWindowsExample {

  private TrainingWindowsExample() {}

  /** Entry point; the optional first argument is the working directory for the warehouse. */
  public static void main(String[] args) throws Exception {
    Path warehouse = Examples.freshWarehouse(args, "target/training-windows-example");

    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      Schema schema =
          Schema.builder()
              .column("episode_index", DataTypes.INT().notNull())
              .column("frame_index", DataTypes.BIGINT().notNull())
              .column("split", DataTypes.STRING())
              .column("state", DataTypes.VECTOR(DataTypes.FLOAT(), 6))
              .column("image", DataTypes.BLOB())
              .column("action", DataTypes.VECTOR(DataTypes.FLOAT(), 6))
              .build();
      Table frames = conn.createTable("frames", schema, true);
      int[] lengths = {40, 25, 33, 18};
      for (int e = 0; e < lengths.length; e++) {
        frames.add(episode(e, lengths[e]));
      }
      frames.createTag("train-v1");
      System.out.println(
          "Wrote "
              + lengths.length
              + " episodes "
              + Arrays.toString(lengths)
              + " and tag train-v1");

      ContiguousWindowDataset ds =
          ContiguousWindows.builder(frames.scan().tag("train-v1").where("split = 'train'"))
              .columns("state", "image", "action")
              .groupKey("episode_index")
              .orderKey("frame_index")
              .frameOffsets("state", -2, -1, 0)
              .frameOffsets("action", IntStream.range(0, 16).toArray())
              .boundary(Boundary.PAD)
              .transform("state", WindowTransforms.toTensor(DType.FLOAT32))
              .transform("image", WindowTransforms.imagesToTensor())
              .transform("action", WindowTransforms.toTensor(DType.FLOAT32))
              .build();
      System.out.printf(
          "%nContiguousWindows: %d samples from snapshot %d (episode 3 is split 'val')%n",
          ds.size(), ds.snapshotId());
      Map<String, Object> sample = ds.get(-1);
      System.out.println("  last sample:");
      for (Map.Entry<String, Object> e : sample.entrySet()) {
        System.out.printf("    %-14s %s%n", e.getKey(), describe(e.getValue()));
      }

      WindowLoader loader =
          WindowLoader.builder(ds).batchSize(8).shuffle().seed(7).workers(2).build();
      System.out.printf("%nWindowLoader: %d batches of up to 8, shuffled%n", loader.batchCount());
      int batches = 0;
      int padded = 0;
      try (WindowLoader.Batches epoch = loader.epoch(0)) {
        while (epoch.hasNext()) {
          Map<String, Object> batch = epoch.next();
          if (batches == 0) {
            for (Map.Entry<String, Object> e : batch.entrySet()) {
              System.out.printf("    %-14s %s%n", e.getKey(), describe(e.getValue()));
            }
          }
          for (boolean pad : ((Tensor) batch.get("action_is_pad")).booleans()) {
            padded += pad ? 1 : 0;
          }
          batches++;
        }
      }
      System.out.printf(
          "  epoch 0: %d batches, %d padded action frames (masked out of the loss)%n",
          batches, padded);
    }
  }

  private static String describe(Object value) {
    if (value instanceof Tensor t) {
      return t.dtype() + " " + Arrays.toString(t.shape());
    }
    return String.valueOf(value);
  }

  private static List<Map<String, Object>> episode(int e, int length) {
    List<Map<String, Object>> rows = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      float[] state = new float[6];
      float[] action = new float[6];
      for (int j = 0; j < 6; j++) {
        state[j] = (float) Math.sin(0.1 * i + j + e);
        action[j] = (float) Math.cos(0.1 * i + j + e);
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("episode_index", e);
      row.put("frame_index", (long) i);
      row.put("split", e == 3 ? "val" : "train");
      row.put("state", state);
      row.put("image", camera(e, i));
      row.put("action", action);
      rows.add(row);
    }
    return rows;
  }

  /** A 32x24 frame: a gripper square that moves with the frame index. */
  private static byte[] camera(int e, int i) {
    BufferedImage image = new BufferedImage(32, 24, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setColor(new Color(200, 200 - 30 * e, 180));
    g.fillRect(0, 0, 32, 24);
    g.setColor(Color.DARK_GRAY);
    g.fillRect(i % 24, 8, 8, 8);
    g.dispose();
    return Examples.png(image);
  }
}
