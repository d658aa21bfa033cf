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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.row.Row;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.BinaryVector;
import org.apache.paimon.data.Blob;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericArray;
import org.apache.paimon.data.GenericMap;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.InternalVector;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.serializer.InternalRowSerializer;
import org.apache.paimon.data.variant.GenericVariant;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.RowType;
import org.apache.paimon.types.TimestampType;
import org.apache.paimon.types.VectorType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PaimonValues} against hand-written pairs of Paimon internal values and Java values, one
 * type at a time, both directions; and random rows of every type through Paimon's own binary row
 * serializer and back.
 */
class PaimonValuesTest {

  @TempDir Path dir;

  /**
   * Asserts both directions: Java to Paimon gives {@code paimon}, Paimon to Java gives {@code
   * java}.
   */
  private static void assertPair(DataType t, Object paimon, Object java) {
    assertThat(OracleAssertions.sameValue(PaimonValues.toJava(paimon, t), java))
        .as("toJava of %s as %s gives %s", paimon, t, OracleAssertions.show(java))
        .isTrue();
    Object back = PaimonValues.toPaimon(java, t);
    assertThat(OracleAssertions.sameValue(PaimonValues.toJava(back, t), java)).isTrue();
    if (!(paimon instanceof InternalArray
        || paimon instanceof InternalMap
        || paimon instanceof InternalRow
        || paimon instanceof GenericVariant)) {
      assertThat(OracleAssertions.sameValue(back, paimon))
          .as("toPaimon of %s as %s gives %s", OracleAssertions.show(java), t, paimon)
          .isTrue();
    }
  }

  @Test
  void primitivesAreTheSameBoxes() {
    assertPair(DataTypes.BOOLEAN(), true, true);
    assertPair(DataTypes.TINYINT(), (byte) -7, (byte) -7);
    assertPair(DataTypes.SMALLINT(), (short) 300, (short) 300);
    assertPair(DataTypes.INT(), Integer.MIN_VALUE, Integer.MIN_VALUE);
    assertPair(DataTypes.BIGINT(), Long.MAX_VALUE, Long.MAX_VALUE);
    assertPair(DataTypes.FLOAT(), -0.0f, -0.0f);
    assertPair(DataTypes.DOUBLE(), Double.NaN, Double.NaN);
    assertThat(PaimonValues.toJava(null, DataTypes.INT())).isNull();
    assertThat(PaimonValues.toPaimon(null, DataTypes.STRING())).isNull();
  }

