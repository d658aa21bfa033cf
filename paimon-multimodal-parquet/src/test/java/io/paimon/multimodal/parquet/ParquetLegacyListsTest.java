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
package io.paimon.multimodal.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lists in the layouts older writers use (parquet's backward-compatibility rules): a LIST group
 * whose repeated field is the element itself (two-level), a repeated group named {@code array}
 * holding a ROW element, a bare repeated field, and a two-level list of two-level lists; read as
 * ARRAY columns through Arrow and as Java values.
 */
class ParquetLegacyListsTest {

  @TempDir Path dir;

  @Test
  void twoLevelAndBareRepeatedListsRead() throws Exception {
    MessageType schema =
        new MessageType(
            "legacy",
            Types.required(PrimitiveTypeName.INT64).id(1).named("id"),
            Types.optionalGroup()
                .as(LogicalTypeAnnotation.listType())
                .addField(Types.repeated(PrimitiveTypeName.INT32).named("item"))
                .id(2)
                .named("twolevel"),
            Types.optionalGroup()
                .as(LogicalTypeAnnotation.listType())
                .addField(
                    Types.repeatedGroup()
                        .addField(Types.optional(PrimitiveTypeName.INT32).named("x"))
                        .named("array"))
                .id(3)
                .named("rows"),
            Types.repeated(PrimitiveTypeName.INT32).id(4).named("bare"),
            Types.optionalGroup()
                .as(LogicalTypeAnnotation.listType())
                .addField(
                    Types.repeatedGroup()
                        .as(LogicalTypeAnnotation.listType())
                        .addField(Types.repeated(PrimitiveTypeName.INT32).named("v"))
                        .named("inner"))
                .id(5)
                .named("nested"));
    Path file = dir.resolve("legacy.parquet");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    List<Row> expected = new ArrayList<>();
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .build()) {
      for (int i = 0; i < 50; i++) {
        Group g = groups.newGroup();
        g.append("id", (long) i);
        List<Object> two = new ArrayList<>();
        if (i % 5 != 0) {
          Group l = g.addGroup("twolevel");
          for (int k = 0; k < i % 4; k++) {
            l.append("item", i * 10 + k);
            two.add(i * 10 + k);
          }
        }
        List<Object> rows = new ArrayList<>();
        if (i % 3 != 0) {
          Group l = g.addGroup("rows");
          for (int k = 0; k < i % 3; k++) {
            Group e = l.addGroup("array");
            if (k != 1) {
              e.append("x", k);
            }
            rows.add(Row.of(k != 1 ? k : null));
          }
        }
        List<Object> bare = new ArrayList<>();
        for (int k = 0; k < i % 3; k++) {
          g.append("bare", -k);
          bare.add(-k);
        }
        List<Object> nested = new ArrayList<>();
        if (i % 7 != 0) {
          Group outer = g.addGroup("nested");
          for (int k = 0; k < i % 3; k++) {
            Group inner = outer.addGroup("inner");
            List<Object> vs = new ArrayList<>();
            for (int v = 0; v < k; v++) {
              inner.append("v", v);
              vs.add(v);
            }
            nested.add(vs);
          }
        }
        w.write(g);
        expected.add(
            Row.of(
                (long) i,
                i % 5 != 0 ? two : null,
                i % 3 != 0 ? rows : null,
                bare,
                i % 7 != 0 ? nested : null));
      }
    }
    RowType type =
        new RowType(
            List.of(
                new DataField(1, "id", DataTypes.BIGINT().notNull()),
                new DataField(2, "twolevel", DataTypes.ARRAY(DataTypes.INT())),
                new DataField(
                    3,
                    "rows",
                    DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD("x", DataTypes.INT())))),
                new DataField(4, "bare", DataTypes.ARRAY(DataTypes.INT())),
                new DataField(5, "nested", DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.INT())))));
    try (RowFileReader reader =
        new ParquetFormat().open(RowFile.localInput(file), type, RowFileOptions.defaults())) {
      List<Row> values = new ArrayList<>();
      try (CloseableIterator<Row> it = reader.iterator()) {
        it.forEachRemaining(values::add);
      }
      assertThat(values).isEqualTo(expected);
      try (RootAllocator allocator = new RootAllocator();
          RowArrowReader arrow = reader.arrowReader(allocator, 16)) {
        int row = 0;
        while (arrow.loadNextBatch()) {
          VectorSchemaRoot root = arrow.getVectorSchemaRoot();
          for (int i = 0; i < root.getRowCount(); i++, row++) {
            assertThat(root.getVector("twolevel").getObject(i))
                .as("row " + row)
                .isEqualTo(expected.get(row).get(1));
            assertThat(root.getVector("bare").getObject(i))
                .as("row " + row)
                .isEqualTo(expected.get(row).get(3));
            assertThat(root.getVector("nested").getObject(i))
                .as("row " + row)
                .isEqualTo(expected.get(row).get(4));
          }
        }
        assertThat(row).isEqualTo(50);
      }
    }
  }
}
