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

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalTime;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
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
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Copies Arrow vectors into primitive arrays for column-at-a-time evaluation, and converts literals
 * into the same primitive domains. Supported vectors follow the table's Arrow mapping: Int(8..64)
 * and Bit, Date(DAY), Time(MILLISECOND, 32) and Timestamp (any unit, with or without a zone) as
 * longs; FloatingPoint as doubles; Decimal(p, s, 128) as 128-bit unscaled values; Utf8 as one byte
 * array plus offsets.
 */
final class ArrowColumns {

  private ArrowColumns() {}

  /** What the longs of a {@link LongColumn} count. Time-line units carry nanoseconds per unit. */
  enum Unit {
    INTEGER(0),
    BOOLEAN(0),
    TIME_MILLIS(0),
    DAYS(86_400_000_000_000L),
    SECONDS(1_000_000_000L),
    MILLIS(1_000_000L),
    MICROS(1_000L),
    NANOS(1L);

    private final long nanos;

    Unit(long nanos) {
      this.nanos = nanos;
    }

    /** Nanoseconds per unit for units on the time line; 0 for the others. */
    long nanos() {
      return nanos;
    }
  }

  /** Column data: row count and nulls ({@code nulls} is null when there are none). */
  abstract static class ColumnData {
    final int rowCount;
    final boolean[] nulls;

    ColumnData(FieldVector vector) {
      this.rowCount = vector.getValueCount();
      if (vector.getNullCount() == 0) {
        this.nulls = null;
      } else {
        boolean[] n = new boolean[rowCount];
        for (int i = 0; i < rowCount; i++) {
          n[i] = vector.isNull(i);
        }
        this.nulls = n;
      }
    }

    ColumnData(int rowCount, boolean[] nulls) {
      this.rowCount = rowCount;
      this.nulls = nulls;
    }

    final boolean isNull(int i) {
      return nulls != null && nulls[i];
    }
  }

  /** Integers, booleans (0/1), dates, times and timestamps as longs in a {@link Unit}. */
  static final class LongColumn extends ColumnData {
    final long[] values;
    final Unit unit;

    LongColumn(FieldVector vector, Unit unit) {
      super(vector);
      this.unit = unit;
      this.values = new long[rowCount];
      ArrowBuf data = vector.getDataBuffer();
      if (vector instanceof BigIntVector || vector instanceof TimeStampVector) {
        for (int i = 0; i < rowCount; i++) {
          values[i] = data.getLong((long) i * 8);
        }
      } else if (vector instanceof IntVector
          || vector instanceof DateDayVector
          || vector instanceof TimeMilliVector) {
        for (int i = 0; i < rowCount; i++) {
          values[i] = data.getInt((long) i * 4);
        }
      } else if (vector instanceof SmallIntVector) {
        for (int i = 0; i < rowCount; i++) {
          values[i] = data.getShort((long) i * 2);
        }
      } else if (vector instanceof TinyIntVector) {
        for (int i = 0; i < rowCount; i++) {
          values[i] = data.getByte(i);
        }
      } else {
        for (int i = 0; i < rowCount; i++) {
          values[i] = BitVectorHelper.get(data, i);
        }
      }
    }
  }

  /** Floating-point values, and integers where they meet a floating-point column. */
  static final class DoubleColumn extends ColumnData {
    final double[] values;

    DoubleColumn(FieldVector vector) {
      super(vector);
      this.values = new double[rowCount];
      ArrowBuf data = vector.getDataBuffer();
      if (vector instanceof Float8Vector) {
        for (int i = 0; i < rowCount; i++) {
          values[i] = data.getDouble((long) i * 8);
        }
      } else {
        for (int i = 0; i < rowCount; i++) {
          values[i] = data.getFloat((long) i * 4);
        }
      }
    }

    DoubleColumn(LongColumn integers) {
      super(integers.rowCount, integers.nulls);
      this.values = new double[rowCount];
      for (int i = 0; i < rowCount; i++) {
        values[i] = integers.values[i];
      }
    }
  }

  /**
   * Decimal(p, s, 128) values as the high (signed) and low (unsigned) halves of the unscaled value.
   */
  static final class DecimalColumn extends ColumnData {
    final long[] high;
    final long[] low;
    final int scale;

