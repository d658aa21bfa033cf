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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The golden checks are only as strict as {@link ExactValues}: it must tell apart what {@link
 * Row#equals} would not.
 */
class ExactValuesTest {

  @Test
  void floatsCompareByRawBits() {
    assertDiffer(DataTypes.FLOAT(), 0.0f, -0.0f);
    assertDiffer(DataTypes.FLOAT(), Float.NaN, Float.intBitsToFloat(0x7fc00001));
    assertDiffer(DataTypes.DOUBLE(), 0.0d, -0.0d);
    assertDiffer(DataTypes.DOUBLE(), Double.NaN, Double.longBitsToDouble(0x7ff8000000000001L));
    assertSame(DataTypes.DOUBLE(), Double.NaN, Double.NaN);
  }

  @Test
  void decimalsCompareValueAndScale() {
    assertDiffer(DataTypes.DECIMAL(10, 2), new BigDecimal("1.00"), new BigDecimal("1.0"));
    assertDiffer(DataTypes.DECIMAL(10, 2), new BigDecimal("1.00"), new BigDecimal("1.01"));
    assertSame(DataTypes.DECIMAL(10, 2), new BigDecimal("1.00"), new BigDecimal("1.00"));
  }

  @Test
  void javaClassMustBeTheValueModels() {
    assertDiffer(DataTypes.TINYINT(), (byte) 1, 1);
    assertDiffer(DataTypes.BIGINT(), 1L, 1);
    assertDiffer(DataTypes.TIMESTAMP(3), LocalDateTime.of(2020, 1, 1, 0, 0), null);
  }

  @Test
  void mapsCompareInIterationOrder() {
    Map<Object, Object> ab = new LinkedHashMap<>();
    ab.put("a", 1L);
    ab.put("b", 2L);
    Map<Object, Object> ba = new LinkedHashMap<>();
    ba.put("b", 2L);
    ba.put("a", 1L);
    DataType type = DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT());
    assertThat(ab).isEqualTo(ba);
    assertDiffer(type, ab, ba);
    assertSame(type, ab, new LinkedHashMap<>(ab));
  }

  @Test
  void nestedDifferencesAreReportedWithTheirPath() {
    RowType type =
        (RowType) DataTypes.parse("ROW<a ARRAY<ROW<x INT, y VECTOR<FLOAT, 2>>>, b BYTES>");
    Row expected = Row.of(List.of(Row.of(1, new float[] {1f, 2f})), new byte[] {1, 2});
    Row same = Row.of(List.of(Row.of(1, new float[] {1f, 2f})), new byte[] {1, 2});
    Row actual = Row.of(List.of(Row.of(1, new float[] {1f, 2.5f})), new byte[] {1, 2});
    ExactValues.assertSameRow(type, expected, same, "r");
    assertThatThrownBy(() -> ExactValues.assertSameRow(type, expected, actual, "r"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("r.a[0].y[1]");
    assertThatThrownBy(
            () ->
                ExactValues.assertSameRow(
                    type,
                    expected,
                    Row.of(List.of(Row.of(1, new float[] {1f, 2f})), new byte[] {1, 3}),
                    "r"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("r.b");
  }

  private static void assertDiffer(DataType type, Object expected, Object actual) {
    assertThat(ExactValues.isSame(type, expected, actual))
        .as("%s vs %s", expected, actual)
        .isFalse();
    assertThatThrownBy(() -> ExactValues.assertSameValue(type, expected, actual, "v"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("v");
  }

  private static void assertSame(DataType type, Object expected, Object actual) {
    assertThat(ExactValues.isSame(type, expected, actual))
        .as("%s vs %s", expected, Arrays.asList(actual))
        .isTrue();
    ExactValues.assertSameValue(type, expected, actual, "v");
  }
}
