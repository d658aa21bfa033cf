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
import io.paimon.multimodal.Table;
import io.paimon.multimodal.window.Aggregation;
import io.paimon.multimodal.window.Aligned;
import io.paimon.multimodal.window.Alignment;
import io.paimon.multimodal.window.AsofJoin;
import io.paimon.multimodal.window.Direction;
import io.paimon.multimodal.window.Interpolation;
import io.paimon.multimodal.window.WindowJoin;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Time alignment of robot episodes, mirroring the seed's "As-of joins" section: synthetic episodes
 * with actions at 10 Hz, left and right camera frames at ~30 Hz stored as BLOBs, a topic table with
 * {@code /robot/state} messages at ~15 Hz, joint states at 50 Hz and an IMU at 200 Hz, each stream
 * with its own clock jitter. The actions are aligned with a joinAsof chain (the nearest left-camera
 * frame within 20 ms, the latest robot state within 50 ms), the joint states interpolated at each
 * action, and the IMU acceleration aggregated over ±50 ms, then printed.
 *
 * <p>Run: {@code mvn -B -q -pl examples -am package -DskipTests && java -cp
 * "examples/target/classes:$(cat examples/target/cp.txt)" io.paimon.examples.RobotAlignmentExample}
 * or from an IDE; the optional first argument is the working directory.
 */
public final class RobotAlignmentExample {

  private static final int EPISODES = 8;
  private static final Duration EPISODE_LENGTH = Duration.ofSeconds(3);

  private RobotAlignmentExample() {}

