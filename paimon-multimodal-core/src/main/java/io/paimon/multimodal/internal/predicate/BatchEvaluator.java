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

import io.paimon.multimodal.internal.predicate.ArrowColumns.Bound;
import io.paimon.multimodal.internal.predicate.ArrowColumns.ColumnData;
import io.paimon.multimodal.internal.predicate.ArrowColumns.DecimalBound;
import io.paimon.multimodal.internal.predicate.ArrowColumns.DecimalColumn;
import io.paimon.multimodal.internal.predicate.ArrowColumns.DoubleColumn;
import io.paimon.multimodal.internal.predicate.ArrowColumns.LongColumn;
import io.paimon.multimodal.internal.predicate.ArrowColumns.StringColumn;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Evaluates a bound predicate over an Arrow batch column at a time. Every node yields a byte mask
 * with one {@link Truth} code per row (FALSE 0, UNKNOWN 1, TRUE 2), so AND is a minimum, OR a
 * maximum and NOT {@code 2 - code}; comparisons read each referenced column once per batch into a
 * primitive array and never box values, except for comparisons between a DECIMAL column and an
 * integer or differently scaled DECIMAL column. Not thread-safe; use one instance per batch.
 */
final class BatchEvaluator implements NodeVisitor<byte[]> {

  private static final byte F = Truth.FALSE_CODE;
  private static final byte U = Truth.UNKNOWN_CODE;
  private static final byte T = Truth.TRUE_CODE;

  private final VectorSchemaRoot batch;
  private final int rowCount;
  private final Map<String, ColumnData> columns = new HashMap<>();

  private BatchEvaluator(VectorSchemaRoot batch) {
    this.batch = batch;
    this.rowCount = batch.getRowCount();
  }

  /** The truth mask of the predicate for every row of the batch. */
  static byte[] evaluate(Node node, VectorSchemaRoot batch) {
    return new BatchEvaluator(batch).eval(node);
  }

  private byte[] eval(Node node) {
    return node.accept(this);
  }

  @Override
  public byte[] constant(Node.Constant node) {
    byte[] out = new byte[rowCount];
    Arrays.fill(out, node.value().code());
    return out;
  }

  @Override
  public byte[] and(Node.And node) {
    return combine(node.terms(), true);
  }

  @Override
  public byte[] or(Node.Or node) {
    return combine(node.terms(), false);
  }

  @Override
  public byte[] not(Node.Not node) {
    byte[] out = eval(node.operand());
    for (int i = 0; i < rowCount; i++) {
      out[i] = (byte) (T - out[i]);
    }
    return out;
  }

  @Override
  public byte[] isNull(Node.IsNull node) {
    FieldVector vector = vector(node.column().name());
    byte[] out = new byte[rowCount];
    for (int i = 0; i < rowCount; i++) {
      out[i] = vector.isNull(i) ? T : F;
    }
    return out;
  }

  /** AND (minimum) or OR (maximum) of the terms, stopping once no row can change. */
  private byte[] combine(List<Node> terms, boolean and) {
    byte[] out = eval(terms.get(0));
    byte settled = and ? F : T;
    for (int t = 1; t < terms.size(); t++) {
      boolean open = false;
      for (int i = 0; i < rowCount && !open; i++) {
        open = out[i] != settled;
      }
      if (!open) {
        break;
      }
      byte[] next = eval(terms.get(t));
      for (int i = 0; i < rowCount; i++) {
        out[i] = and ? (byte) Math.min(out[i], next[i]) : (byte) Math.max(out[i], next[i]);
      }
    }
    return out;
  }

