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
package io.paimon.multimodal.internal.predicate;

import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.DecimalType;
import io.paimon.types.RowType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Builds Arrow batches (with a {@code _ROW_ID} column) from rows of Java values, for tests. */
final class TestBatches {

  /** A table with a column of every kind the predicate tests need. */
  static final RowType TABLE =
      rowType(
          "id", DataTypes.BIGINT(),
          "name", DataTypes.STRING(),
          "price", DataTypes.DOUBLE(),
          "qty", DataTypes.INT(),
          "small", DataTypes.TINYINT(),
          "f", DataTypes.FLOAT(),
          "amount", DataTypes.DECIMAL(10, 2),
          "big", DataTypes.DECIMAL(38, 4),
          "flag", DataTypes.BOOLEAN(),
          "day", DataTypes.DATE(),
          "ts", DataTypes.TIMESTAMP(6),
          "ts_ltz", DataTypes.TIMESTAMP_LTZ(3),
          "t", DataTypes.TIME(3),
          "image", DataTypes.BLOB(),
          "data", DataTypes.BYTES(),
          "embedding", DataTypes.VECTOR(DataTypes.FLOAT(), 3),
          "tags", DataTypes.ARRAY(DataTypes.STRING()),
          "select", DataTypes.STRING(),
          "Mixed Case", DataTypes.INT(),
          "a\"b", DataTypes.INT());

  private TestBatches() {}

  /** A table row type, from alternating names and types. */
  static RowType rowType(Object... namesAndTypes) {
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < namesAndTypes.length; i += 2) {
      fields.add(new DataField(i / 2, (String) namesAndTypes[i], (DataType) namesAndTypes[i + 1]));
    }
    return new RowType(fields);
  }

  /** The table's columns followed by {@code _ROW_ID BIGINT NOT NULL}. */
  static RowType withRowId(RowType table) {
    List<DataField> fields = new ArrayList<>(table.fields());
    fields.add(new DataField(fields.size(), "_ROW_ID", DataTypes.BIGINT().notNull()));
    return new RowType(fields);
  }

  /**
   * A batch of the table's columns plus {@code _ROW_ID} (valued {@code firstRowId + i}); each row
   * holds the table columns' values in order. The caller closes the batch.
   */
  static VectorSchemaRoot batch(
      BufferAllocator allocator, RowType table, List<Object[]> rows, long firstRowId) {
    RowType full = withRowId(table);
    VectorSchemaRoot root = VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(full), allocator);
    root.allocateNew();
    for (int c = 0; c < full.fieldCount(); c++) {
      FieldVector vector = root.getVector(c);
      DataType type = full.typeAt(c);
      for (int r = 0; r < rows.size(); r++) {
        Object value = c < table.fieldCount() ? rows.get(r)[c] : firstRowId + r;
        set(vector, type, r, value);
      }
      vector.setValueCount(rows.size());
    }
    root.setRowCount(rows.size());
    return root;
  }

  /** The value of a column of a row, as a function for {@link Predicate#test}. */
  static Map<String, Object> rowMap(RowType table, Object[] row, long rowId) {
    Map<String, Object> map = new HashMap<>();
    for (int c = 0; c < table.fieldCount(); c++) {
      map.put(table.fields().get(c).name(), row[c]);
    }
    map.put("_ROW_ID", rowId);
    return map;
  }

  private static void set(FieldVector vector, DataType type, int i, Object value) {
    if (value == null) {
      if (vector instanceof BaseVariableWidthVector) {
        ((BaseVariableWidthVector) vector).setNull(i);
      } else {
        ((BaseFixedWidthVector) vector).setNull(i);
      }
      return;
    }
    if (vector instanceof BitVector) {
      ((BitVector) vector).setSafe(i, (Boolean) value ? 1 : 0);
    } else if (vector instanceof TinyIntVector) {
      ((TinyIntVector) vector).setSafe(i, (Byte) value);
    } else if (vector instanceof SmallIntVector) {
      ((SmallIntVector) vector).setSafe(i, (Short) value);
    } else if (vector instanceof IntVector) {
      ((IntVector) vector).setSafe(i, (Integer) value);
    } else if (vector instanceof BigIntVector) {
      ((BigIntVector) vector).setSafe(i, (Long) value);
    } else if (vector instanceof Float4Vector) {
      ((Float4Vector) vector).setSafe(i, (Float) value);
    } else if (vector instanceof Float8Vector) {
      ((Float8Vector) vector).setSafe(i, (Double) value);
    } else if (vector instanceof DecimalVector) {
      int scale = ((DecimalType) type).scale();
      ((DecimalVector) vector).setSafe(i, ((BigDecimal) value).setScale(scale));
    } else if (vector instanceof VarCharVector) {
      ((VarCharVector) vector).setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
    } else if (vector instanceof VarBinaryVector) {
      ((VarBinaryVector) vector).setSafe(i, (byte[]) value);
    } else if (vector instanceof DateDayVector) {
      ((DateDayVector) vector).setSafe(i, (int) ((LocalDate) value).toEpochDay());
    } else if (vector instanceof TimeMilliVector) {
      ((TimeMilliVector) vector).setSafe(i, (int) (((LocalTime) value).toNanoOfDay() / 1_000_000));
    } else if (vector instanceof TimeStampVector) {
      Instant instant =
          value instanceof Instant
              ? (Instant) value
              : ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
      ArrowType.Timestamp ts = (ArrowType.Timestamp) vector.getField().getType();
      long v;
      switch (ts.getUnit()) {
        case MILLISECOND:
          v = instant.getEpochSecond() * 1000 + instant.getNano() / 1_000_000;
          break;
        case MICROSECOND:
          v = instant.getEpochSecond() * 1_000_000 + instant.getNano() / 1000;
          break;
        case NANOSECOND:
          v = instant.getEpochSecond() * 1_000_000_000 + instant.getNano();
          break;
        default:
          v = instant.getEpochSecond();
          break;
      }
      ((TimeStampVector) vector).setSafe(i, v);
    } else {
      throw new IllegalArgumentException("unsupported vector " + vector.getClass());
    }
  }
}
