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

import io.paimon.row.ArrowSchemas;
import io.paimon.row.Row;
import io.paimon.types.DataField;
import io.paimon.types.RowType;
import java.io.IOException;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
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
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Builds Arrow input for {@code Table.add} from rows of Java values, written against Arrow's own
 * vector API (independent of the library's conversion code). BLOB cells are Binary vectors.
 */
final class ArrowRows {

  private ArrowRows() {}

  /** The Arrow input schema of a table's columns (BLOB as Binary). */
  static Schema schema(RowType type) {
    List<Field> fields = new ArrayList<>();
    for (DataField f : type.fields()) {
      fields.add(ArrowSchemas.toArrowField(f.name(), f.type()));
    }
    return new Schema(fields);
  }

  /** A root holding the rows; the caller closes it. */
  static VectorSchemaRoot root(
      Schema schema, List<Map<String, Object>> rows, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      fill(root, rows);
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  /** Replaces the content of {@code root} with the rows. */
  static void fill(VectorSchemaRoot root, List<Map<String, Object>> rows) {
    root.allocateNew();
    for (FieldVector v : root.getFieldVectors()) {
      for (int i = 0; i < rows.size(); i++) {
        set(v, i, rows.get(i).get(v.getName()));
      }
    }
    root.setRowCount(rows.size());
  }

  /** Sets {@code v[i]} to a Java value of the library's value model. */
  static void set(FieldVector v, int i, Object value) {
    if (value == null) {
      v.setNull(i);
    } else if (v instanceof BitVector) {
      ((BitVector) v).setSafe(i, (Boolean) value ? 1 : 0);
    } else if (v instanceof TinyIntVector) {
      ((TinyIntVector) v).setSafe(i, (Byte) value);
    } else if (v instanceof SmallIntVector) {
      ((SmallIntVector) v).setSafe(i, (Short) value);
    } else if (v instanceof IntVector) {
      ((IntVector) v).setSafe(i, (Integer) value);
    } else if (v instanceof BigIntVector) {
      ((BigIntVector) v).setSafe(i, (Long) value);
    } else if (v instanceof Float4Vector) {
      ((Float4Vector) v).setSafe(i, (Float) value);
    } else if (v instanceof Float8Vector) {
      ((Float8Vector) v).setSafe(i, (Double) value);
    } else if (v instanceof DecimalVector) {
      ((DecimalVector) v).setSafe(i, (BigDecimal) value);
    } else if (v instanceof VarCharVector) {
      ((VarCharVector) v).setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
    } else if (v instanceof VarBinaryVector) {
      ((VarBinaryVector) v).setSafe(i, (byte[]) value);
    } else if (v instanceof DateDayVector) {
      ((DateDayVector) v).setSafe(i, Math.toIntExact(((LocalDate) value).toEpochDay()));
    } else if (v instanceof TimeMilliVector) {
      ((TimeMilliVector) v).setSafe(i, (int) (((LocalTime) value).toNanoOfDay() / 1_000_000L));
    } else if (v instanceof TimeStampVector) {
      Instant instant =
          value instanceof Instant
              ? (Instant) value
              : ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
      TimeUnit unit = ((ArrowType.Timestamp) v.getField().getType()).getUnit();
      ((TimeStampVector) v).setSafe(i, epoch(instant, unit));
    } else if (v instanceof ListVector) {
      setList((ListVector) v, i, value);
    } else if (v instanceof StructVector) {
      StructVector s = (StructVector) v;
      s.setIndexDefined(i);
      Object[] fields = ((Row) value).toArray();
      List<FieldVector> children = s.getChildrenFromFields();
      for (int f = 0; f < fields.length; f++) {
        set(children.get(f), i, fields[f]);
      }
    } else if (v instanceof FixedSizeListVector) {
      FixedSizeListVector l = (FixedSizeListVector) v;
      l.setNotNull(i);
      int n = l.getListSize();
      for (int k = 0; k < n; k++) {
        set(l.getDataVector(), i * n + k, Array.get(value, k));
      }
    } else {
      throw new IllegalArgumentException("no test conversion into " + v.getField());
    }
  }

  private static void setList(ListVector l, int i, Object value) {
    int start = l.startNewValue(i);
    if (value instanceof Map) {
      StructVector entries = (StructVector) l.getDataVector();
      List<FieldVector> kv = entries.getChildrenFromFields();
      int k = 0;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        entries.setIndexDefined(start + k);
        set(kv.get(0), start + k, e.getKey());
        set(kv.get(1), start + k, e.getValue());
        k++;
      }
      l.endValue(i, k);
    } else {
      List<?> items = (List<?>) value;
      for (int k = 0; k < items.size(); k++) {
        set(l.getDataVector(), start + k, items.get(k));
      }
      l.endValue(i, items.size());
    }
  }

  private static long epoch(Instant t, TimeUnit unit) {
    switch (unit) {
      case MILLISECOND:
        return t.toEpochMilli();
      case MICROSECOND:
        return Math.addExact(
            Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
      case NANOSECOND:
        return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
      default:
        return t.getEpochSecond();
    }
  }

  /** An Arrow stream over batches of rows, each loaded into the one root. */
  static class RowsReader extends ArrowReader {
    private final Schema schema;
    private final List<List<Map<String, Object>>> batches;
    private int next;
    int loaded;

    RowsReader(BufferAllocator allocator, Schema schema, List<List<Map<String, Object>>> batches) {
      super(allocator);
      this.schema = schema;
      this.batches = batches;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
      if (next >= batches.size()) {
        return false;
      }
      fill(getVectorSchemaRoot(), batches.get(next++));
      loaded++;
      return true;
    }

    @Override
    public long bytesRead() {
      return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected Schema readSchema() {
      return schema;
    }
  }
}