  @Override
  public byte[] compareLiteral(Node.CompareLiteral c) {
    ColumnData data = column(c.column());
    CmpOp op = c.op();
    byte[] out = new byte[rowCount];
    if (data instanceof LongColumn) {
      LongColumn col = (LongColumn) data;
      Bound bound = ArrowColumns.longBound(c.literal(), col.unit);
      Truth constant = bound.constantFor(op);
      if (constant != null) {
        Arrays.fill(out, constant.code());
      } else {
        compareLongs(col.values, bound.effectiveOp(op), bound.floor(), out);
      }
    } else if (data instanceof DoubleColumn) {
      double[] values = ((DoubleColumn) data).values;
      double literal = ((BigDecimal) c.literal()).doubleValue();
      for (int i = 0; i < rowCount; i++) {
        out[i] = op.test(ValueOrder.compareDoubles(values[i], literal)) ? T : F;
      }
    } else if (data instanceof DecimalColumn) {
      DecimalColumn col = (DecimalColumn) data;
      DecimalBound bound = ArrowColumns.decimalBound((BigDecimal) c.literal(), col.scale);
      Truth constant = bound.shape().constantFor(op);
      if (constant != null) {
        Arrays.fill(out, constant.code());
      } else {
        CmpOp effective = bound.shape().effectiveOp(op);
        for (int i = 0; i < rowCount; i++) {
          int cmp = ArrowColumns.compare128(col.high[i], col.low[i], bound.high(), bound.low());
          out[i] = effective.test(cmp) ? T : F;
        }
      }
    } else {
      StringColumn col = (StringColumn) data;
      byte[] literal = ((String) c.literal()).getBytes(StandardCharsets.UTF_8);
      int[] offsets = col.offsets;
      if (op == CmpOp.EQ || op == CmpOp.NE) {
        byte hit = op == CmpOp.EQ ? T : F;
        byte miss = op == CmpOp.EQ ? F : T;
        for (int i = 0; i < rowCount; i++) {
          boolean equal =
              Arrays.equals(col.data, offsets[i], offsets[i + 1], literal, 0, literal.length);
          out[i] = equal ? hit : miss;
        }
      } else {
        for (int i = 0; i < rowCount; i++) {
          int cmp =
              Arrays.compareUnsigned(
                  col.data, offsets[i], offsets[i + 1], literal, 0, literal.length);
          out[i] = op.test(cmp) ? T : F;
        }
      }
    }
    return markNulls(out, data);
  }

  private void compareLongs(long[] values, CmpOp op, long literal, byte[] out) {
    switch (op) {
      case EQ:
        for (int i = 0; i < rowCount; i++) {
          out[i] = values[i] == literal ? T : F;
        }
        break;
      case NE:
        for (int i = 0; i < rowCount; i++) {
          out[i] = values[i] != literal ? T : F;
        }
        break;
      case LT:
        for (int i = 0; i < rowCount; i++) {
          out[i] = values[i] < literal ? T : F;
        }
        break;
      case LE:
        for (int i = 0; i < rowCount; i++) {
          out[i] = values[i] <= literal ? T : F;
        }
        break;
      case GT:
        for (int i = 0; i < rowCount; i++) {
          out[i] = values[i] > literal ? T : F;
        }
        break;
      default:
        for (int i = 0; i < rowCount; i++) {
          out[i] = values[i] >= literal ? T : F;
        }
        break;
    }
  }

  @Override
  public byte[] compareColumns(Node.CompareColumns c) {
    ColumnData a = column(c.left());
    ColumnData b = column(c.right());
    CmpOp op = c.op();
    byte[] out = new byte[rowCount];
    if (a instanceof LongColumn && b instanceof LongColumn) {
      LongColumn la = (LongColumn) a;
      LongColumn lb = (LongColumn) b;
      for (int i = 0; i < rowCount; i++) {
        int cmp = ArrowColumns.compareTimeLine(la.values[i], la.unit, lb.values[i], lb.unit);
        out[i] = op.test(cmp) ? T : F;
      }
    } else if (isDoubleOrInteger(a) && isDoubleOrInteger(b)) {
      double[] da = doubles(a);
      double[] db = doubles(b);
      for (int i = 0; i < rowCount; i++) {
        out[i] = op.test(ValueOrder.compareDoubles(da[i], db[i])) ? T : F;
      }
    } else if (a instanceof DecimalColumn
        && b instanceof DecimalColumn
        && ((DecimalColumn) a).scale == ((DecimalColumn) b).scale) {
      DecimalColumn da = (DecimalColumn) a;
      DecimalColumn db = (DecimalColumn) b;
      for (int i = 0; i < rowCount; i++) {
        int cmp = ArrowColumns.compare128(da.high[i], da.low[i], db.high[i], db.low[i]);
        out[i] = op.test(cmp) ? T : F;
      }
    } else if (a instanceof StringColumn && b instanceof StringColumn) {
      StringColumn sa = (StringColumn) a;
      StringColumn sb = (StringColumn) b;
      for (int i = 0; i < rowCount; i++) {
        int cmp =
            Arrays.compareUnsigned(
                sa.data,
                sa.offsets[i],
                sa.offsets[i + 1],
                sb.data,
                sb.offsets[i],
                sb.offsets[i + 1]);
        out[i] = op.test(cmp) ? T : F;
      }
    } else {
      // A DECIMAL against an integer or a differently scaled DECIMAL: rare enough to box.
      FieldVector va = vector(c.left().name());
      FieldVector vb = vector(c.right().name());
      for (int i = 0; i < rowCount; i++) {
        if (!a.isNull(i) && !b.isNull(i)) {
          out[i] = op.test(ValueOrder.compare(va.getObject(i), vb.getObject(i))) ? T : F;
        }
      }
    }
    markNulls(out, a);
    return markNulls(out, b);
  }

  private static boolean isDoubleOrInteger(ColumnData data) {
    return data instanceof DoubleColumn
        || (data instanceof LongColumn && ((LongColumn) data).unit == ArrowColumns.Unit.INTEGER);
  }