  @Test
  void decimalsCompactAndWideKeepTheirScale() {
    assertPair(
        DataTypes.DECIMAL(10, 2),
        Decimal.fromUnscaledLong(-12345, 10, 2),
        new BigDecimal("-123.45"));
    BigDecimal wide = new BigDecimal("12345678901234567890123456.789012345678");
    assertPair(DataTypes.DECIMAL(38, 12), Decimal.fromBigDecimal(wide, 38, 12), wide);
    assertThat(
            ((Decimal) PaimonValues.toPaimon(new BigDecimal("1.5"), DataTypes.DECIMAL(5, 3)))
                .toUnscaledLong())
        .isEqualTo(1500);
    assertThatThrownBy(() -> PaimonValues.toPaimon(new BigDecimal("1000"), DataTypes.DECIMAL(3, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not fit DECIMAL(3, 0)");
  }

  @Test
  void stringsAndBinaries() {
    assertPair(DataTypes.STRING(), BinaryString.fromString("漢字 é ж"), "漢字 é ж");
    assertPair(DataTypes.CHAR(3), BinaryString.fromString("ab"), "ab");
    assertPair(DataTypes.VARCHAR(5), BinaryString.fromString(""), "");
    assertPair(DataTypes.BYTES(), new byte[] {1, -1, 0}, new byte[] {1, -1, 0});
    assertPair(DataTypes.BINARY(2), new byte[] {7, 8}, new byte[] {7, 8});
  }

  @Test
  void dateIsADayNumberAndTimeAMillisecondOfTheDay() {
    assertPair(DataTypes.DATE(), 19_000, LocalDate.of(2022, 1, 8));
    assertPair(DataTypes.DATE(), -1, LocalDate.of(1969, 12, 31));
    assertPair(DataTypes.TIME(3), 3_723_004, LocalTime.of(1, 2, 3, 4_000_000));
    assertPair(DataTypes.TIME(0), 0, LocalTime.MIDNIGHT);
  }

  @Test
  void timestampsAreWallClockAndLocalZonedOnesInstantsAtEveryPrecision() {
    for (int p = 0; p <= 9; p++) {
      long millis = -1;
      int nanoOfMilli = p > 3 ? 999_999 : 0;
      LocalDateTime wall = LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000 + nanoOfMilli);
      assertPair(new TimestampType(p), Timestamp.fromEpochMillis(millis, nanoOfMilli), wall);
      Instant instant = Instant.parse("1969-12-31T23:59:59.999Z").plusNanos(nanoOfMilli);
      assertPair(
          new LocalZonedTimestampType(p), Timestamp.fromEpochMillis(millis, nanoOfMilli), instant);
    }
    Instant now = Instant.parse("2026-12-01T10:00:00.123456789Z");
    Timestamp ts =
        (Timestamp) PaimonValues.toPaimon(now, DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(9));
    assertThat(ts.getMillisecond()).isEqualTo(now.toEpochMilli());
    assertThat(ts.getNanoOfMillisecond()).isEqualTo(456_789);
  }

  @Test
  void arraysMapsMultisetsAndRowsNest() {
    DataType arrayType = DataTypes.ARRAY(DataTypes.STRING());
    assertPair(
        arrayType,
        new GenericArray(new Object[] {BinaryString.fromString("x"), null}),
        Arrays.asList("x", null));
    Map<Object, Object> paimonMap = new LinkedHashMap<>();
    paimonMap.put(2, new GenericArray(new long[] {5L, 6L}));
    paimonMap.put(1, null);
    Map<Object, Object> javaMap = new LinkedHashMap<>();
    javaMap.put(2, List.of(5L, 6L));
    javaMap.put(1, null);
    DataType mapType =
        DataTypes.MAP(DataTypes.INT().notNull(), DataTypes.ARRAY(DataTypes.BIGINT()));
    assertPair(mapType, new GenericMap(paimonMap), javaMap);
    assertThat(
            new ArrayList<Object>(
                ((Map<?, ?>) PaimonValues.toJava(new GenericMap(paimonMap), mapType)).keySet()))
        .containsExactly(2, 1);
    DataType multiset = DataTypes.MULTISET(DataTypes.STRING().notNull());
    assertPair(multiset, new GenericMap(Map.of(BinaryString.fromString("a"), 3)), Map.of("a", 3));
    RowType rowType =
        DataTypes.ROW(
            DataTypes.FIELD(0, "v", new VectorType(2, DataTypes.DOUBLE())),
            DataTypes.FIELD(1, "d", DataTypes.DATE()));
    assertPair(
        rowType,
        GenericRow.of(BinaryVector.fromPrimitiveArray(new double[] {1.5, -2}), 3),
        Row.of(new double[] {1.5, -2}, LocalDate.ofEpochDay(3)));
  }

  @Test
  void vectorsArePrimitiveArraysOfTheirElementType() {
    Object[][] cases = {
      {DataTypes.BOOLEAN(), new boolean[] {true, false}},
      {DataTypes.TINYINT(), new byte[] {1, -2}},
      {DataTypes.SMALLINT(), new short[] {300, -300}},
      {DataTypes.INT(), new int[] {1, 2, 3}},
      {DataTypes.BIGINT(), new long[] {Long.MIN_VALUE}},
      {DataTypes.FLOAT(), new float[] {Float.NaN, -0.0f}},
      {DataTypes.DOUBLE(), new double[] {1e300}},
    };
    for (Object[] c : cases) {
      int length = java.lang.reflect.Array.getLength(c[1]);
      VectorType t = new VectorType(length, (DataType) c[0]);
      InternalVector v = (InternalVector) PaimonValues.toPaimon(c[1], t);
      assertThat(v.size()).isEqualTo(length);
      assertThat(OracleAssertions.sameValue(PaimonValues.toJava(v, t), c[1])).as("%s", t).isTrue();
    }
  }

  @Test
  void variantsKeepTheirValueAndMetadataBytes() {
    GenericVariant v = GenericVariant.fromJson("{\"k\":[1,\"x\",null]}");
    io.paimon.types.Variant ours =
        (io.paimon.types.Variant) PaimonValues.toJava(v, DataTypes.VARIANT());
    assertThat(ours.value()).isEqualTo(v.value());
    assertThat(ours.metadata()).isEqualTo(v.metadata());
    GenericVariant back = (GenericVariant) PaimonValues.toPaimon(ours, DataTypes.VARIANT());
    assertThat(back.toJson()).isEqualTo(v.toJson());
  }

  @Test
  void blobsAreTheirPayloadWhetherInlineOrADescriptor() throws Exception {
    assertPair(DataTypes.BLOB(), Blob.fromData(new byte[] {4, 5}), new byte[] {4, 5});
    Path file = dir.resolve("payload");
    Files.write(file, "..payload..".getBytes(StandardCharsets.US_ASCII));
    Blob ref = Blob.fromFile(LocalFileIO.create(), file.toString(), 2, 7);
    assertThat((byte[]) PaimonValues.toJava(ref, DataTypes.BLOB()))
        .asString(StandardCharsets.US_ASCII)
        .isEqualTo("payload");
    assertThat(PaimonValues.toPaimon(ref, DataTypes.BLOB())).isSameAs(ref);
  }

  @Test
  void wrongJavaClassesAreRefusedNamingTheType() {
    assertThatThrownBy(() -> PaimonValues.toPaimon("1", DataTypes.INT()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not fit type INT");
    assertThatThrownBy(() -> PaimonValues.toJava(1L, DataTypes.DATE()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not fit type DATE");
  }

  /**
   * Paimon 1.4.2's {@code NestedRow} (a ROW inside a binary row) throws "Unsupported type:
   * VectorType" from {@code getVector}, and BLOB has no binary form, so those columns are left out
   * here; the table tests cover them, since Paimon keeps written rows generic.
   */
  @Test
  void randomRowsSurvivePaimonsBinaryRowSerializer() {
    for (long seed = 0; seed < 64; seed++) {
      RowType type = binarySafe(RandomCase.of(seed, 0).schema());
      InternalRowSerializer serializer = new InternalRowSerializer(type);
      SplittableRandom r = new SplittableRandom(seed);
      for (int i = 0; i < 20; i++) {
        Map<String, Object> row = RandomTables.row(r, type, i);
        BinaryRow binary = serializer.toBinaryRow(PaimonValues.mapToPaimonRow(row, type)).copy();
        OracleAssertions.assertSameRow(
            "seed " + seed + " " + type, row, PaimonValues.rowToJava(binary, type));
      }
    }
  }

  private static RowType binarySafe(RowType t) {
    List<DataField> fields = new ArrayList<>();
    for (DataField f : t.getFields()) {
      boolean nestedVector =
          f.type().getTypeRoot() != DataTypeRoot.VECTOR
              && RandomTables.roots(f.type()).contains(DataTypeRoot.VECTOR);
      if (f.type().getTypeRoot() != DataTypeRoot.BLOB && !nestedVector) {
        fields.add(f);
      }
    }
    return new RowType(fields);
  }
}
