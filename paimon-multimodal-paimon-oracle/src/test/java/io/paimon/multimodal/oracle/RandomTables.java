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
package io.paimon.multimodal.oracle;

import io.paimon.row.Row;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.paimon.data.variant.GenericVariant;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.BinaryType;
import org.apache.paimon.types.CharType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.MultisetType;
import org.apache.paimon.types.RowType;
import org.apache.paimon.types.TimeType;
import org.apache.paimon.types.TimestampType;
import org.apache.paimon.types.VarBinaryType;
import org.apache.paimon.types.VarCharType;
import org.apache.paimon.types.VectorType;

/**
 * Seeded random Paimon schemas over every Paimon 1.4.2 type, and random rows for them in our Java
 * value model, nulls included. Values are what survives a {@code .row} file exactly: TIME to the
 * millisecond, TIMESTAMP(p) and TIMESTAMP_LTZ(p) to {@code min(p, 9)} fractional digits (to the
 * millisecond for p &lt;= 3), CHAR/VARCHAR within their length. Map keys and multiset elements are
 * of types with value equality (no arrays, no NaN), so maps compare by {@code equals}.
 */
final class RandomTables {

  /** The first column of every random table: a unique row number given by the test. */
  static final String ID = "id";

  private static final DataTypeRoot[] ATOMIC = {
    DataTypeRoot.BOOLEAN,
    DataTypeRoot.TINYINT,
    DataTypeRoot.SMALLINT,
    DataTypeRoot.INTEGER,
    DataTypeRoot.BIGINT,
    DataTypeRoot.FLOAT,
    DataTypeRoot.DOUBLE,
    DataTypeRoot.DECIMAL,
    DataTypeRoot.CHAR,
    DataTypeRoot.VARCHAR,
    DataTypeRoot.BINARY,
    DataTypeRoot.VARBINARY,
    DataTypeRoot.DATE,
    DataTypeRoot.TIME_WITHOUT_TIME_ZONE,
    DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
    DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
    DataTypeRoot.VECTOR,
    DataTypeRoot.VARIANT,
  };

  private static final DataTypeRoot[] COMPOSITE = {
    DataTypeRoot.ARRAY, DataTypeRoot.MAP, DataTypeRoot.MULTISET, DataTypeRoot.ROW
  };

  private static final String LETTERS = "abcxyz09 _-éßж漢字";

  private RandomTables() {}

  /**
   * A schema: {@code id BIGINT NOT NULL}, then {@code columns} random columns {@code c1, c2, ...}
   * (ARRAY, MAP, MULTISET and ROW nested up to two levels; VECTOR anywhere but inside ARRAY, MAP or
   * MULTISET, which Paimon 1.4.2 cannot hold), a top-level BLOB column among them with probability
   * {@code blobChance}.
   */
  static RowType schema(SplittableRandom r, int columns, double blobChance) {
    List<DataField> fields = new ArrayList<>();
    fields.add(new DataField(0, ID, DataTypes.BIGINT().notNull()));
    for (int i = 1; i <= columns; i++) {
      DataType t = r.nextDouble() < blobChance / columns ? DataTypes.BLOB() : type(r, 0, false);
      fields.add(new DataField(i, "c" + i, r.nextInt(5) == 0 ? t.copy(false) : t));
    }
    return new RowType(fields);
  }

  /** A random type; {@code inCollection} forbids VECTOR (see {@link #schema}). */
  static DataType type(SplittableRandom r, int depth, boolean inCollection) {
    if (depth < 2 && r.nextInt(3) == 0) {
      return composite(r, COMPOSITE[r.nextInt(COMPOSITE.length)], depth);
    }
    DataTypeRoot root;
    do {
      root = ATOMIC[r.nextInt(ATOMIC.length)];
    } while (inCollection && root == DataTypeRoot.VECTOR);
    return atomic(r, root);
  }

