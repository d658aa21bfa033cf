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
package io.paimon.multimodal.blob.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RangePlannerTest {

  private static Unit unit(String uri, long offset, long length, Unit.Kind kind) {
    Unit u = new Unit(uri, offset, length, kind, false);
    u.targets.add(new Target(0, 0, 0, 0, (int) length));
    return u;
  }

  @Test
  void mergesAcrossHolesUpToTheLimitAndCutsRunsIntoEqualRequests() throws Exception {
    List<Unit> units = new ArrayList<>();
    units.add(unit("b", 0, 100, Unit.Kind.RAW));
    units.add(unit("a", 300, 100, Unit.Kind.RAW));
    units.add(unit("a", 0, 100, Unit.Kind.RAW));
    units.add(unit("a", 150, 100, Unit.Kind.RAW));
    units.add(unit("a", 1000, 10, Unit.Kind.RAW));
    List<Chunk> chunks = RangePlanner.plan(units, 50, 120);
    // a: [0, 400) in ceil(400 / 120) = 4 requests of 100 bytes; [1000, 1010) alone; b alone.
    assertThat(chunks)
        .extracting(c -> c.uri + ":" + c.offset + "+" + c.length)
        .containsExactly("b:0+100", "a:0+100", "a:100+100", "a:200+100", "a:300+100", "a:1000+10");
    Unit spanning = units.get(3);
    assertThat(spanning.firstChunk).isEqualTo(2);
    assertThat(spanning.lastChunk).isEqualTo(3);
    assertThat(spanning.chunksLeft).isEqualTo(2);
    assertThat(chunks.get(2).units).containsExactly(spanning);
    assertThat(chunks.get(3).units).containsExactly(spanning);
    assertThat(chunks.get(1).units).containsExactly(units.get(2));
  }

  @Test
  void plainRangesMayOverlapButDifferentEntriesMayNot() throws Exception {
    List<Unit> raw = List.of(unit("a", 0, 100, Unit.Kind.RAW), unit("a", 50, 100, Unit.Kind.RAW));
    assertThat(RangePlanner.plan(new ArrayList<>(raw), 0, 1000))
        .extracting(c -> c.offset + "+" + c.length)
        .containsExactly("0+150");
    List<Unit> entries =
        new ArrayList<>(
            List.of(unit("a", 0, 100, Unit.Kind.ENTRY), unit("a", 99, 100, Unit.Kind.ENTRY)));
    assertThatThrownBy(() -> RangePlanner.plan(entries, 0, 1000))
        .isInstanceOf(RangePlanner.OverlapException.class)
        .hasMessageContaining("ENTRY a [0, 100) overlaps ENTRY a [99, 199)");
  }

  @Test
  void everyByteOfEveryUnitIsInExactlyTheChunksItIsLinkedTo() throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    for (int round = 0; round < 200; round++) {
      List<Unit> units = new ArrayList<>();
      long at = random.nextInt(100);
      for (int i = 0; i < 1 + random.nextInt(30); i++) {
        long length = 1 + random.nextInt(500);
        units.add(unit("f" + random.nextInt(3), at, length, Unit.Kind.ENTRY));
        at += length + (random.nextBoolean() ? 0 : random.nextInt(300));
      }
      long hole = random.nextInt(200);
      long limit = 1 + random.nextInt(700);
      List<Chunk> chunks = RangePlanner.plan(units, hole, limit);
      for (Chunk c : chunks) {
        assertThat(c.length).as("seed %d", seed).isBetween(1, (int) limit);
      }
      for (Unit u : units) {
        Chunk first = chunks.get(u.firstChunk);
        Chunk last = chunks.get(u.lastChunk);
        assertThat(first.offset).as("seed %d", seed).isLessThanOrEqualTo(u.offset);
        assertThat(last.end()).as("seed %d", seed).isGreaterThanOrEqualTo(u.end());
        for (int c = u.firstChunk; c < u.lastChunk; c++) {
          assertThat(chunks.get(c).end()).isEqualTo(chunks.get(c + 1).offset);
          assertThat(chunks.get(c).uri).isEqualTo(u.uri);
        }
      }
    }
  }
}
