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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scan contract: refinements return new scans and leave the scan they refine unchanged, and the
 * order of refinements does not change the result.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class ScanContractTest {

  private static final long SEED = 20260131L;
  private static final String[] CATEGORIES = {"a", "b", "c", "d"};
  private static final String[] PREDICATES = {
    "score > 0.3 OR score IS NULL",
    "cat IN ('a', 'b')",
    "day >= DATE '2026-01-10'",
    "_ROW_ID BETWEEN 100 AND 1700",
    "NOT (cat = 'c') AND id <> 7",
    "image IS NOT NULL",
  };

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private Connection conn;
  private RootAllocator allocator;
  private Table table;

  /** A refinement with a label for failure messages. */
  private record Refinement(String label, UnaryOperator<Scan> op) {
    @Override
    public String toString() {
      return label;
    }
  }

  @BeforeEach
  void writeFourSnapshots() {
    conn = storage.connect(dir);
    allocator = new RootAllocator();
    table =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("cat", DataTypes.STRING())
                .column("score", DataTypes.DOUBLE())
                .column("day", DataTypes.DATE())
                .column("image", DataTypes.BLOB())
                .build(),
            false);
    Random rnd = new Random(SEED);
    for (int c = 0; c < 4; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", (long) (c * 500 + i));
        row.put("cat", rnd.nextInt(8) == 0 ? null : CATEGORIES[rnd.nextInt(4)]);
        row.put("score", rnd.nextInt(8) == 0 ? null : rnd.nextDouble());
        row.put("day", LocalDate.of(2026, 1, 1).plusDays(rnd.nextInt(20)));
        row.put("image", rnd.nextInt(4) == 0 ? null : AllTypes.bytes(rnd, 4));
        rows.add(row);
      }
      table.add(rows);
    }
    table.createTag("t2", 2);
  }

  @AfterEach
  void close() {
    allocator.close();
    conn.close();
  }

  private Scan scan() {
    return table.scan().allocator(allocator);
  }

  @Test
  void refinementsReturnNewScansAndLeaveTheOriginalUnchanged() {
    Scan base = scan();
    List<Map<String, Object>> all = base.toList();
    org.apache.arrow.vector.types.pojo.Schema schema = base.arrowSchema();
    assertThat(all).hasSize(2000);

    List<Scan> refined =
        List.of(
            base.where("id < 10"),
            base.select("id"),
            base.limit(3),
            base.withRowId(),
            base.batchSize(7),
            base.snapshot(1),
            base.tag("t2"),
            base.allocator(allocator),
            base.pinned());

    for (Scan r : refined) {
      assertThat(r).isNotSameAs(base);
    }
    assertThat(refined.get(0).count()).isEqualTo(10);
    assertThat(refined.get(2).toList()).hasSize(3);
    assertThat(refined.get(5).count()).isEqualTo(500);
    assertThat(refined.get(6).count()).isEqualTo(1000);
    assertThat(base.toList()).isEqualTo(all);
    assertThat(base.arrowSchema()).isEqualTo(schema);
    assertThat(base.resolvedSnapshotId()).isEqualTo(4);

    // Refining a refined scan leaves the first refinement as it was.
    Scan narrow = refined.get(0);
    Scan narrower = narrow.where("id > 5").select("cat").withRowId().limit(2);
    assertThat(narrower.toList()).hasSize(2);
    assertThat(narrow.toList()).isEqualTo(all.subList(0, 10));

    // A refinement that fails leaves the scan usable and unchanged.
    assertThatThrownBy(() -> refined.get(5).tag("t2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a scan reads either a snapshot or a tag; it is already pinned to snapshot 1");
    assertThatThrownBy(() -> refined.get(6).snapshot(1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a scan reads either a snapshot or a tag; it is already pinned to tag 't2'");
    assertThatThrownBy(() -> base.where("id <")).isInstanceOf(PredicateException.class);
    assertThat(refined.get(5).count()).isEqualTo(500);
    assertThat(base.count()).isEqualTo(2000);

    // Pinning fixes the snapshot; the unpinned scan follows new commits.
    Scan pinned = refined.get(8);
    table.add(List.of(Map.of("id", 9999L)));
    assertThat(pinned.count()).isEqualTo(2000);
    assertThat(pinned.resolvedSnapshotId()).isEqualTo(4);
    assertThat(base.count()).isEqualTo(2001);
    assertThat(base.resolvedSnapshotId()).isEqualTo(5);
    assertThat(pinned.pinned()).isSameAs(pinned);
  }

  @Test
  void theOrderOfTheSameRefinementsDoesNotChangeTheResult() {
    List<Refinement> refinements =
        List.of(
            new Refinement("where(score)", s -> s.where(PREDICATES[0])),
            new Refinement("where(cat)", s -> s.where(PREDICATES[1])),
            new Refinement("select", s -> s.select("cat", "id", "day", "image")),
            new Refinement("limit(40)", s -> s.limit(40)),
            new Refinement("withRowId", Scan::withRowId),
            new Refinement("batchSize(7)", s -> s.batchSize(7)),
            new Refinement("snapshot(3)", s -> s.snapshot(3)));
    List<Map<String, Object>> expected = apply(scan(), refinements).toList();
    assertThat(expected).hasSize(40);
    assertThat(expected.get(0).keySet()).containsExactly("cat", "id", "day", "image", "_ROW_ID");

    Random rnd = new Random(SEED);
    for (int trial = 0; trial < 30; trial++) {
      List<Refinement> order = new ArrayList<>(refinements);
      Collections.shuffle(order, rnd);
      Scan scan = apply(scan(), order);
      assertThat(scan.toList()).as("seed %d, order %s", SEED, order).isEqualTo(expected);
      assertThat(scan.count()).as("seed %d, order %s", SEED, order).isEqualTo(40);
    }
  }

  @Test
  void randomRefinementsGiveTheSameResultInEveryOrder() {
    long seed = SEED + 1;
    Random rnd = new Random(seed);
    for (int trial = 0; trial < 20; trial++) {
      List<Refinement> refinements = randomRefinements(rnd);
      Scan reference = apply(scan(), refinements);
      List<Map<String, Object>> expected = reference.toList();
      long count = reference.count();
      assertThat(count).isEqualTo(expected.size());
      for (int p = 0; p < 4; p++) {
        List<Refinement> order = new ArrayList<>(refinements);
        Collections.shuffle(order, rnd);
        Scan scan = apply(scan(), order);
        String why = "seed " + seed + ", trial " + trial + ", order " + order;
        assertThat(scan.toList()).as(why).isEqualTo(expected);
        assertThat(scan.count()).as(why).isEqualTo(count);
        assertThat(scan.arrowSchema()).as(why).isEqualTo(reference.arrowSchema());
        assertThat(scan.resolvedSnapshotId()).as(why).isEqualTo(reference.resolvedSnapshotId());
      }
    }
  }

  private static List<Refinement> randomRefinements(Random rnd) {
    List<Refinement> out = new ArrayList<>();
    for (String p : PREDICATES) {
      if (rnd.nextInt(3) == 0) {
        out.add(new Refinement("where(" + p + ")", s -> s.where(p)));
      }
    }
    if (rnd.nextBoolean()) {
      List<String> columns = new ArrayList<>(List.of("id", "cat", "score", "day", "image"));
      Collections.shuffle(columns, rnd);
      List<String> chosen = List.copyOf(columns.subList(0, 1 + rnd.nextInt(columns.size())));
      out.add(new Refinement("select" + chosen, s -> s.select(chosen)));
    }
    if (rnd.nextBoolean()) {
      long n = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(1200);
      out.add(new Refinement("limit(" + n + ")", s -> s.limit(n)));
    }
    if (rnd.nextBoolean()) {
      out.add(new Refinement("withRowId", Scan::withRowId));
    }
    if (rnd.nextBoolean()) {
      int n = 1 + rnd.nextInt(700);
      out.add(new Refinement("batchSize(" + n + ")", s -> s.batchSize(n)));
    }
    switch (rnd.nextInt(3)) {
      case 0:
        long id = 1 + rnd.nextInt(4);
        out.add(new Refinement("snapshot(" + id + ")", s -> s.snapshot(id)));
        break;
      case 1:
        out.add(new Refinement("tag(t2)", s -> s.tag("t2")));
        break;
      default:
        break;
    }
    return out;
  }

  private static Scan apply(Scan scan, List<Refinement> refinements) {
    for (Refinement r : refinements) {
      scan = r.op().apply(scan);
    }
    return scan;
  }
}