  private static DataType composite(SplittableRandom r, DataTypeRoot root, int depth) {
    switch (root) {
      case ARRAY:
        return new ArrayType(nullable(r, type(r, depth + 1, true)));
      case MAP:
        return new MapType(keyType(r).copy(false), nullable(r, type(r, depth + 1, true)));
      case MULTISET:
        return new MultisetType(keyType(r).copy(false));
      case ROW:
        {
          int n = 1 + r.nextInt(3);
          List<DataField> fields = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            fields.add(new DataField(i, "f" + i, nullable(r, type(r, depth + 1, false))));
          }
          return new RowType(fields);
        }
      default:
        throw new IllegalArgumentException(root.toString());
    }
  }

  private static DataType nullable(SplittableRandom r, DataType t) {
    return r.nextInt(4) == 0 ? t.copy(false) : t;
  }

  /** A type whose values compare by equals: for map keys, multiset elements, partition keys. */
  static DataType keyType(SplittableRandom r) {
    switch (r.nextInt(5)) {
      case 0:
        return DataTypes.INT();
      case 1:
        return DataTypes.BIGINT();
      case 2:
        return DataTypes.STRING();
      case 3:
        return DataTypes.DATE();
      default:
        return DataTypes.SMALLINT();
    }
  }

  static DataType atomic(SplittableRandom r, DataTypeRoot root) {
    switch (root) {
      case BOOLEAN:
        return DataTypes.BOOLEAN();
      case TINYINT:
        return DataTypes.TINYINT();
      case SMALLINT:
        return DataTypes.SMALLINT();
      case INTEGER:
        return DataTypes.INT();
      case BIGINT:
        return DataTypes.BIGINT();
      case FLOAT:
        return DataTypes.FLOAT();
      case DOUBLE:
        return DataTypes.DOUBLE();
      case DECIMAL:
        {
          // Half compact (p <= 18, an unscaled long), half not.
          int p = r.nextBoolean() ? 1 + r.nextInt(18) : 19 + r.nextInt(20);
          return DataTypes.DECIMAL(p, r.nextInt(p + 1));
        }
      case CHAR:
        return new CharType(1 + r.nextInt(10));
      case VARCHAR:
        return r.nextBoolean() ? DataTypes.STRING() : new VarCharType(1 + r.nextInt(20));
      case BINARY:
        return new BinaryType(1 + r.nextInt(10));
      case VARBINARY:
        return r.nextBoolean() ? DataTypes.BYTES() : new VarBinaryType(1 + r.nextInt(20));
      case DATE:
        return DataTypes.DATE();
      case TIME_WITHOUT_TIME_ZONE:
        return new TimeType(r.nextInt(10));
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return new TimestampType(r.nextInt(10));
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return new LocalZonedTimestampType(r.nextInt(10));
      case VECTOR:
        {
          DataType[] elements = {
            DataTypes.BOOLEAN(),
            DataTypes.TINYINT(),
            DataTypes.SMALLINT(),
            DataTypes.INT(),
            DataTypes.BIGINT(),
            DataTypes.FLOAT(),
            DataTypes.DOUBLE()
          };
          return new VectorType(1 + r.nextInt(8), elements[r.nextInt(elements.length)]);
        }
      case VARIANT:
        return DataTypes.VARIANT();
      case BLOB:
        return DataTypes.BLOB();
      default:
        throw new IllegalArgumentException(root.toString());
    }
  }

  /** A row: {@code id} as given, every other column random (null at about one in six). */
  static Map<String, Object> row(SplittableRandom r, RowType type, long id) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (DataField f : type.getFields()) {
      row.put(f.name(), f.name().equals(ID) ? (Object) id : value(r, f.type()));
    }
    return row;
  }

  /** A random value of {@code t}, or null (if {@code t} is nullable) at about one in six. */
  static Object value(SplittableRandom r, DataType t) {
    if (t.isNullable() && r.nextInt(6) == 0) {
      return null;
    }
    switch (t.getTypeRoot()) {
      case BOOLEAN:
        return r.nextBoolean();
      case TINYINT:
        return (byte) r.nextInt();
      case SMALLINT:
        return (short) r.nextInt();
      case INTEGER:
        return r.nextInt(8) == 0 ? Integer.MIN_VALUE : r.nextInt();
      case BIGINT:
        return r.nextInt(8) == 0 ? Long.MAX_VALUE : r.nextLong();
      case FLOAT:
        return floatValue(r);
      case DOUBLE:
        return doubleValue(r);
      case DECIMAL:
        {
          DecimalType d = (DecimalType) t;
          BigInteger unscaled =
              new BigInteger(d.getPrecision() * 3 + 3, new java.util.Random(r.nextLong()));
          unscaled = unscaled.mod(BigInteger.TEN.pow(d.getPrecision()));
          return new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), d.getScale());
        }
      case CHAR:
        return string(r, 1 + r.nextInt(((CharType) t).getLength()));
      case VARCHAR:
        return string(r, r.nextInt(Math.min(((VarCharType) t).getLength(), 30) + 1));
      case BINARY:
        return bytes(r, ((BinaryType) t).getLength());
      case VARBINARY:
        return bytes(r, r.nextInt(Math.min(((VarBinaryType) t).getLength(), 40) + 1));
      case DATE:
        return LocalDate.ofEpochDay(r.nextInt(-200_000, 200_000));
      case TIME_WITHOUT_TIME_ZONE:
        {
          long nanos = r.nextLong(86_400_000L) * 1_000_000L;
          return LocalTime.ofNanoOfDay(truncate(nanos, Math.min(((TimeType) t).getPrecision(), 3)));
        }
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        {
          Instant i = instant(r, ((TimestampType) t).getPrecision());
          return LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(), ZoneOffset.UTC);
        }
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return instant(r, ((LocalZonedTimestampType) t).getPrecision());
      case ARRAY:
        {
          List<Object> list = new ArrayList<>();
          int n = r.nextInt(5);
          for (int i = 0; i < n; i++) {
            list.add(value(r, ((ArrayType) t).getElementType()));
          }
          return list;
        }
      case MAP:
        {
          Map<Object, Object> map = new LinkedHashMap<>();
          int n = r.nextInt(4);
          for (int i = 0; i < n; i++) {
            map.put(value(r, ((MapType) t).getKeyType()), value(r, ((MapType) t).getValueType()));
          }
          return map;
        }
      case MULTISET:
        {
          Map<Object, Integer> map = new LinkedHashMap<>();
          int n = r.nextInt(4);
          for (int i = 0; i < n; i++) {
            map.put(value(r, ((MultisetType) t).getElementType()), 1 + r.nextInt(5));
          }
          return map;
        }
      case ROW:
        {
          RowType rt = (RowType) t;
          Object[] values = new Object[rt.getFieldCount()];
          for (int i = 0; i < values.length; i++) {
            values[i] = value(r, rt.getTypeAt(i));
          }
          return Row.wrap(values);
        }
      case VECTOR:
        return vector(r, (VectorType) t);
      case VARIANT:
        {
          GenericVariant v = GenericVariant.fromJson(json(r, 0));
          return io.paimon.types.Variant.of(v.value(), v.metadata());
        }
      case BLOB:
        return blob(r);
      default:
        throw new IllegalArgumentException("no values for " + t);
    }
  }

  /** A BLOB payload: empty, small or a few KiB. */
  static byte[] blob(SplittableRandom r) {
    int kind = r.nextInt(10);
    return bytes(r, kind == 0 ? 0 : kind < 7 ? 1 + r.nextInt(100) : 1000 + r.nextInt(5000));
  }

  static byte[] bytes(SplittableRandom r, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) r.nextInt();
    }
    return b;
  }

  static String string(SplittableRandom r, int codePoints) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < codePoints; i++) {
      sb.append(LETTERS.charAt(r.nextInt(LETTERS.length())));
    }
    return sb.toString();
  }

  private static float floatValue(SplittableRandom r) {
    switch (r.nextInt(10)) {
      case 0:
        return Float.NaN;
      case 1:
        return -0.0f;
      case 2:
        return Float.NEGATIVE_INFINITY;
      default:
        return (float) ((r.nextDouble() - 0.5) * 1e6);
    }
  }

  private static double doubleValue(SplittableRandom r) {
    switch (r.nextInt(10)) {
      case 0:
        return Double.NaN;
      case 1:
        return -0.0;
      case 2:
        return Double.MAX_VALUE;
      default:
        return (r.nextDouble() - 0.5) * 1e12;
    }
  }

  /** An instant between 1900 and 2100 with {@code precision} fractional digits (millis if <= 3). */
  private static Instant instant(SplittableRandom r, int precision) {
    long seconds = r.nextLong(-2_208_988_800L, 4_102_444_800L);
    long nanos = truncate(r.nextLong(1_000_000_000L), precision);
    return Instant.ofEpochSecond(seconds, nanos);
  }

  private static long truncate(long nanos, int digits) {
    long unit = 1;
    for (int i = digits; i < 9; i++) {
      unit *= 10;
    }
    return nanos - Math.floorMod(nanos, unit);
  }

  private static Object vector(SplittableRandom r, VectorType t) {
    int n = t.getLength();
    switch (t.getElementType().getTypeRoot()) {
      case BOOLEAN:
        {
          boolean[] v = new boolean[n];
          for (int i = 0; i < n; i++) {
            v[i] = r.nextBoolean();
          }
          return v;
        }
      case TINYINT:
        return bytes(r, n);
      case SMALLINT:
        {
          short[] v = new short[n];
          for (int i = 0; i < n; i++) {
            v[i] = (short) r.nextInt();
          }
          return v;
        }
      case INTEGER:
        return r.ints(n).toArray();
      case BIGINT:
        return r.longs(n).toArray();
      case FLOAT:
        {
          float[] v = new float[n];
          for (int i = 0; i < n; i++) {
            v[i] = floatValue(r);
          }
          return v;
        }
      case DOUBLE:
        return r.doubles(n).map(d -> d * 1e3 - 500).toArray();
      default:
        throw new IllegalArgumentException(t.toString());
    }
  }

  private static String json(SplittableRandom r, int depth) {
    switch (depth < 2 ? r.nextInt(6) : r.nextInt(4)) {
      case 0:
        return Long.toString(r.nextLong());
      case 1:
        return "\"" + string(r, r.nextInt(6)).replace("\\", "") + "\"";
      case 2:
        return r.nextBoolean() ? "true" : "null";
      case 3:
        return Double.toString(r.nextDouble());
      case 4:
        {
          StringBuilder sb = new StringBuilder("[");
          int n = r.nextInt(3);
          for (int i = 0; i < n; i++) {
            sb.append(i > 0 ? "," : "").append(json(r, depth + 1));
          }
          return sb.append(']').toString();
        }
      default:
        {
          StringBuilder sb = new StringBuilder("{");
          int n = r.nextInt(3);
          for (int i = 0; i < n; i++) {
            sb.append(i > 0 ? "," : "").append("\"k").append(i).append("\":");
            sb.append(json(r, depth + 1));
          }
          return sb.append('}').toString();
        }
    }
  }

  /** Every type root that occurs in {@code t}, nested ones included. */
  static Set<DataTypeRoot> roots(DataType t) {
    Set<DataTypeRoot> out = EnumSet.noneOf(DataTypeRoot.class);
    collectRoots(t, out);
    return out;
  }

  private static void collectRoots(DataType t, Set<DataTypeRoot> out) {
    out.add(t.getTypeRoot());
    if (t instanceof ArrayType) {
      collectRoots(((ArrayType) t).getElementType(), out);
    } else if (t instanceof MapType) {
      collectRoots(((MapType) t).getKeyType(), out);
      collectRoots(((MapType) t).getValueType(), out);
    } else if (t instanceof MultisetType) {
      collectRoots(((MultisetType) t).getElementType(), out);
    } else if (t instanceof RowType) {
      for (DataField f : ((RowType) t).getFields()) {
        collectRoots(f.type(), out);
      }
    } else if (t instanceof VectorType) {
      collectRoots(((VectorType) t).getElementType(), out);
    }
  }
}