  /** Entry point; the optional first argument is the working directory for the warehouse. */
  public static void main(String[] args) throws Exception {
    Path warehouse = Examples.freshWarehouse(args, "target/robot-alignment");
    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      Tables t = write(conn, new Random(7));

      Aligned aligned =
          Alignment.joinAsof(
                  t.actions.scan().select("episode_id", "event_time", "action"),
                  t.images.scan().where("camera = 'left'").select("image"),
                  AsofJoin.on("event_time")
                      .by("episode_id")
                      .direction(Direction.NEAREST)
                      .tolerance(Duration.ofMillis(20)))
              .joinAsof(
                  t.topics.scan().where("topic = '/robot/state'").select("value"),
                  AsofJoin.spec().direction(Direction.BACKWARD).tolerance(Duration.ofMillis(50)))
              .interpolate(
                  t.states.scan().select("joint_position", "velocity"),
                  Interpolation.spec().tolerance(Duration.ofMillis(50)))
              .joinWindow(
                  t.imu.scan().select("acceleration"),
                  WindowJoin.spec()
                      .preceding(Duration.ofMillis(50))
                      .following(Duration.ofMillis(50))
                      .aggregate("acceleration_mean", "acceleration", Aggregation.MEAN)
                      .aggregate("acceleration_max", "acceleration", Aggregation.MAX)
                      .aggregate("imu_samples", "acceleration", Aggregation.COUNT));

      System.out.println(
          "Aligning the 10 Hz actions of "
              + EPISODES
              + " robot episodes with: the nearest left-camera frame within 20 ms, the latest"
              + " /robot/state message at most 50 ms older, the joint states interpolated at the"
              + " action's time, and the mean, max and count of IMU samples within 50 ms.");
      List<String> inputs = List.of("actions", "images", "topics", "joint_states", "imu");
      List<Long> pinned = aligned.resolvedSnapshots();
      StringBuilder snapshots = new StringBuilder();
      for (int i = 0; i < inputs.size(); i++) {
        snapshots.append(i > 0 ? ", " : "").append(inputs.get(i)).append('@').append(pinned.get(i));
      }
      System.out.println(
          "Every input is read at the snapshot pinned when the alignment was planned (each table"
              + " here has one commit, so snapshot 1): "
              + snapshots);
      System.out.println("Output columns: " + names(aligned));
      int batches = 0;
      long rows = 0;
      long withImage = 0;
      try (ArrowReader reader = aligned.toArrowReader(128)) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          batches++;
          rows += batch.getRowCount();
          for (int i = 0; i < batch.getRowCount(); i++) {
            withImage += batch.getVector("image").isNull(i) ? 0 : 1;
          }
        }
      }
      System.out.printf(
          "Streamed %d actions in %d Arrow batches of at most 128 rows; %d of them found a"
              + " left-camera frame within 20 ms.%n",
          rows, batches, withImage);
      System.out.println(
          "The first six rows of episode 0 ('-' is no match within the tolerance: at 0 ms no"
              + " state message or joint sample precedes the action yet, and a state message more"
              + " than 50 ms old does not count). The image column holds a BLOB descriptor; its"
              + " bytes come from a BlobReader:");
      System.out.println(
          String.format(
              "%7s  %-18s  %-12s  %-16s  %-21s  %8s  %8s  %8s  %3s",
              "t (ms)",
              "action",
              "image",
              "state",
              "joint_position",
              "velocity",
              "acc_mean",
              "acc_max",
              "imu"));
      List<Map<String, Object>> list = aligned.toList();
      Instant t0 = (Instant) list.get(0).get("event_time");
      for (Map<String, Object> row : list.subList(0, 6)) {
        System.out.println(format(row, t0));
      }
    }
  }

  private record Tables(Table actions, Table images, Table topics, Table states, Table imu) {}

  private static Tables write(Connection conn, Random rnd) {
    Table actions =
        conn.createTable(
            "actions",
            Schema.builder()
                .column("episode_id", DataTypes.BIGINT().notNull())
                .column("event_time", DataTypes.TIMESTAMP_LTZ(3).notNull())
                .column("action", DataTypes.VECTOR(DataTypes.FLOAT(), 2))
                .build(),
            false);
    Table images =
        conn.createTable(
            "images",
            Schema.builder()
                .column("episode_id", DataTypes.BIGINT().notNull())
                .column("event_time", DataTypes.TIMESTAMP_LTZ(3).notNull())
                .column("camera", DataTypes.STRING())
                .column("image", DataTypes.BLOB())
                .build(),
            false);
    Table topics =
        conn.createTable(
            "topics",
            Schema.builder()
                .column("episode_id", DataTypes.BIGINT().notNull())
                .column("event_time", DataTypes.TIMESTAMP_LTZ(3).notNull())
                .column("topic", DataTypes.STRING())
                .column("value", DataTypes.STRING())
                .build(),
            false);
    Table states =
        conn.createTable(
            "joint_states",
            Schema.builder()
                .column("episode_id", DataTypes.BIGINT().notNull())
                .column("event_time", DataTypes.TIMESTAMP_LTZ(3).notNull())
                .column("joint_position", DataTypes.VECTOR(DataTypes.FLOAT(), 3))
                .column("velocity", DataTypes.DOUBLE())
                .build(),
            false);
    Table imu =
        conn.createTable(
            "imu",
            Schema.builder()
                .column("episode_id", DataTypes.BIGINT().notNull())
                .column("event_time", DataTypes.TIMESTAMP_LTZ(3).notNull())
                .column("acceleration", DataTypes.DOUBLE())
                .build(),
            false);
    Instant start = Instant.parse("2026-11-30T09:00:00Z");
    List<Map<String, Object>> a = new ArrayList<>();
    List<Map<String, Object>> img = new ArrayList<>();
    List<Map<String, Object>> top = new ArrayList<>();
    List<Map<String, Object>> st = new ArrayList<>();
    List<Map<String, Object>> acc = new ArrayList<>();
    for (long e = 0; e < EPISODES; e++) {
      Instant t0 = start.plus(Duration.ofMinutes(e));
      long ms = EPISODE_LENGTH.toMillis();
      for (long t = 0; t < ms; t += 100) {
        a.add(
            row(
                "episode_id",
                e,
                "event_time",
                t0.plusMillis(t),
                "action",
                new float[] {(float) Math.sin(t / 300.0), (float) Math.cos(t / 300.0)}));
      }
      for (long t = 0; t < ms; t += 33) {
        for (String camera : new String[] {"left", "right"}) {
          byte[] frame = new byte[64 + rnd.nextInt(64)];
          rnd.nextBytes(frame);
          img.add(
              row(
                  "episode_id",
                  e,
                  "event_time",
                  t0.plusMillis(t + rnd.nextInt(7) - 3),
                  "camera",
                  camera,
                  "image",
                  frame));
        }
      }
      for (long t = 0; t < ms; t += 66) {
        top.add(
            row(
                "episode_id",
                e,
                "event_time",
                t0.plusMillis(t + rnd.nextInt(5)),
                "topic",
                "/robot/state",
                "value",
                "{\"mode\":\"" + (t < ms / 2 ? "reach" : "grasp") + "\"}"));
        top.add(
            row(
                "episode_id",
                e,
                "event_time",
                t0.plusMillis(t + 10),
                "topic",
                "/robot/log",
                "value",
                "tick " + t));
      }
      for (long t = 0; t < ms; t += 20) {
        double x = t / 1000.0;
        st.add(
            row(
                "episode_id",
                e,
                "event_time",
                t0.plusMillis(t + rnd.nextInt(3)),
                "joint_position",
                new float[] {(float) x, (float) (x * x), (float) Math.sin(x)},
                "velocity",
                1 + x));
      }
      for (long t = 0; t < ms; t += 5) {
        acc.add(
            row(
                "episode_id",
                e,
                "event_time",
                t0.plusMillis(t),
                "acceleration",
                9.81 + rnd.nextGaussian() * 0.05));
      }
    }
    actions.add(a);
    images.add(img);
    topics.add(top);
    states.add(st);
    imu.add(acc);
    return new Tables(actions, images, topics, states, imu);
  }

  private static Map<String, Object> row(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  private static List<String> names(Aligned aligned) {
    List<String> names = new ArrayList<>();
    aligned.arrowSchema().getFields().forEach(f -> names.add(f.getName()));
    return names;
  }

  /** One output row as a line of the table printed above. */
  private static String format(Map<String, Object> row, Instant t0) {
    Object image = row.get("image");
    return String.format(
        java.util.Locale.ROOT,
        "%7d  %-18s  %-12s  %-16s  %-21s  %8s  %8s  %8s  %3s",
        Duration.between(t0, (Instant) row.get("event_time")).toMillis(),
        floats(row.get("action"), 2),
        image == null ? "-" : ((BlobDescriptor) image).length() + " bytes",
        row.get("value") == null ? "-" : row.get("value"),
        row.get("joint_position") == null ? "-" : floats(row.get("joint_position"), 3),
        number(row.get("velocity")),
        number(row.get("acceleration_mean")),
        number(row.get("acceleration_max")),
        row.get("imu_samples") == null ? "-" : row.get("imu_samples"));
  }

  /** A float[] or double[] (interpolation computes in double) with {@code digits} decimals. */
  private static String floats(Object vector, int digits) {
    double[] v;
    if (vector instanceof float[] f) {
      v = new double[f.length];
      for (int i = 0; i < f.length; i++) {
        v[i] = f[i];
      }
    } else {
      v = (double[]) vector;
    }
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      b.append(i > 0 ? ", " : "")
          .append(String.format(java.util.Locale.ROOT, "%." + digits + "f", v[i]));
    }
    return b.append(']').toString();
  }

  private static String number(Object v) {
    return v == null
        ? "-"
        : String.format(java.util.Locale.ROOT, "%.3f", ((Number) v).doubleValue());
  }
}
