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

import io.paimon.types.DataTypes;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Scan#where(String, Object...)}: parameters give the rows the same predicate written with
 * literals gives, are never read as predicate text (an injection attempt matches nothing), expand
 * collections in IN lists, and are refused, naming the parameter, when they do not fit.
 */
class BoundParametersTest {

  @TempDir Path dir;
  private Connection conn;
  private Table t;

  @org.junit.jupiter.api.AfterEach
  void close() {
    conn.close();
  }

  @BeforeEach
  void write() {
    conn = Multimodal.connect(dir.toString());
    t =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("name", DataTypes.STRING())
                .column("score", DataTypes.DOUBLE())
                .column("day", DataTypes.DATE())
                .column("ok", DataTypes.BOOLEAN())
                .build(),
            false);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long i = 0; i < 50; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", i);
      row.put("name", i % 10 == 0 ? null : "n" + i);
      row.put("score", i / 4.0);
      row.put("day", LocalDate.of(2026, 1, 1).plusDays(i));
      row.put("ok", i % 2 == 0);
      rows.add(row);
    }
    t.add(rows);
  }

  private Set<Long> ids(Scan scan) {
    Set<Long> out = new java.util.TreeSet<>();
    for (Map<String, Object> row : scan.select("id").toList()) {
      out.add((Long) row.get("id"));
    }
    return out;
  }

  @Test
  void parametersMatchTheSamePredicateWrittenWithLiterals() {
    assertThat(ids(t.scan().where("id IN (?) AND name <> ?", List.of(1, 5L, 9, 10), "n5")))
        .isEqualTo(ids(t.scan().where("id IN (1, 5, 9, 10) AND name <> 'n5'")))
        .containsExactly(1L, 9L);
    assertThat(ids(t.scan().where("score >= ? AND score < ?", 2.5, new BigDecimal("3.25"))))
        .isEqualTo(ids(t.scan().where("score >= 2.5 AND score < 3.25")))
        .hasSize(3);
    assertThat(ids(t.scan().where("day = ? OR ok = ?", LocalDate.of(2026, 1, 4), false)))
        .isEqualTo(ids(t.scan().where("day = DATE '2026-01-04' OR ok = FALSE")));
    assertThat(ids(t.scan().where("id IN (?, ?, 7)", (short) 3, (byte) 4)))
        .containsExactly(3L, 4L, 7L);
    // A null parameter is the NULL literal: "= NULL" is never true.
    assertThat(ids(t.scan().where("name = ?", (Object) null))).isEmpty();
    // Parameters survive a read through another schema version (the where is parsed again).
    t.alter(SchemaChange.addColumn("extra", DataTypes.INT()));
    assertThat(ids(t.scan().where("id < ?", 3L).snapshot(1))).containsExactly(0L, 1L, 2L);
  }

  @Test
  void aParameterIsAValueNeverPredicateText() {
    String hostile = "x' OR '1' = '1";
    assertThat(ids(t.scan().where("name = ?", hostile))).isEmpty();
    assertThat(ids(t.scan().where("name IN (?)", List.of(hostile, "n3")))).containsExactly(3L);
    // What string concatenation would have done: every row.
    assertThat(ids(t.scan().where("name = '" + hostile + "'"))).hasSize(50);
  }

  @Test
  void parametersThatDoNotFitAreRefusedNamingThem() {
    assertThatThrownBy(() -> t.scan().where("id = ? AND name = ?", 1L))
        .isInstanceOf(PredicateException.class)
        .hasMessageContaining("'?' number 2 has no parameter");
    assertThatThrownBy(() -> t.scan().where("id = ?", 1L, 2L))
        .isInstanceOf(PredicateException.class)
        .hasMessageContaining("1 '?' but 2 parameters");
    assertThatThrownBy(() -> t.scan().where("id = ?", List.of(1L)))
        .isInstanceOf(PredicateException.class)
        .hasMessageContaining("parameter 1 is a collection, which only an IN (?) list takes");
    assertThatThrownBy(() -> t.scan().where("id IN (?)", List.of()))
        .isInstanceOf(PredicateException.class)
        .hasMessageContaining("parameter 1 is an empty collection");
    assertThatThrownBy(() -> t.scan().where("id = ?", new Object()))
        .isInstanceOf(PredicateException.class)
        .hasMessageContaining("parameter 1 is a java.lang.Object");
    assertThatThrownBy(() -> t.scan().where("score = ?", Double.NaN))
        .isInstanceOf(PredicateException.class)
        .hasMessageContaining("parameter 1 is NaN");
    // A type mismatch names the parameter, not its value.
    assertThatThrownBy(() -> t.scan().where("id = ?", "secret-token"))
        .isInstanceOf(PredicateException.class)
        .hasMessageContaining("?1")
        .hasMessageNotContaining("secret-token");
    assertThatThrownBy(() -> t.scan().where("id = ?", (Object[]) null))
        .isInstanceOf(NullPointerException.class);
  }
}
