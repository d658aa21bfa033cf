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

import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.VectorType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Fills Arrow vectors of any layout a table's {@code add} accepts with random cells of a column
 * type, straight into the vectors (so that they can hold what Java values cannot: malformed UTF-8,
 * NaNs, maps that repeat a key). About a quarter of the values are edge values. BLOB descriptors
 * point into one payload file. Not thread-safe.
 */
public final class RandomArrowCells {

  private static final String[] CHARS = {"a", "Z", "0", " ", "é", "ß", "€", "中", "😀"};

  private final SplittableRandom r;
  private final double nullRate;
  private final String payloadUri;
  private final int payloadLength;

  public RandomArrowCells(
      SplittableRandom r, double nullRate, String payloadUri, int payloadLength) {
    this.r = r;
    this.nullRate = nullRate;
    this.payloadUri = payloadUri;
    this.payloadLength = payloadLength;
  }

  /**
   * Sets cell {@code i} of {@code v}, which holds values of {@code type}; {@code few} draws from a
   * handful of values (partition keys, map keys that repeat).
   */
  public void fill(FieldVector v, DataType type, int i, boolean few) {
    if (type.isNullable() && r.nextDouble() < nullRate) {
      v.setNull(i);
      return;
    }
    if (v instanceof BitVector) {
      ((BitVector) v).setSafe(i, r.nextBoolean() ? 1 : 0);
    } else if (v instanceof TinyIntVector) {
      ((TinyIntVector) v).setSafe(i, (byte) integer(few, Byte.MIN_VALUE, Byte.MAX_VALUE));
    } else if (v instanceof SmallIntVector) {
      ((SmallIntVector) v).setSafe(i, (short) integer(few, Short.MIN_VALUE, Short.MAX_VALUE));
    } else if (v instanceof IntVector) {
      ((IntVector) v).setSafe(i, (int) integer(few, Integer.MIN_VALUE, Integer.MAX_VALUE));
    } else if (v instanceof BigIntVector) {
      ((BigIntVector) v).setSafe(i, integer(few, Long.MIN_VALUE, Long.MAX_VALUE));
    } else if (v instanceof Float4Vector) {
      ((Float4Vector) v).setSafe(i, (float) floating(few));
    } else if (v instanceof Float8Vector) {
      ((Float8Vector) v).setSafe(i, floating(few));
    } else if (v instanceof DecimalVector) {
      ((DecimalVector) v).setSafe(i, decimal((DecimalType) type, few));
    } else if (v instanceof VarCharVector) {
      ((VarCharVector) v).setSafe(i, string(few));
    } else if (v instanceof LargeVarCharVector) {
      ((LargeVarCharVector) v).setSafe(i, string(few));
    } else if (v instanceof VarBinaryVector) {
      ((VarBinaryVector) v).setSafe(i, bytes(few ? 1 : r.nextInt(40)));
    } else if (v instanceof LargeVarBinaryVector) {
      ((LargeVarBinaryVector) v).setSafe(i, bytes(r.nextInt(40)));
    } else if (v instanceof DateDayVector) {
      ((DateDayVector) v).setSafe(i, few ? r.nextInt(3) : r.nextInt(-800_000, 800_000));
    } else if (v instanceof DateMilliVector) {
      ((DateMilliVector) v).setSafe(i, r.nextInt(-800_000, 800_000) * 86_400_000L);
    } else if (v instanceof TimeMilliVector) {
      ((TimeMilliVector) v).setSafe(i, edge() ? 86_399_999 : r.nextInt(86_400_000));
    } else if (v instanceof TimeStampVector) {
      ((TimeStampVector) v).setSafe(i, timestamp((TimeStampVector) v, few));
    } else if (v instanceof FixedSizeListVector) {
      FixedSizeListVector list = (FixedSizeListVector) v;
      list.setNotNull(i);
      DataType element = ((VectorType) type).elementType().notNull();
      int n = list.getListSize();
      for (int k = 0; k < n; k++) {
        fill(list.getDataVector(), element, i * n + k, false);
      }
    } else if (v instanceof ListVector) {
      list((ListVector) v, type, i);
    } else if (v instanceof StructVector) {
      struct((StructVector) v, type, i);
    } else {
      throw new IllegalArgumentException("no random cells for " + v.getField());
    }
  }

  private boolean edge() {
    return r.nextInt(4) == 0;
  }

  private long integer(boolean few, long min, long max) {
    if (few) {
      return r.nextInt(3);
    }
    if (edge()) {
      long[] edges = {0, -1, 1, min, max};
      return edges[r.nextInt(edges.length)];
    }
    return min == Long.MIN_VALUE ? r.nextLong() : r.nextLong(min, max + 1);
  }

  private double floating(boolean few) {
    double[] edges = {Double.NaN, -0.0, 0.0, 1.5, Double.POSITIVE_INFINITY, -Double.MAX_VALUE};
    if (few || edge()) {
      return edges[r.nextInt(few ? 4 : edges.length)];
    }
    return (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(-5, 6));
  }