    DecimalColumn(DecimalVector vector) {
      super(vector);
      this.scale = vector.getScale();
      this.high = new long[rowCount];
      this.low = new long[rowCount];
      ArrowBuf data = vector.getDataBuffer();
      for (int i = 0; i < rowCount; i++) {
        low[i] = data.getLong((long) i * 16);
        high[i] = data.getLong((long) i * 16 + 8);
      }
    }
  }

  /**
   * Utf8 values: all bytes copied once, row {@code i} at {@code data[offsets[i], offsets[i+1])}.
   */
  static final class StringColumn extends ColumnData {
    final byte[] data;
    final int[] offsets;

    StringColumn(VarCharVector vector) {
      super(vector);
      this.offsets = new int[rowCount + 1];
      if (rowCount == 0) {
        this.data = new byte[0];
        return;
      }
      ArrowBuf offsetBuffer = vector.getOffsetBuffer();
      for (int i = 0; i <= rowCount; i++) {
        offsets[i] = offsetBuffer.getInt((long) i * 4);
      }
      this.data = new byte[offsets[rowCount]];
      vector.getDataBuffer().getBytes(0, data, 0, data.length);
    }
  }

  /**
   * Reads a batch column for a bound column of the predicate.
   *
   * @throws IllegalArgumentException if the vector does not hold the column's type
   */
  static ColumnData read(FieldVector vector, Node.Column column) {
    switch (column.family()) {
      case INTEGER:
        if (vector instanceof BigIntVector
            || vector instanceof IntVector
            || vector instanceof SmallIntVector
            || vector instanceof TinyIntVector) {
          return new LongColumn(vector, Unit.INTEGER);
        }
        break;
      case BOOLEAN:
        if (vector instanceof BitVector) {
          return new LongColumn(vector, Unit.BOOLEAN);
        }
        break;
      case DATE:
        if (vector instanceof DateDayVector) {
          return new LongColumn(vector, Unit.DAYS);
        }
        break;
      case TIME:
        if (vector instanceof TimeMilliVector) {
          return new LongColumn(vector, Unit.TIME_MILLIS);
        }
        break;
      case TIMESTAMP:
      case TIMESTAMP_LTZ:
        if (vector instanceof TimeStampVector) {
          return new LongColumn(vector, timestampUnit(vector));
        }
        break;
      case FLOATING:
        if (vector instanceof Float8Vector || vector instanceof Float4Vector) {
          return new DoubleColumn(vector);
        }
        break;
      case DECIMAL:
        if (vector instanceof DecimalVector) {
          return new DecimalColumn((DecimalVector) vector);
        }
        break;
      case STRING:
        if (vector instanceof VarCharVector) {
          return new StringColumn((VarCharVector) vector);
        }
        break;
      default:
        break;
    }
    throw new IllegalArgumentException(
        "batch column '"
            + column.name()
            + "' is a "
            + vector.getField().getType()
            + " vector, which cannot hold the column's type "
            + column.type());
  }

  private static Unit timestampUnit(FieldVector vector) {
    switch (((ArrowType.Timestamp) vector.getField().getType()).getUnit()) {
      case SECOND:
        return Unit.SECONDS;
      case MILLISECOND:
        return Unit.MILLIS;
      case MICROSECOND:
        return Unit.MICROS;
      default:
        return Unit.NANOS;
    }
  }

  /**
   * A literal in an integer domain: the greatest representable value not above it ({@code floor}),
   * whether that is the literal itself ({@code exact}), or {@code range} -1 / +1 when the literal
   * is below / above every representable value.
   */
  record Bound(long floor, boolean exact, int range) {

    static Bound above() {
      return new Bound(0, false, 1);
    }

    static Bound below() {
      return new Bound(0, false, -1);
    }

    /**
     * The truth of {@code value op literal} for every non-null value if it does not depend on the
     * value, else null.
     */
    Truth constantFor(CmpOp op) {
      if (range > 0) {
        return Truth.of(op == CmpOp.LT || op == CmpOp.LE || op == CmpOp.NE);
      }
      if (range < 0) {
        return Truth.of(op == CmpOp.GT || op == CmpOp.GE || op == CmpOp.NE);
      }
      if (!exact && (op == CmpOp.EQ || op == CmpOp.NE)) {
        return Truth.of(op == CmpOp.NE);
      }
      return null;
    }

