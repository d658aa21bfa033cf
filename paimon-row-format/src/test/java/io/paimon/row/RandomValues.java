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

import io.paimon.types.ArrayType;
import io.paimon.types.BinaryType;
import io.paimon.types.CharType;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import io.paimon.types.VarBinaryType;
import io.paimon.types.VarCharType;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random values of Paimon types, each as a {@link Value}: what is given to the writer and what a
 * reader must return for it. The two differ where the format loses information: TIMESTAMP(p) and
 * TIMESTAMP_LTZ(p) with p &lt;= 3 keep only milliseconds (floor), TIME keeps milliseconds, DECIMAL
 * values are rounded HALF_UP to the declared scale.
 *
 * <p>About a quarter of the scalars are edge values: NaNs with non-canonical payloads, -0.0, the
 * extremes of every integer and floating-point type, empty strings, binaries, arrays and maps,
 * 2/3/4-byte UTF-8, decimals at +-(10^p - 1), timestamps before the epoch with sub-millisecond
 * nanos, dates far from the epoch; with {@code bigValues}, rarely 1 MiB strings and binaries.
 */
final class RandomValues {

  /** A value to write and the value a reader returns for it. */
  record Value(Object write, Object expected) {}

  private static final Value NULL = new Value(null, null);
  private static final String[] CHARS = {"a", "Z", "0", " ", "é", "ß", "€", "中", "😀", "𝄞"};
  private static final int BIG = 1 << 20;
  private static final long SECONDS_1678 = -9_214_560_000L;
  private static final long SECONDS_2262 = 9_214_646_400L;
  private static final long SECONDS_1900 = -2_208_988_800L;
  private static final long SECONDS_2100 = 4_102_444_800L;
  private static final long SECONDS_PER_100K_YEARS = 3_155_695_200_000L;

  private final SplittableRandom r;
  private final double nullRate;
  private final boolean bigValues;
  private final boolean arrowSafe;

  /**
   * @param nullRate the probability of null for a nullable field or element
   * @param bigValues whether 1 MiB strings and binaries may occur (rarely)
   * @param arrowSafe no null map keys and nanosecond timestamps only within 1678..2261, which an
   *     Arrow reader cannot represent otherwise
   */
  RandomValues(SplittableRandom r, double nullRate, boolean bigValues, boolean arrowSafe) {
    this.r = r;
    this.nullRate = nullRate;
    this.bigValues = bigValues;
    this.arrowSafe = arrowSafe;
  }

  /** A top-level row of the type. */
  Value row(RowType type) {
    Object[] write = new Object[type.fieldCount()];
    Object[] expected = new Object[type.fieldCount()];
    for (int i = 0; i < write.length; i++) {
      Value v = value(type.typeAt(i));
      write[i] = v.write();
      expected[i] = v.expected();
    }
    return new Value(Row.wrap(write), Row.wrap(expected));
  }

  /** A value of the type, null with probability {@code nullRate} if the type is nullable. */
  Value value(DataType type) {
    if (type.isNullable() && r.nextDouble() < nullRate) {
      return NULL;
    }
    return nonNull(type);
  }

  private boolean edge() {
    return r.nextInt(4) == 0;
  }

  private Value same(Object v) {
    return new Value(v, v);
  }

