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

import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.VectorType;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Exact comparison of values in the Java value model, stricter than {@link Row#equals}: the Java
 * class must be the model's class for the type, FLOAT and DOUBLE compare raw bits (NaN payloads and
 * -0.0 count), DECIMAL compares value and scale, maps compare their entries in iteration order
 * (readers keep file order), binary values by content. Failures name the value's path.
 */
public final class ExactValues {

  private ExactValues() {}

  /** Asserts that two rows of {@code type} hold exactly the same values. */
  public static void assertSameRow(RowType type, Row expected, Row actual, String path) {
    if (expected.size() != type.fieldCount() || !isSame(type, expected, actual)) {
      explainRowMismatch(type, expected, actual, path);
      throw new AssertionError(path + ": expected " + expected + " but was " + actual);
    }
  }

  private static void explainRowMismatch(RowType type, Row expected, Row actual, String path) {
    assertThat(expected.size()).as("%s: expected field count", path).isEqualTo(type.fieldCount());
    assertThat(actual).as("%s: row", path).isNotNull();
    assertThat(actual.size()).as("%s: field count", path).isEqualTo(type.fieldCount());
    for (int i = 0; i < type.fieldCount(); i++) {
      String fieldPath = path + "." + type.fields().get(i).name();
      assertSameValue(type.typeAt(i), expected.get(i), actual.get(i), fieldPath);
      assertThat(actual.isNullAt(i))
          .as("%s: isNullAt", fieldPath)
          .isEqualTo(expected.get(i) == null);
    }
  }

  /** Asserts that {@code actual} is exactly {@code expected}, a value of {@code type}. */
  public static void assertSameValue(DataType type, Object expected, Object actual, String path) {
    // The plain check keeps 100,000-row comparisons fast; AssertJ only explains a mismatch.
    if (!isSame(type, expected, actual)) {
      explainMismatch(type, expected, actual, path);
      throw new AssertionError(path + ": expected " + expected + " but was " + actual);
    }
  }

  /** Whether {@code actual} is exactly {@code expected} under the rules of this class. */
  public static boolean isSame(DataType type, Object expected, Object actual) {
    if (expected == null || actual == null) {
      return expected == actual;
    }
    switch (type.root()) {
      case FLOAT:
        return actual instanceof Float
            && Float.floatToRawIntBits((Float) actual) == Float.floatToRawIntBits((Float) expected);
      case DOUBLE:
        return actual instanceof Double
            && Double.doubleToRawLongBits((Double) actual)
                == Double.doubleToRawLongBits((Double) expected);
      case DECIMAL:
        return actual instanceof BigDecimal
            && ((BigDecimal) actual).compareTo((BigDecimal) expected) == 0
            && ((BigDecimal) actual).scale() == ((BigDecimal) expected).scale();
      case BINARY:
      case VARBINARY:
      case BLOB:
        return actual instanceof byte[] && Arrays.equals((byte[]) actual, (byte[]) expected);
      case ARRAY:
        {
          if (!(actual instanceof List)) {
            return false;
          }
          List<?> e = (List<?>) expected;
          List<?> a = (List<?>) actual;
          if (a.size() != e.size()) {
            return false;
          }
          DataType elementType = ((ArrayType) type).elementType();
          for (int i = 0; i < e.size(); i++) {
            if (!isSame(elementType, e.get(i), a.get(i))) {
              return false;
            }
          }
          return true;
        }
      case MAP:
        return isSameMap(
            ((MapType) type).keyType(), ((MapType) type).valueType(), expected, actual);
      case MULTISET:
        return isSameMap(
            ((MultisetType) type).elementType(), DataTypes.INT().notNull(), expected, actual);
      case ROW:
        {
          RowType rowType = (RowType) type;
          if (!(actual instanceof Row) || ((Row) actual).size() != rowType.fieldCount()) {
            return false;
          }
          for (int i = 0; i < rowType.fieldCount(); i++) {
            Row a = (Row) actual;
            if (!isSame(rowType.typeAt(i), ((Row) expected).get(i), a.get(i))
                || a.isNullAt(i) != (a.get(i) == null)) {
              return false;
            }
          }
          return true;
        }
      case VECTOR:
        {
          if (actual.getClass() != expected.getClass()
              || Array.getLength(actual) != Array.getLength(expected)) {
            return false;
          }
          DataType elementType = ((VectorType) type).elementType();
          for (int i = 0; i < Array.getLength(expected); i++) {
            if (!isSame(elementType, Array.get(expected, i), Array.get(actual, i))) {
              return false;
            }
          }
          return true;
        }
      default:
        return actual.getClass() == expected.getClass() && actual.equals(expected);
    }
  }