  private BigDecimal decimal(DecimalType type, boolean few) {
    BigInteger bound = BigInteger.TEN.pow(type.precision());
    BigInteger unscaled;
    if (few) {
      unscaled = BigInteger.valueOf(r.nextInt(3));
    } else if (edge()) {
      unscaled = r.nextBoolean() ? bound.subtract(BigInteger.ONE) : BigInteger.ONE.subtract(bound);
    } else {
      unscaled =
          new BigInteger(bound.bitLength() + 4, new java.util.Random(r.nextLong())).mod(bound);
      if (r.nextBoolean()) {
        unscaled = unscaled.negate();
      }
    }
    return new BigDecimal(unscaled, type.scale());
  }

  private byte[] string(boolean few) {
    if (few) {
      return new byte[] {(byte) ('a' + r.nextInt(3))};
    }
    switch (r.nextInt(8)) {
      case 0:
        // Malformed UTF-8: a lone continuation byte, a truncated sequence, a surrogate.
        byte[][] bad = {
          {'x', (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0xED, (byte) 0xB0, (byte) 0x80}
        };
        return bad[r.nextInt(bad.length)];
      case 1:
        // Too long to bound the column's statistics.
        return "s".repeat(60 + r.nextInt(10)).getBytes(StandardCharsets.UTF_8);
      case 2:
        {
          StringBuilder s = new StringBuilder();
          for (int k = r.nextInt(8); k > 0; k--) {
            s.append(CHARS[r.nextInt(CHARS.length)]);
          }
          return s.toString().getBytes(StandardCharsets.UTF_8);
        }
      default:
        {
          byte[] b = new byte[r.nextInt(20)];
          for (int k = 0; k < b.length; k++) {
            b[k] = (byte) ('a' + r.nextInt(26));
          }
          return b;
        }
    }
  }

  private byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int k = 0; k < n; k++) {
      b[k] = (byte) r.nextInt();
    }
    return b;
  }

  /** Within about 1,000 years of the epoch, in the vector's unit. */
  private long timestamp(TimeStampVector v, boolean few) {
    ArrowType.Timestamp t = (ArrowType.Timestamp) v.getField().getType();
    // Nanoseconds since the epoch reach only the years 1678 to 2262.
    long range =
        t.getUnit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND
            ? 9_000_000_000L
            : 31_000_000_000L;
    long seconds = few ? r.nextInt(3) : r.nextLong(-range, range);
    switch (t.getUnit()) {
      case SECOND:
        return seconds;
      case MILLISECOND:
        return seconds * 1000 + r.nextInt(1000);
      case MICROSECOND:
        return seconds * 1_000_000 + r.nextInt(1_000_000);
      default:
        return seconds * 1_000_000_000 + r.nextInt(1_000_000_000);
    }
  }

  private void list(ListVector list, DataType type, int i) {
    int start = list.startNewValue(i);
    int n = r.nextInt(5);
    FieldVector child = list.getDataVector();
    if (type instanceof ArrayType) {
      for (int k = 0; k < n; k++) {
        fill(child, ((ArrayType) type).elementType(), start + k, false);
      }
    } else if (type instanceof VectorType) {
      n = ((VectorType) type).length();
      for (int k = 0; k < n; k++) {
        fill(child, ((VectorType) type).elementType().notNull(), start + k, false);
      }
    } else {
      DataType key;
      DataType value;
      if (type instanceof MapType) {
        key = ((MapType) type).keyType().notNull();
        value = ((MapType) type).valueType();
      } else {
        key = ((MultisetType) type).elementType().notNull();
        value = new io.paimon.types.IntType(false);
      }
      StructVector entries = (StructVector) child;
      List<FieldVector> kv = entries.getChildrenFromFields();
      boolean repeat = r.nextInt(3) == 0;
      for (int k = 0; k < n; k++) {
        entries.setIndexDefined(start + k);
        fill(kv.get(0), key, start + k, repeat);
        fill(kv.get(1), value, start + k, false);
      }
    }
    list.endValue(i, n);
  }

  private void struct(StructVector s, DataType type, int i) {
    s.setIndexDefined(i);
    if (s.getChild("uri") != null) {
      // A BLOB descriptor, pointing into the payload file.
      long offset = r.nextInt(payloadLength);
      long length = r.nextInt(8) == 0 ? -1 : r.nextInt((int) (payloadLength - offset) + 1);
      ((VarCharVector) s.getChild("uri")).setSafe(i, payloadUri.getBytes(StandardCharsets.UTF_8));
      ((BigIntVector) s.getChild("offset")).setSafe(i, offset);
      ((BigIntVector) s.getChild("length")).setSafe(i, length);
    } else if (type instanceof RowType) {
      RowType row = (RowType) type;
      for (int f = 0; f < row.fieldCount(); f++) {
        fill(s.getChild(row.fields().get(f).name(), FieldVector.class), row.typeAt(f), i, false);
      }
    } else {
      // VARIANT
      ((VarBinaryVector) s.getChild("value")).setSafe(i, bytes(1 + r.nextInt(6)));
      ((VarBinaryVector) s.getChild("metadata")).setSafe(i, bytes(1 + r.nextInt(3)));
    }
  }
}
