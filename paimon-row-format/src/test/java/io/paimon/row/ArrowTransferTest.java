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
package io.paimon.row;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consumers may move a batch's buffers out of the reader's root (as table scans do); the next batch
 * must then be decoded into freshly allocated buffers, including empty batches' offsets.
 */
class ArrowTransferTest {

  @TempDir Path dir;
  private final BufferAllocator allocator = new RootAllocator();

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  @Test
  void batchesDecodeCorrectlyAfterTheirBuffersWereTransferredAway() throws Exception {
    RowType type = (RowType) DataTypes.parse("ROW<id BIGINT, name STRING, tags ARRAY<STRING>>");
    Path file = dir.resolve("t.row");
    int rows = 1000;
    try (RowFileWriter w =
        RowFile.newWriter(file, type, RowFileOptions.defaults().blockSize(512))) {
      for (long i = 0; i < rows; i++) {
        w.write(Row.of(i, i % 5 == 0 ? null : "n" + i, List.of("t" + i, "u")));
      }
    }
    List<Long> ids = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Integer> tagCounts = new ArrayList<>();
    try (RowFileReader reader = RowFile.open(file, type);
        RowArrowReader batches = reader.arrowReader(allocator, 37)) {
      while (batches.loadNextBatch()) {
        List<FieldVector> moved = new ArrayList<>();
        for (FieldVector v : batches.getVectorSchemaRoot().getFieldVectors()) {
          TransferPair pair = v.getTransferPair(allocator);
          pair.transfer();
          moved.add((FieldVector) pair.getTo());
        }
        BigIntVector id = (BigIntVector) moved.get(0);
        VarCharVector name = (VarCharVector) moved.get(1);
        ListVector tags = (ListVector) moved.get(2);
        for (int i = 0; i < id.getValueCount(); i++) {
          ids.add(id.get(i));
          names.add(name.isNull(i) ? null : new String(name.get(i)));
          tagCounts.add(tags.getElementEndIndex(i) - tags.getElementStartIndex(i));
        }
        moved.forEach(FieldVector::close);
      }
    }
    assertThat(ids).hasSize(rows);
    for (int i = 0; i < rows; i++) {
      assertThat(ids.get(i)).isEqualTo(i);
      assertThat(names.get(i)).isEqualTo(i % 5 == 0 ? null : "n" + i);
      assertThat(tagCounts.get(i)).isEqualTo(2);
    }
  }
}