  private static double[] doubles(ColumnData data) {
    return data instanceof DoubleColumn
        ? ((DoubleColumn) data).values
        : new DoubleColumn((LongColumn) data).values;
  }

  @Override
  public byte[] in(Node.In in) {
    ColumnData data = column(in.column());
    byte miss = in.hasNull() ? U : F;
    byte[] out = new byte[rowCount];
    if (data instanceof LongColumn) {
      LongColumn col = (LongColumn) data;
      long[] keys =
          in.values().stream()
              .map(v -> ArrowColumns.longBound(v, col.unit))
              .filter(b -> b.exact() && b.range() == 0)
              .mapToLong(Bound::floor)
              .sorted()
              .distinct()
              .toArray();
      for (int i = 0; i < rowCount; i++) {
        out[i] = Arrays.binarySearch(keys, col.values[i]) >= 0 ? T : miss;
      }
    } else if (data instanceof DoubleColumn) {
      double[] values = ((DoubleColumn) data).values;
      double[] keys =
          in.values().stream()
              .mapToDouble(v -> normalize(((BigDecimal) v).doubleValue()))
              .sorted()
              .toArray();
      for (int i = 0; i < rowCount; i++) {
        out[i] = Arrays.binarySearch(keys, normalize(values[i])) >= 0 ? T : miss;
      }
    } else if (data instanceof DecimalColumn) {
      DecimalColumn col = (DecimalColumn) data;
      List<DecimalBound> keys = new ArrayList<>();
      for (Object v : in.values()) {
        DecimalBound b = ArrowColumns.decimalBound((BigDecimal) v, col.scale);
        if (b.exact() && b.range() == 0) {
          keys.add(b);
        }
      }
      keys.sort((x, y) -> ArrowColumns.compare128(x.high(), x.low(), y.high(), y.low()));
      for (int i = 0; i < rowCount; i++) {
        out[i] = containsDecimal(keys, col.high[i], col.low[i]) ? T : miss;
      }
    } else {
      StringColumn col = (StringColumn) data;
      byte[][] keys =
          in.values().stream()
              .map(v -> ((String) v).getBytes(StandardCharsets.UTF_8))
              .sorted(Arrays::compareUnsigned)
              .toArray(byte[][]::new);
      for (int i = 0; i < rowCount; i++) {
        out[i] = containsString(keys, col.data, col.offsets[i], col.offsets[i + 1]) ? T : miss;
      }
    }
    return markNulls(out, data);
  }

  /** Maps -0.0 to 0.0 so that a binary search under {@link Double#compare} matches SQL equality. */
  private static double normalize(double d) {
    return d == 0.0 ? 0.0 : d;
  }

  private static boolean containsDecimal(List<DecimalBound> keys, long high, long low) {
    int lo = 0;
    int hi = keys.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      DecimalBound k = keys.get(mid);
      int cmp = ArrowColumns.compare128(k.high(), k.low(), high, low);
      if (cmp == 0) {
        return true;
      }
      if (cmp < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return false;
  }

  private static boolean containsString(byte[][] keys, byte[] data, int from, int to) {
    int lo = 0;
    int hi = keys.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      byte[] k = keys[mid];
      int cmp = Arrays.compareUnsigned(k, 0, k.length, data, from, to);
      if (cmp == 0) {
        return true;
      }
      if (cmp < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return false;
  }

  @Override
  public byte[] like(Node.Like like) {
    StringColumn col = (StringColumn) column(like.column());
    LikePattern pattern = like.pattern();
    byte[] out = new byte[rowCount];
    for (int i = 0; i < rowCount; i++) {
      out[i] = pattern.matches(col.data, col.offsets[i], col.offsets[i + 1]) ? T : F;
    }
    return markNulls(out, col);
  }

  private byte[] markNulls(byte[] out, ColumnData data) {
    if (data.nulls != null) {
      for (int i = 0; i < rowCount; i++) {
        if (data.nulls[i]) {
          out[i] = U;
        }
      }
    }
    return out;
  }

  private ColumnData column(Node.Column column) {
    ColumnData data = columns.get(column.name());
    if (data == null) {
      data = ArrowColumns.read(vector(column.name()), column);
      columns.put(column.name(), data);
    }
    return data;
  }

  private FieldVector vector(String name) {
    FieldVector vector = batch.getVector(name);
    if (vector == null) {
      throw new IllegalArgumentException(
          "the batch has no column '" + name + "' that the predicate references");
    }
    if (vector.getValueCount() < rowCount) {
      throw new IllegalArgumentException(
          "batch column '"
              + name
              + "' holds "
              + vector.getValueCount()
              + " values but the batch has "
              + rowCount
              + " rows");
    }
    return vector;
  }
}