  private static boolean isSameMap(
      DataType keyType, DataType valueType, Object expected, Object actual) {
    if (!(actual instanceof Map) || ((Map<?, ?>) actual).size() != ((Map<?, ?>) expected).size()) {
      return false;
    }
    Iterator<? extends Map.Entry<?, ?>> ei = ((Map<?, ?>) expected).entrySet().iterator();
    Iterator<? extends Map.Entry<?, ?>> ai = ((Map<?, ?>) actual).entrySet().iterator();
    while (ei.hasNext()) {
      Map.Entry<?, ?> ee = ei.next();
      Map.Entry<?, ?> ae = ai.next();
      if (!isSame(keyType, ee.getKey(), ae.getKey())
          || !isSame(valueType, ee.getValue(), ae.getValue())) {
        return false;
      }
    }
    return true;
  }

  /** Fails with an AssertJ message naming the first difference under {@code path}. */
  private static void explainMismatch(DataType type, Object expected, Object actual, String path) {
    if (expected == null) {
      assertThat(actual).as("%s: expected null", path).isNull();
      return;
    }
    assertThat(actual).as("%s: expected %s", path, describe(expected)).isNotNull();
    switch (type.root()) {
      case FLOAT:
        assertThat(actual).as(path).isInstanceOf(Float.class);
        assertThat(Float.floatToRawIntBits((Float) actual))
            .as("%s: float bits of %s, expected %s", path, actual, expected)
            .isEqualTo(Float.floatToRawIntBits((Float) expected));
        return;
      case DOUBLE:
        assertThat(actual).as(path).isInstanceOf(Double.class);
        assertThat(Double.doubleToRawLongBits((Double) actual))
            .as("%s: double bits of %s, expected %s", path, actual, expected)
            .isEqualTo(Double.doubleToRawLongBits((Double) expected));
        return;
      case DECIMAL:
        {
          assertThat(actual).as(path).isInstanceOf(BigDecimal.class);
          BigDecimal e = (BigDecimal) expected;
          BigDecimal a = (BigDecimal) actual;
          assertThat(a.compareTo(e)).as("%s: decimal %s, expected %s", path, a, e).isZero();
          assertThat(a.scale()).as("%s: scale of %s", path, a).isEqualTo(e.scale());
          return;
        }
      case BINARY:
      case VARBINARY:
      case BLOB:
        assertThat(actual).as(path).isInstanceOf(byte[].class);
        assertThat((byte[]) actual).as(path).isEqualTo((byte[]) expected);
        return;
      case ARRAY:
        {
          assertThat(actual).as(path).isInstanceOf(List.class);
          List<?> e = (List<?>) expected;
          List<?> a = (List<?>) actual;
          assertThat(a).as("%s: array size", path).hasSameSizeAs(e);
          DataType elementType = ((ArrayType) type).elementType();
          for (int i = 0; i < e.size(); i++) {
            assertSameValue(elementType, e.get(i), a.get(i), path + "[" + i + "]");
          }
          return;
        }
      case MAP:
        {
          MapType m = (MapType) type;
          assertSameMap(m.keyType(), m.valueType(), expected, actual, path);
          return;
        }
      case MULTISET:
        assertSameMap(
            ((MultisetType) type).elementType(), DataTypes.INT().notNull(), expected, actual, path);
        return;
      case ROW:
        assertThat(actual).as(path).isInstanceOf(Row.class);
        assertSameRow((RowType) type, (Row) expected, (Row) actual, path);
        return;
      case VECTOR:
        {
          DataType elementType = ((VectorType) type).elementType();
          assertThat(actual.getClass()).as(path).isEqualTo(expected.getClass());
          assertThat(Array.getLength(actual))
              .as("%s: vector length", path)
              .isEqualTo(Array.getLength(expected));
          for (int i = 0; i < Array.getLength(expected); i++) {
            assertSameValue(
                elementType, Array.get(expected, i), Array.get(actual, i), path + "[" + i + "]");
          }
          return;
        }
      default:
        // BOOLEAN, integers, strings, DATE, TIME, timestamps, VARIANT: equals is exact.
        assertThat(actual.getClass()).as("%s: class", path).isEqualTo(expected.getClass());
        assertThat(actual).as(path).isEqualTo(expected);
    }
  }

  private static void assertSameMap(
      DataType keyType, DataType valueType, Object expected, Object actual, String path) {
    assertThat(actual).as(path).isInstanceOf(Map.class);
    Map<?, ?> e = (Map<?, ?>) expected;
    Map<?, ?> a = (Map<?, ?>) actual;
    assertThat(a.size()).as("%s: map size", path).isEqualTo(e.size());
    Iterator<? extends Map.Entry<?, ?>> ei = e.entrySet().iterator();
    Iterator<? extends Map.Entry<?, ?>> ai = a.entrySet().iterator();
    for (int i = 0; ei.hasNext(); i++) {
      Map.Entry<?, ?> ee = ei.next();
      Map.Entry<?, ?> ae = ai.next();
      assertSameValue(keyType, ee.getKey(), ae.getKey(), path + "[" + i + "].key");
      assertSameValue(valueType, ee.getValue(), ae.getValue(), path + "[" + i + "].value");
    }
  }

  private static String describe(Object value) {
    return value.getClass().isArray() ? value.getClass().getSimpleName() : String.valueOf(value);
  }
}
