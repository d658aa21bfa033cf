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
package io.paimon.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.row.GoldenFile;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Paimon's type syntax: {@link DataTypes#parse} and {@link DataType#toString} round trips,
 * defaults, aliases, error positions, equality and {@link RowType} helpers.
 */
class DataTypesTest {

  static Stream<Arguments> everyType() {
    return Stream.of(
        Arguments.of(DataTypes.BOOLEAN(), "BOOLEAN"),
        Arguments.of(DataTypes.TINYINT(), "TINYINT"),
        Arguments.of(DataTypes.SMALLINT(), "SMALLINT"),
        Arguments.of(DataTypes.INT(), "INT"),
        Arguments.of(DataTypes.BIGINT(), "BIGINT"),
        Arguments.of(DataTypes.FLOAT(), "FLOAT"),
        Arguments.of(DataTypes.DOUBLE(), "DOUBLE"),
        Arguments.of(DataTypes.DECIMAL(38, 10), "DECIMAL(38, 10)"),
        Arguments.of(DataTypes.DECIMAL(1, 0), "DECIMAL(1, 0)"),
        Arguments.of(DataTypes.DECIMAL(5, 5), "DECIMAL(5, 5)"),
        Arguments.of(DataTypes.CHAR(5), "CHAR(5)"),
        Arguments.of(DataTypes.CHAR(1000), "CHAR(1000)"),
        Arguments.of(DataTypes.VARCHAR(20), "VARCHAR(20)"),
        Arguments.of(DataTypes.VARCHAR(Integer.MAX_VALUE - 1), "VARCHAR(2147483646)"),
        Arguments.of(DataTypes.STRING(), "STRING"),
        Arguments.of(DataTypes.BINARY(4), "BINARY(4)"),
        Arguments.of(DataTypes.VARBINARY(10), "VARBINARY(10)"),
        Arguments.of(DataTypes.BYTES(), "BYTES"),
        Arguments.of(DataTypes.DATE(), "DATE"),
        Arguments.of(DataTypes.TIME(), "TIME(0)"),
        Arguments.of(DataTypes.TIME(3), "TIME(3)"),
        Arguments.of(DataTypes.TIMESTAMP(), "TIMESTAMP(6)"),
        Arguments.of(DataTypes.TIMESTAMP(9), "TIMESTAMP(9)"),
        Arguments.of(DataTypes.TIMESTAMP_LTZ(), "TIMESTAMP(6) WITH LOCAL TIME ZONE"),
        Arguments.of(DataTypes.TIMESTAMP_LTZ(0), "TIMESTAMP(0) WITH LOCAL TIME ZONE"),
        Arguments.of(DataTypes.ARRAY(DataTypes.INT()), "ARRAY<INT>"),
        Arguments.of(DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT()), "MAP<STRING, BIGINT>"),
        Arguments.of(DataTypes.MULTISET(DataTypes.STRING()), "MULTISET<STRING>"),
        Arguments.of(
            DataTypes.ROW(
                DataTypes.FIELD("a", DataTypes.INT()), DataTypes.FIELD("b", DataTypes.STRING())),
            "ROW<`a` INT, `b` STRING>"),
        Arguments.of(DataTypes.VECTOR(DataTypes.FLOAT(), 3), "VECTOR<FLOAT, 3>"),
        Arguments.of(DataTypes.VECTOR(DataTypes.BOOLEAN(), 1), "VECTOR<BOOLEAN, 1>"),
        Arguments.of(DataTypes.VARIANT(), "VARIANT"),
        Arguments.of(DataTypes.BLOB(), "BLOB"),
        Arguments.of(DataTypes.BIGINT().notNull(), "BIGINT NOT NULL"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("everyType")
  void printsPaimonSyntaxAndParsesItBack(DataType type, String sql) {
    assertThat(type.toString()).isEqualTo(sql);
    assertThat(type.asSqlString()).isEqualTo(sql);
    DataType parsed = DataTypes.parse(sql);
    assertThat(parsed).isEqualTo(type);
    assertThat(parsed.hashCode()).isEqualTo(type.hashCode());
    assertThat(parsed.getClass()).isEqualTo(type.getClass());
  }

  @Test
  void notNullHoldsAtEveryNestingLevel() {
    String sql =
        "ARRAY<MAP<STRING NOT NULL, ROW<`a` INT NOT NULL, `b` VECTOR<FLOAT NOT NULL, 2> NOT NULL,"
            + " `c` MULTISET<DATE NOT NULL> NOT NULL> NOT NULL> NOT NULL> NOT NULL";
    DataType type = DataTypes.parse(sql);
    assertThat(type.toString()).isEqualTo(sql);

    ArrayType array = (ArrayType) type;
    MapType map = (MapType) array.elementType();
    RowType row = (RowType) map.valueType();
    VectorType vector = (VectorType) row.typeAt(1);
    MultisetType multiset = (MultisetType) row.typeAt(2);
    for (DataType t :
        List.of(
            array,
            map,
            map.keyType(),
            row,
            row.typeAt(0),
            vector,
            vector.elementType(),
            multiset,
            multiset.elementType())) {
      assertThat(t.isNullable()).as("%s", t).isFalse();
    }
    DataType allNullable =
        DataTypes.ARRAY(
            DataTypes.MAP(
                DataTypes.STRING(),
                DataTypes.ROW(
                    DataTypes.FIELD("a", DataTypes.INT()),
                    DataTypes.FIELD("b", DataTypes.VECTOR(DataTypes.FLOAT(), 2)),
                    DataTypes.FIELD("c", DataTypes.MULTISET(DataTypes.DATE())))));
    assertThat(DataTypes.parse(sql.replace(" NOT NULL", ""))).isEqualTo(allNullable);
    assertThat(type).isNotEqualTo(allNullable);
    assertThat(type.nullable().toString()).isEqualTo(sql.substring(0, sql.length() - 9));
  }

  @Test
  void backQuotedNamesMayHoldSpacesAndDoubledBackQuotes() {
    RowType row =
        (RowType) DataTypes.parse("ROW<`my field` INT, `a``b` STRING, plain BIGINT, ```` BOOLEAN>");
    assertThat(row.fieldNames()).containsExactly("my field", "a`b", "plain", "`");
    assertThat(row.toString())
        .isEqualTo("ROW<`my field` INT, `a``b` STRING, `plain` BIGINT, ```` BOOLEAN>");
    assertThat(DataTypes.parse(row.toString())).isEqualTo(row);
  }

  @Test
  void fieldCommentsRoundTripWithQuotes() {
    RowType row = (RowType) DataTypes.parse("ROW<a INT NOT NULL COMMENT 'it''s \"id\"', b INT>");
    assertThat(row.fields().get(0).description()).isEqualTo("it's \"id\"");
    assertThat(row.fields().get(1).description()).isNull();
    assertThat(row.toString()).isEqualTo("ROW<`a` INT NOT NULL COMMENT 'it''s \"id\"', `b` INT>");
    assertThat(DataTypes.parse(row.toString())).isEqualTo(row);
  }

  @Test
  void bothLocalTimeZoneSpellingsParseToTheSameTypePrintedTheLongWay() {
    DataType longForm = DataTypes.parse("TIMESTAMP(3) WITH LOCAL TIME ZONE");
    DataType shortForm = DataTypes.parse("TIMESTAMP_LTZ(3)");
    assertThat(longForm).isInstanceOf(LocalZonedTimestampType.class).isEqualTo(shortForm);
    assertThat(((LocalZonedTimestampType) shortForm).precision()).isEqualTo(3);
    assertThat(shortForm.toString()).isEqualTo("TIMESTAMP(3) WITH LOCAL TIME ZONE");
    assertThat(DataTypes.parse("TIMESTAMP_LTZ")).isEqualTo(DataTypes.TIMESTAMP_LTZ(6));
    assertThat(DataTypes.parse("TIMESTAMP WITH LOCAL TIME ZONE"))
        .isEqualTo(DataTypes.TIMESTAMP_LTZ(6));
    assertThat(DataTypes.parse("TIMESTAMP_LTZ(9) NOT NULL").toString())
        .isEqualTo("TIMESTAMP(9) WITH LOCAL TIME ZONE NOT NULL");
    assertThat(DataTypes.parse("TIMESTAMP(3)")).isNotEqualTo(shortForm);
  }

  @Test
  void maximalLengthsPrintAsStringAndBytes() {
    assertThat(DataTypes.parse("VARCHAR(2147483647)")).isEqualTo(DataTypes.STRING());
    assertThat(DataTypes.VARCHAR(Integer.MAX_VALUE).toString()).isEqualTo("STRING");
    assertThat(DataTypes.parse("VARBINARY(2147483647)")).isEqualTo(DataTypes.BYTES());
    assertThat(DataTypes.VARBINARY(Integer.MAX_VALUE).toString()).isEqualTo("BYTES");
    assertThat(DataTypes.STRING().length()).isEqualTo(Integer.MAX_VALUE);
    assertThat(DataTypes.parse("BINARY(2147483647)").toString()).isEqualTo("BINARY(2147483647)");
  }

  @Test
  void omittedParametersTakePaimonsDefaults() {
    assertThat(DataTypes.parse("DECIMAL")).isEqualTo(DataTypes.DECIMAL(10, 0));
    assertThat(DataTypes.parse("DECIMAL(5)")).isEqualTo(DataTypes.DECIMAL(5, 0));
    assertThat(DataTypes.parse("TIMESTAMP")).isEqualTo(DataTypes.TIMESTAMP(6));
    assertThat(DataTypes.parse("TIME")).isEqualTo(DataTypes.TIME(0));
    assertThat(DataTypes.parse("CHAR")).isEqualTo(DataTypes.CHAR(1));
    assertThat(DataTypes.parse("VARCHAR")).isEqualTo(DataTypes.VARCHAR(1));
    assertThat(DataTypes.parse("BINARY")).isEqualTo(DataTypes.BINARY(1));
    assertThat(DataTypes.parse("VARBINARY")).isEqualTo(DataTypes.VARBINARY(1));
    assertThat(DataTypes.TIMESTAMP().toString()).isEqualTo("TIMESTAMP(6)");
    assertThat(DataTypes.TIME().toString()).isEqualTo("TIME(0)");
  }

  @Test
  void keywordsAreCaseInsensitiveButFieldNamesKeepTheirCase() {
    DataType lower = DataTypes.parse("array<map<string, timestamp_ltz(3) not null>> not null");
    assertThat(lower)
        .isEqualTo(
            DataTypes.ARRAY(DataTypes.MAP(DataTypes.STRING(), DataTypes.TIMESTAMP_LTZ(3).notNull()))
                .notNull());
    assertThat(DataTypes.parse("Timestamp(3) With Local Time Zone"))
        .isEqualTo(DataTypes.TIMESTAMP_LTZ(3));
    RowType row = (RowType) DataTypes.parse("row<Name varchar(3), `ID` Bigint>");
    assertThat(row.fieldNames()).containsExactly("Name", "ID");
    assertThat(row.toString()).isEqualTo("ROW<`Name` VARCHAR(3), `ID` BIGINT>");
  }

  @Test
  void acceptsSqlAliasesAndOptionalSuffixes() {
    assertThat(DataTypes.parse("INTEGER")).isEqualTo(DataTypes.INT());
    assertThat(DataTypes.parse("BOOL")).isEqualTo(DataTypes.BOOLEAN());
    assertThat(DataTypes.parse("DEC(12, 2)")).isEqualTo(DataTypes.DECIMAL(12, 2));
    assertThat(DataTypes.parse("NUMERIC(12,2)")).isEqualTo(DataTypes.DECIMAL(12, 2));
    assertThat(DataTypes.parse("DOUBLE PRECISION")).isEqualTo(DataTypes.DOUBLE());
    assertThat(DataTypes.parse("TIME(3) WITHOUT TIME ZONE")).isEqualTo(DataTypes.TIME(3));
    assertThat(DataTypes.parse("TIMESTAMP(3) WITHOUT TIME ZONE")).isEqualTo(DataTypes.TIMESTAMP(3));
    assertThat(DataTypes.parse("INT NULL")).isEqualTo(DataTypes.INT());
    assertThat(DataTypes.parse("ROW(a INT, b STRING)"))
        .isEqualTo(DataTypes.parse("ROW<`a` INT, `b` STRING>"));
    assertThat(DataTypes.parse("  MAP < INT ,\tARRAY<INT> >  "))
        .isEqualTo(DataTypes.MAP(DataTypes.INT(), DataTypes.ARRAY(DataTypes.INT())));
    assertThat(DataTypes.parse("ROW<>")).isEqualTo(new RowType(List.of()));
  }

  @Test
  void everyGoldenSchemaRoundTripsExactly() {
    List<String> names = GoldenFile.names();
    assertThat(names).isNotEmpty();
    for (String name : names) {
      GoldenFile golden = GoldenFile.load(name);
      DataType parsed = DataTypes.parse(golden.schema());
      assertThat(parsed.toString()).as(name).isEqualTo(golden.schema());
      RowType row = (RowType) parsed;
      assertThat(row.fieldNames()).as(name).isEqualTo(golden.fieldNames());
      for (int i = 0; i < row.fieldCount(); i++) {
        String fieldType = golden.fieldTypes().get(i);
        assertThat(DataTypes.parse(fieldType)).as("%s field %d", name, i).isEqualTo(row.typeAt(i));
        assertThat(row.typeAt(i).toString()).as("%s field %d", name, i).isEqualTo(fieldType);
      }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1L, 2L, 3L, 42L, 20240601L})
  void randomNestedTypesRoundTrip(long seed) {
    RandomTypes random = new RandomTypes(seed);
    for (int i = 0; i < 300; i++) {
      DataType type = random.type(4);
      String sql = type.toString();
      DataType parsed = DataTypes.parse(sql);
      assertThat(parsed).as("seed %d, type %d: %s", seed, i, sql).isEqualTo(type);
      assertThat(parsed.toString()).as("seed %d, type %d", seed, i).isEqualTo(sql);
      assertThat(parsed.hashCode()).as("seed %d, type %d", seed, i).isEqualTo(type.hashCode());
      if (!sql.contains("`")) {
        assertThat(DataTypes.parse(sql.toLowerCase(Locale.ROOT)))
            .as("seed %d, type %d in lower case", seed, i)
            .isEqualTo(type);
      }
    }
  }

  static Stream<Arguments> badTypes() {
    return Stream.of(
        // text, position of the error, what the message must say was expected or wrong
        Arguments.of("ARRAY<INT", 9, "expected '>', found end of input"),
        Arguments.of("ARRAY<>", 6, "expected a type name, found '>'"),
        Arguments.of("MAP<INT>", 7, "expected ',', found '>'"),
        Arguments.of("MAP<STRING, INT", 15, "expected '>', found end of input"),
        Arguments.of("FOO", 0, "expected a type name, found 'FOO'"),
        Arguments.of("ARRAY<FOO>", 6, "expected a type name, found 'FOO'"),
        Arguments.of("", 0, "expected a type name, found end of input"),
        Arguments.of("   ", 3, "expected a type name, found end of input"),
        Arguments.of("INT x", 4, "expected end of input, found 'x'"),
        Arguments.of("INT>", 3, "expected end of input, found '>'"),
        Arguments.of("ARRAY<INT>>", 10, "expected end of input, found '>'"),
        Arguments.of("INT NOT", 7, "expected NULL (of NOT NULL), found end of input"),
        Arguments.of("INT NOT NUL", 8, "expected NULL (of NOT NULL), found 'NUL'"),
        Arguments.of("DECIMAL(39, 0)", 8, "DECIMAL precision must be between 1 and 38, got 39"),
        Arguments.of("DECIMAL(0)", 8, "DECIMAL precision must be between 1 and 38, got 0"),
        Arguments.of("DECIMAL(10, 11)", 12, "DECIMAL scale must be between 0 and the precision"),
        Arguments.of("DECIMAL(38, 10", 14, "expected ')', found end of input"),
        Arguments.of("DECIMAL(x)", 8, "expected a number, found 'x'"),
        Arguments.of("DECIMAL(-1)", 8, "expected a number, found '-'"),
        Arguments.of("VECTOR<STRING, 3>", 7, "VECTOR elements must be BOOLEAN"),
        Arguments.of("VECTOR<ARRAY<INT>, 3>", 7, "VECTOR elements must be BOOLEAN"),
        Arguments.of("VECTOR<FLOAT, 0>", 14, "VECTOR length must be positive, got 0"),
        Arguments.of("VECTOR<FLOAT>", 12, "expected ',', found '>'"),
        Arguments.of("ROW<a INT, a INT>", 11, "field name 'a' is repeated"),
        Arguments.of("ROW<a>", 5, "expected a type name, found '>'"),
        Arguments.of("ROW INT", 4, "expected '<' after ROW, found 'INT'"),
        Arguments.of("ROW<a INT", 9, "expected '>', found end of input"),
        Arguments.of("ROW<a INT)", 9, "expected '>', found ')'"),
        Arguments.of("ROW<`a INT>", 4, "back-quoted field name is not closed"),
        Arguments.of("ROW<`` INT>", 4, "empty field name"),
        Arguments.of("ROW<, a INT>", 4, "expected a field name, found ','"),
        Arguments.of("ROW<a INT COMMENT x>", 18, "expected a quoted string, found 'x'"),
        Arguments.of("ROW<a INT COMMENT 'x>", 18, "quoted string is not closed"),
        Arguments.of("TIME(12)", 5, "TIME precision must be between 0 and 9, got 12"),
        Arguments.of(
            "TIME(3) WITHOUT ZONE", 16, "expected TIME (of WITHOUT TIME ZONE), found 'ZONE'"),
        Arguments.of("TIMESTAMP(10)", 10, "TIMESTAMP precision must be between 0 and 9, got 10"),
        Arguments.of(
            "TIMESTAMP(10) WITH LOCAL TIME ZONE",
            10,
            "TIMESTAMP_LTZ precision must be between 0 and 9, got 10"),
        Arguments.of(
            "TIMESTAMP_LTZ(10)", 14, "TIMESTAMP_LTZ precision must be between 0 and 9, got 10"),
        Arguments.of(
            "TIMESTAMP(3) WITH TIME ZONE",
            18,
            "expected LOCAL (of WITH LOCAL TIME ZONE), found 'TIME'"),
        Arguments.of("TIMESTAMP(3", 11, "expected ')', found end of input"),
        Arguments.of("CHAR(0)", 5, "CHAR length must be between 1 and 2147483647, got 0"),
        Arguments.of("VARCHAR(0)", 8, "VARCHAR length must be between 1 and 2147483647, got 0"),
        Arguments.of("BINARY(0)", 7, "BINARY length must be between 1 and 2147483647, got 0"),
        Arguments.of("VARBINARY(0)", 10, "VARBINARY length must be between 1"),
        Arguments.of(
            "CHAR(2147483648)",
            5,
            "expected a number no larger than 2147483647, found '2147483648'"),
        Arguments.of("MAP<INT, ARRAY<TIME(10)>>", 20, "TIME precision must be between 0 and 9"));
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @MethodSource("badTypes")
  void badInputNamesThePositionAndWhatWasExpected(String text, int position, String expected) {
    assertThatThrownBy(() -> DataTypes.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot parse type \"" + text + "\" at position " + position + ": ")
        .hasMessageContaining(expected);
  }

  @Test
  void nullTextIsRejected() {
    assertThatThrownBy(() -> DataTypes.parse(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("type text must not be null");
  }

  @Test
  void equalityCoversKindParametersNullabilityAndFields() {
    assertEqualWithHash(DataTypes.INT(), DataTypes.parse("INT"));
    assertEqualWithHash(DataTypes.INT().notNull(), DataTypes.parse("INT NOT NULL"));
    assertEqualWithHash(
        DataTypes.parse("ROW<a INT, b ARRAY<STRING>>"),
        DataTypes.ROW(
            DataTypes.FIELD(7, "a", DataTypes.INT()),
            DataTypes.FIELD(9, "b", DataTypes.ARRAY(DataTypes.STRING()))));
    List<DataType> distinct =
        List.of(
            DataTypes.INT(),
            DataTypes.INT().notNull(),
            DataTypes.BIGINT(),
            DataTypes.DECIMAL(10, 2),
            DataTypes.DECIMAL(10, 3),
            DataTypes.DECIMAL(11, 2),
            DataTypes.CHAR(10),
            DataTypes.VARCHAR(10),
            DataTypes.BINARY(10),
            DataTypes.VARBINARY(10),
            DataTypes.TIMESTAMP(3),
            DataTypes.TIMESTAMP_LTZ(3),
            DataTypes.TIME(3),
            DataTypes.ARRAY(DataTypes.INT()),
            DataTypes.ARRAY(DataTypes.INT().notNull()),
            DataTypes.ARRAY(DataTypes.INT()).notNull(),
            DataTypes.MULTISET(DataTypes.INT()),
            DataTypes.MAP(DataTypes.INT(), DataTypes.INT()),
            DataTypes.MAP(DataTypes.INT(), DataTypes.BIGINT()),
            DataTypes.VECTOR(DataTypes.INT(), 3),
            DataTypes.VECTOR(DataTypes.INT(), 4),
            DataTypes.VECTOR(DataTypes.FLOAT(), 3),
            DataTypes.parse("ROW<a INT>"),
            DataTypes.parse("ROW<a INT> NOT NULL"),
            DataTypes.parse("ROW<b INT>"),
            DataTypes.parse("ROW<a INT NOT NULL>"),
            DataTypes.parse("ROW<a INT COMMENT 'x'>"),
            DataTypes.VARIANT(),
            DataTypes.BLOB());
    for (int i = 0; i < distinct.size(); i++) {
      for (int j = 0; j < distinct.size(); j++) {
        assertThat(distinct.get(i).equals(distinct.get(j)))
            .as("%s equals %s", distinct.get(i), distinct.get(j))
            .isEqualTo(i == j);
      }
    }
  }

  private static void assertEqualWithHash(DataType a, DataType b) {
    assertThat(a).isEqualTo(b);
    assertThat(b).isEqualTo(a);
    assertThat(a.hashCode()).isEqualTo(b.hashCode());
  }

  @Test
  void notNullAndNullableReturnCopies() {
    DecimalType decimal = DataTypes.DECIMAL(20, 4);
    DataType notNull = decimal.notNull();
    assertThat(notNull).isInstanceOf(DecimalType.class).isNotSameAs(decimal);
    assertThat(notNull.isNullable()).isFalse();
    assertThat(((DecimalType) notNull).precision()).isEqualTo(20);
    assertThat(((DecimalType) notNull).scale()).isEqualTo(4);
    assertThat(decimal.isNullable()).as("the original is unchanged").isTrue();
    assertThat(notNull.nullable()).isEqualTo(decimal);
    assertThat(notNull.notNull()).isEqualTo(notNull);

    RowType row = (RowType) DataTypes.parse("ROW<a INT NOT NULL, b STRING>");
    RowType rowNotNull = (RowType) row.notNull();
    assertThat(rowNotNull.fields()).isEqualTo(row.fields());
    assertThat(rowNotNull.typeAt(1).isNullable()).as("only the top level changes").isTrue();
    assertThat(rowNotNull.toString()).isEqualTo("ROW<`a` INT NOT NULL, `b` STRING> NOT NULL");
    assertThat(DataTypes.ARRAY(DataTypes.INT()).notNull().children())
        .containsExactly(DataTypes.INT());
  }

  @Test
  void rowTypeProjectsAndFindsFieldsByName() {
    RowType row = (RowType) DataTypes.parse("ROW<a INT, `b c` STRING, d ARRAY<INT>> NOT NULL");
    assertThat(row.fieldCount()).isEqualTo(3);
    assertThat(row.fieldIndex("a")).isEqualTo(0);
    assertThat(row.fieldIndex("b c")).isEqualTo(1);
    assertThat(row.fieldIndex("d")).isEqualTo(2);
    assertThat(row.fieldIndex("A")).as("names are case-sensitive").isEqualTo(-1);
    assertThat(row.fieldIndex("x")).isEqualTo(-1);
    assertThat(row.fields()).extracting(DataField::id).containsExactly(0, 1, 2);

    RowType projected = row.project(new int[] {2, 0});
    assertThat(projected.toString()).isEqualTo("ROW<`d` ARRAY<INT>, `a` INT> NOT NULL");
    assertThat(projected.fieldIndex("a")).isEqualTo(1);
    assertThat(projected.fields().get(0).id()).as("field ids are kept").isEqualTo(2);
    assertThat(row.project(new int[0]).fieldCount()).isZero();

    assertThatThrownBy(() -> row.project(new int[] {3}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("projected field index 3 is outside [0, 3)");
    assertThatThrownBy(() -> row.project(new int[] {-1}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("projected field index -1 is outside [0, 3)");
    assertThatThrownBy(() -> row.project(new int[] {0, 0}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'a'");
  }

  @Test
  void rowFactoriesNumberAndNameFields() {
    RowType named =
        DataTypes.ROW(DataTypes.FIELD("x", DataTypes.INT()), DataTypes.FIELD("y", DataTypes.INT()));
    assertThat(named.fields()).extracting(DataField::id).containsExactly(0, 1);
    RowType unnamed = DataTypes.ROW(DataTypes.INT(), DataTypes.STRING());
    assertThat(unnamed.toString()).isEqualTo("ROW<`f0` INT, `f1` STRING>");
    assertThatThrownBy(
            () ->
                DataTypes.ROW(
                    DataTypes.FIELD("x", DataTypes.INT()), DataTypes.FIELD("x", DataTypes.INT())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("duplicate field name 'x' in ROW type");
    assertThatThrownBy(() -> DataTypes.FIELD("", DataTypes.INT()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("field name must not be empty");
  }
}