  Value nonNull(DataType type) {
    switch (type.root()) {
      case BOOLEAN:
        return same(r.nextBoolean());
      case TINYINT:
        return same(
            edge()
                ? pick((byte) 0, (byte) -1, Byte.MIN_VALUE, Byte.MAX_VALUE)
                : (byte) r.nextInt());
      case SMALLINT:
        return same(
            edge()
                ? pick((short) 0, (short) -1, Short.MIN_VALUE, Short.MAX_VALUE)
                : (short) r.nextInt());
      case INTEGER:
        return same(edge() ? pick(0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE) : r.nextInt());
      case BIGINT:
        return same(edge() ? pick(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE) : r.nextLong());
      case FLOAT:
        return same(randomFloat());
      case DOUBLE:
        return same(randomDouble());
      case DECIMAL:
        return decimal((DecimalType) type);
      case CHAR:
        return same(string(r.nextInt(((CharType) type).length() + 1)));
      case VARCHAR:
        {
          int max = ((VarCharType) type).length();
          return same(
              max == VarCharType.MAX_LENGTH ? string(length()) : string(r.nextInt(max + 1)));
        }
      case BINARY:
        return same(bytes(r.nextInt(((BinaryType) type).length() + 1)));
      case VARBINARY:
        {
          int max = ((VarBinaryType) type).length();
          return same(
              max == VarBinaryType.MAX_LENGTH ? bytes(length()) : bytes(r.nextInt(max + 1)));
        }
      case BLOB:
        return same(bytes(length()));
      case DATE:
        return same(date());
      case TIME_WITHOUT_TIME_ZONE:
        {
          LocalTime t =
              edge()
                  ? pick(LocalTime.MIDNIGHT, LocalTime.MAX, LocalTime.NOON)
                  : LocalTime.ofNanoOfDay(r.nextLong(86_400_000_000_000L));
          return new Value(t, t.truncatedTo(ChronoUnit.MILLIS));
        }
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        {
          int p = ((TimestampType) type).precision();
          Instant i = instant(p);
          LocalDateTime ldt =
              LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(), ZoneOffset.UTC);
          return new Value(ldt, p <= 3 ? ldt.truncatedTo(ChronoUnit.MILLIS) : ldt);
        }
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        {
          int p = ((LocalZonedTimestampType) type).precision();
          Instant i = instant(p);
          return new Value(i, p <= 3 ? i.truncatedTo(ChronoUnit.MILLIS) : i);
        }
      case VARIANT:
        return same(Variant.of(bytes(1 + r.nextInt(16)), bytes(r.nextInt(9))));
      case VECTOR:
        return same(vector((VectorType) type));
      case ARRAY:
        {
          DataType element = ((ArrayType) type).elementType();
          int n = collectionSize();
          List<Object> write = new ArrayList<>(n);
          List<Object> expected = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            Value v = value(element);
            write.add(v.write());
            expected.add(v.expected());
          }
          return new Value(write, expected);
        }
      case MAP:
        {
          MapType m = (MapType) type;
          return map(m.keyType(), m.valueType(), false);
        }
      case MULTISET:
        return map(((MultisetType) type).elementType(), null, true);
      case ROW:
        return row((RowType) type);
      default:
        throw new IllegalArgumentException("no generator for " + type);
    }
  }

  @SafeVarargs
  private <T> T pick(T... choices) {
    return choices[r.nextInt(choices.length)];
  }

  private int collectionSize() {
    int k = r.nextInt(20);
    return k < 3 ? 0 : k < 19 ? 1 + r.nextInt(5) : r.nextInt(60);
  }

  /** Distinct keys by their expected (read-back) form: the file must not repeat a key. */
  private Value map(DataType keyType, DataType valueType, boolean multiset) {
    int n = collectionSize();
    Map<Object, Object> write = new LinkedHashMap<>();
    Map<Object, Object> expected = new LinkedHashMap<>();
    Set<Object> seen = new HashSet<>();
    for (int i = 0; i < n; i++) {
      Value k = arrowSafe ? nonNull(keyType) : value(keyType);
      if (!seen.add(k.expected())) {
        continue;
      }
      Value v =
          multiset
              ? same(edge() ? pick(0, Integer.MAX_VALUE, Integer.MIN_VALUE) : 1 + r.nextInt(5))
              : value(valueType);
      write.put(k.write(), v.write());
      expected.put(k.expected(), v.expected());
    }
    return new Value(write, expected);
  }

  private float randomFloat() {
    if (edge()) {
      return pick(
          0f,
          -0f,
          Float.NaN,
          Float.intBitsToFloat(0x7fc00001),
          Float.intBitsToFloat(0xffc12345),
          Float.MIN_VALUE,
          -Float.MIN_VALUE,
          Float.MAX_VALUE,
          -Float.MAX_VALUE,
          Float.MIN_NORMAL,
          Float.POSITIVE_INFINITY,
          Float.NEGATIVE_INFINITY);
    }
    if (r.nextBoolean()) {
      return (float) (r.nextDouble() * 2000 - 1000);
    }
    // Random bits; signalling NaNs get the quiet bit, since the JVM may quieten them in transit.
    int bits = r.nextInt();
    return Float.isNaN(Float.intBitsToFloat(bits))
        ? Float.intBitsToFloat(bits | 0x00400000)
        : Float.intBitsToFloat(bits);
  }

  private double randomDouble() {
    if (edge()) {
      return pick(
          0d,
          -0d,
          Double.NaN,
          Double.longBitsToDouble(0x7ff8000000000001L),
          Double.longBitsToDouble(0xfff800000000beefL),
          Double.longBitsToDouble(0x7fffffffffffffffL),
          Double.MIN_VALUE,
          -Double.MIN_VALUE,
          Double.MAX_VALUE,
          -Double.MAX_VALUE,
          Double.MIN_NORMAL,
          Double.POSITIVE_INFINITY,
          Double.NEGATIVE_INFINITY);
    }
    if (r.nextBoolean()) {
      return r.nextDouble() * 2e6 - 1e6;
    }
    long bits = r.nextLong();
    return Double.isNaN(Double.longBitsToDouble(bits))
        ? Double.longBitsToDouble(bits | 0x0008000000000000L)
        : Double.longBitsToDouble(bits);
  }

  private Value decimal(DecimalType type) {
    int p = type.precision();
    int s = type.scale();
    BigInteger max = BigInteger.TEN.pow(p).subtract(BigInteger.ONE);
    BigInteger unscaled;
    if (edge()) {
      unscaled = pick(max, max.negate(), BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate());
    } else {
      unscaled = digits(1 + r.nextInt(p));
    }
    BigDecimal exact = new BigDecimal(unscaled, s);
    int form = r.nextInt(10);
    if (form == 0 && unscaled.abs().compareTo(max) < 0) {
      // One more fraction digit: the writer rounds HALF_UP to the declared scale.
      BigDecimal longer = new BigDecimal(unscaled.multiply(BigInteger.TEN).add(digits(1)), s + 1);
      BigDecimal rounded = longer.setScale(s, RoundingMode.HALF_UP);
      if (rounded.unscaledValue().abs().compareTo(max) <= 0) {
        return new Value(longer, rounded);
      }
    } else if (form == 1 && s > 0) {
      // Fewer fraction digits (a plain integer): read back at the declared scale.
      BigDecimal integer =
          p == s ? BigDecimal.ZERO : new BigDecimal(digits(1 + r.nextInt(p - s)), 0);
      return new Value(integer, integer.setScale(s));
    }
    return same(exact);
  }

  /** A random integer of up to {@code n} decimal digits, random sign. */
  private BigInteger digits(int n) {
    StringBuilder sb = new StringBuilder(n + 1);
    if (r.nextBoolean()) {
      sb.append('-');
    }
    for (int i = 0; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    return new BigInteger(sb.toString());
  }

  /** A length for unbounded strings and binaries: mostly short, sometimes empty, rarely 1 MiB. */
  private int length() {
    if (bigValues && r.nextInt(3000) == 0) {
      return BIG;
    }
    int k = r.nextInt(20);
    return k < 2 ? 0 : k < 18 ? 1 + r.nextInt(24) : r.nextInt(600);
  }

  /** A string of {@code codePoints} code points mixing 1- to 4-byte UTF-8. */
  private String string(int codePoints) {
    StringBuilder sb = new StringBuilder(codePoints);
    boolean ascii = codePoints > 1000 || r.nextBoolean();
    for (int i = 0; i < codePoints; i++) {
      sb.append(
          ascii ? String.valueOf((char) (' ' + r.nextInt(95))) : CHARS[r.nextInt(CHARS.length)]);
    }
    return sb.toString();
  }

  private byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) r.nextInt();
    }
    return b;
  }

  private LocalDate date() {
    if (edge()) {
      return pick(
          LocalDate.EPOCH,
          LocalDate.ofEpochDay(-1),
          LocalDate.ofEpochDay(Integer.MIN_VALUE),
          LocalDate.ofEpochDay(Integer.MAX_VALUE),
          LocalDate.of(1, 1, 1),
          LocalDate.of(9999, 12, 31),
          LocalDate.of(-50_000, 2, 29));
    }
    return LocalDate.ofEpochDay(r.nextBoolean() ? r.nextInt(-30_000, 60_000) : r.nextInt());
  }

  /**
   * An instant: mostly 1900..2100 with random nanos; edges around the epoch, before it with
   * sub-millisecond nanos, and far from it. With {@code arrowSafe} and p &gt; 6, only 1678..2261.
   */
  private Instant instant(int precision) {
    boolean nanosInArrow = arrowSafe && precision > 6;
    long lo = nanosInArrow ? SECONDS_1678 : -SECONDS_PER_100K_YEARS;
    long hi = nanosInArrow ? SECONDS_2262 : SECONDS_PER_100K_YEARS;
    int nanos = r.nextInt(1_000_000_000);
    switch (r.nextInt(12)) {
      case 0:
        return pick(
            Instant.EPOCH,
            Instant.ofEpochSecond(0, -1),
            Instant.ofEpochSecond(0, 1),
            Instant.ofEpochSecond(-1, 999_999),
            Instant.ofEpochSecond(-1, 1_500));
      case 1:
        // Before the epoch with a sub-millisecond part.
        return Instant.ofEpochSecond(-r.nextLong(1, 5_000_000_000L), 1 + r.nextInt(999_999_998));
      case 2:
        return Instant.ofEpochSecond(r.nextLong(lo, hi), nanos);
      case 3:
        if (nanosInArrow) {
          return pick(Instant.ofEpochSecond(lo, 0), Instant.ofEpochSecond(hi - 1, 999_999_999));
        }
        return pick(
            Instant.ofEpochSecond(lo, 0),
            Instant.ofEpochSecond(hi - 1, 999_999_999),
            LocalDate.of(1, 1, 1).atStartOfDay().toInstant(ZoneOffset.UTC),
            LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999).toInstant(ZoneOffset.UTC));
      default:
        return Instant.ofEpochSecond(r.nextLong(SECONDS_1900, SECONDS_2100), nanos);
    }
  }

  private Object vector(VectorType type) {
    int n = type.length();
    switch (type.elementType().root()) {
      case BOOLEAN:
        {
          boolean[] a = new boolean[n];
          for (int i = 0; i < n; i++) {
            a[i] = r.nextBoolean();
          }
          return a;
        }
      case TINYINT:
        return bytes(n);
      case SMALLINT:
        {
          short[] a = new short[n];
          for (int i = 0; i < n; i++) {
            a[i] = (Short) nonNull(type.elementType()).write();
          }
          return a;
        }
      case INTEGER:
        {
          int[] a = new int[n];
          for (int i = 0; i < n; i++) {
            a[i] = (Integer) nonNull(type.elementType()).write();
          }
          return a;
        }
      case BIGINT:
        {
          long[] a = new long[n];
          for (int i = 0; i < n; i++) {
            a[i] = (Long) nonNull(type.elementType()).write();
          }
          return a;
        }
      case FLOAT:
        {
          float[] a = new float[n];
          for (int i = 0; i < n; i++) {
            a[i] = randomFloat();
          }
          return a;
        }
      default:
        {
          double[] a = new double[n];
          for (int i = 0; i < n; i++) {
            a[i] = randomDouble();
          }
          return a;
        }
    }
  }
}
