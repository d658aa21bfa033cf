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
package io.paimon.multimodal.window.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchAssembler}: exact batch sizes from rows of many blocks, and batches completed early
 * rather than let a string's bytes or a list's elements pass the offset limit (Arrow's 2^31 - 1,
 * here a small one so the test can reach it), checked against the rows added.
 */
class BatchAssemblerTest {

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.notNullable("id", new ArrowType.Int(64, true)),
              Field.nullable("s", ArrowType.Utf8.INSTANCE),
              new Field(
                  "l",
                  FieldType.nullable(ArrowType.List.INSTANCE),
                  List.of(Field.nullable("e", new ArrowType.Int(64, true))))));

  @Test
  void batchesAreExactUnlessAnOffsetWouldPassTheLimit() {
    SplittableRandom random = new SplittableRandom(3);
    for (int round = 0; round < 30; round++) {
      long limit = 20 + random.nextInt(200);
      int batchSize = 1 + random.nextInt(40);
      try (BufferAllocator allocator = new RootAllocator();
          BatchAssembler assembler = new BatchAssembler(SCHEMA, allocator, batchSize, limit)) {
        List<long[]> added = new ArrayList<>(); // id, string bytes, list elements
        List<VectorSchemaRoot> out = new ArrayList<>();
        long id = 0;
        for (int b = 0; b < 6; b++) {
          int rows = 1 + random.nextInt(50);
          VectorSchemaRoot block = VectorSchemaRoot.create(SCHEMA, allocator);
          BigIntVector ids = (BigIntVector) block.getVector("id");
          VarCharVector s = (VarCharVector) block.getVector("s");
          ListVector l = (ListVector) block.getVector("l");
          UnionListWriter w = l.getWriter();
          for (int r = 0; r < rows; r++, id++) {
            int bytes = random.nextInt(30);
            int elements = random.nextInt(15);
            ids.setSafe(r, id);
            s.setSafe(r, "x".repeat(bytes).getBytes(StandardCharsets.UTF_8));
            w.setPosition(r);
            w.startList();
            for (int e = 0; e < elements; e++) {
              w.bigInt().writeBigInt(id);
            }
            w.endList();
            added.add(new long[] {id, bytes, elements});
          }
          block.setRowCount(rows);
          int blockId = assembler.addBlock(block);
          if (random.nextBoolean()) {
            // A run of the block's rows, in pieces.
            int r = 0;
            while (r < rows) {
              int end = Math.min(rows, r + 1 + random.nextInt(rows));
              assembler.addRun(blockId, r, end);
              r = end;
            }
          } else {
            for (int r = 0; r < rows; r++) {
              assembler.add(blockId, r);
            }
          }
          for (VectorSchemaRoot done; (done = assembler.poll()) != null; ) {
            out.add(done);
          }
        }
        assembler.flush();
        for (VectorSchemaRoot done; (done = assembler.poll()) != null; ) {
          out.add(done);
        }
        int at = 0;
        for (int k = 0; k < out.size(); k++) {
          VectorSchemaRoot batch = out.get(k);
          int n = batch.getRowCount();
          long bytes = 0;
          long elements = 0;
          for (int i = 0; i < n; i++) {
            long[] row = added.get(at + i);
            assertThat(((BigIntVector) batch.getVector("id")).get(i)).isEqualTo(row[0]);
            assertThat(((VarCharVector) batch.getVector("s")).get(i)).hasSize((int) row[1]);
            assertThat(((ListVector) batch.getVector("l")).getObject(i)).hasSize((int) row[2]);
            bytes += row[1];
            elements += row[2];
          }
          String context = "round " + round + " batch " + k + " limit " + limit;
          assertThat(n).as(context).isBetween(1, batchSize);
          if (n > 1) {
            assertThat(bytes).as(context).isLessThanOrEqualTo(limit);
            assertThat(elements).as(context).isLessThanOrEqualTo(limit);
          }
          at += n;
          boolean last = k == out.size() - 1;
          if (n < batchSize && !last) {
            // Ended early: only because the next row would have passed the limit.
            long[] next = added.get(at);
            assertThat(bytes + next[1] > limit || elements + next[2] > limit)
                .as(context + " ended early without need")
                .isTrue();
          }
          batch.close();
        }
        assertThat(at).isEqualTo(added.size());
        assertThat(assembler.retainedRows()).isZero();
      }
    }
  }
}