    /**
     * The operator that, applied to {@code floor}, gives {@code value op literal} for integer
     * values: for a literal strictly between floor and floor + 1, {@code v < lit} is {@code v <=
     * floor} and {@code v >= lit} is {@code v > floor}.
     */
    CmpOp effectiveOp(CmpOp op) {
      if (exact) {
        return op;
      }
      return op == CmpOp.LT || op == CmpOp.LE ? CmpOp.LE : CmpOp.GT;
    }
  }

  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  /** A literal (BigDecimal, Boolean, LocalTime, LocalDate, LocalDateTime) in a long unit. */
  static Bound longBound(Object literal, Unit unit) {
    switch (unit) {
      case INTEGER:
        {
          BigDecimal d = (BigDecimal) literal;
          if (d.compareTo(LONG_MAX) > 0) {
            return Bound.above();
          }
          if (d.compareTo(LONG_MIN) < 0) {
            return Bound.below();
          }
          long floor = d.setScale(0, RoundingMode.FLOOR).longValueExact();
          return new Bound(floor, d.compareTo(BigDecimal.valueOf(floor)) == 0, 0);
        }
      case BOOLEAN:
        return new Bound((Boolean) literal ? 1 : 0, true, 0);
      case TIME_MILLIS:
        {
          long nanos = ((LocalTime) literal).toNanoOfDay();
          return new Bound(nanos / 1_000_000L, nanos % 1_000_000L == 0, 0);
        }
      default:
        return timeLineBound(ValueOrder.epochSecond(literal), ValueOrder.nano(literal), unit);
    }
  }

  private static Bound timeLineBound(long seconds, int nanos, Unit unit) {
    if (unit == Unit.DAYS) {
      return new Bound(
          Math.floorDiv(seconds, 86_400L), Math.floorMod(seconds, 86_400L) == 0 && nanos == 0, 0);
    }
    long perSecond = 1_000_000_000L / unit.nanos();
    try {
      long floor = Math.addExact(Math.multiplyExact(seconds, perSecond), nanos / unit.nanos());
      return new Bound(floor, nanos % unit.nanos() == 0, 0);
    } catch (ArithmeticException overflow) {
      return seconds > 0 ? Bound.above() : Bound.below();
    }
  }

  /** A decimal literal at a column's scale: unscaled floor as two halves, exactness and range. */
  record DecimalBound(long high, long low, boolean exact, int range) {
    /** The exactness and range as a {@link Bound}, for its operator rewriting. */
    Bound shape() {
      return new Bound(0, exact, range);
    }
  }

  static DecimalBound decimalBound(BigDecimal literal, int scale) {
    BigDecimal floor = literal.setScale(scale, RoundingMode.FLOOR);
    BigInteger unscaled = floor.unscaledValue();
    if (unscaled.bitLength() > 127) {
      return new DecimalBound(0, 0, false, unscaled.signum());
    }
    return new DecimalBound(
        unscaled.shiftRight(64).longValue(),
        unscaled.longValue(),
        floor.compareTo(literal) == 0,
        0);
  }

  /** Signed 128-bit comparison of (high, low) pairs. */
  static int compare128(long highA, long lowA, long highB, long lowB) {
    int c = Long.compare(highA, highB);
    return c != 0 ? c : Long.compareUnsigned(lowA, lowB);
  }

  /**
   * Compares {@code a} (in {@code unitA}) with {@code b} (in {@code unitB}) on the time line,
   * exactly and without overflow.
   */
  static int compareTimeLine(long a, Unit unitA, long b, Unit unitB) {
    if (unitA == unitB) {
      return Long.compare(a, b);
    }
    if (unitA.nanos() < unitB.nanos()) {
      return -compareTimeLine(b, unitB, a, unitA);
    }
    long ratio = unitA.nanos() / unitB.nanos();
    long q = Math.floorDiv(b, ratio);
    if (a != q) {
      return Long.compare(a, q);
    }
    return Math.floorMod(b, ratio) == 0 ? 0 : -1;
  }
}
