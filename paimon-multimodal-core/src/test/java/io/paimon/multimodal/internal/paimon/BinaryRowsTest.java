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
package io.paimon.multimodal.internal.paimon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Exact bytes of {@link BinaryRows}: the rows Paimon wrote into the golden tables' manifests
 * ({@code golden/paimon-tables/expected/*.avro.txt}), rows Paimon 1.4.2's {@code
 * InternalRowSerializer} produced for the other types, and the checks on malformed rows.
 */
class BinaryRowsTest {

  private static final HexFormat HEX = HexFormat.of();
  private static final List<DataType> ONE_STRING = List.of(DataTypes.STRING());

  /** {@code id BIGINT, content|v STRING, category STRING}: the docs and events stats columns. */
  private static final List<DataType> STATS =
      List.of(DataTypes.BIGINT(), DataTypes.STRING(), DataTypes.STRING());

  static Stream<Arguments> goldenRows() {
    return Stream.of(
        // Unpartitioned _PARTITION, _MIN_KEY, empty stats (every table).
        row("000000000000000000000000", List.of()),
        // events and clips _PARTITION; clips camera=NULL; pypaimon's one-field null blob stats.
        row("0000000100000000000000006369747900000084", ONE_STRING, "city"),
        row("0000000100000000000000006c616b6500000084", ONE_STRING, "lake"),
        row("0000000100000000000000006c65667400000084", ONE_STRING, "left"),
        row("0000000100000000000000007269676874000085", ONE_STRING, "right"),
        row("0000000100010000000000000000000000000000", ONE_STRING, (Object) null),
        // docs _MIN_VALUES/_MAX_VALUES: content cut to 16 code points, the max one incremented.
        row(
            "000000030000000000000000000000000000000010000000200000006369747900000084"
                + "646f63756d656e7420302061626f7574",
            STATS,
            0L,
            "document 0 about",
            "city"),
        row(
            "000000030000000000000000040000000000000010000000200000006c616b6500000084"
                + "646f63756d656e7420342061626f7575",
            STATS,
            4L,
            "document 4 abouu",
            "lake"),
        row(
            "000000030000000000000000050000000000000010000000200000006369747900000084"
                + "646f63756d656e7420352061626f7574",
            STATS,
            5L,
            "document 5 about",
            "city"),
        row(
            "000000030000000000000000070000000000000010000000200000006c616b6500000084"
                + "646f63756d656e7420372061626f7575",
            STATS,
            7L,
            "document 7 abouu",
            "lake"),
        // events _MIN_VALUES/_MAX_VALUES: a 21-byte value cut to 16, "short" inline (0x85).
        row(
            "000000030000000000000000010000000000000010000000200000006369747900000084"
                + "612076616c7565206c6f6e6765722074",
            STATS,
            1L,
            "a value longer t",
            "city"),
        row(
            "000000030000000000000000000000000000000010000000200000006c616b6500000084"
                + "612076616c7565206c6f6e6765722074",
            STATS,
            0L,
            "a value longer t",
            "lake"),
        row(
            "000000030000000000000000050000000000000073686f72740000856369747900000084",
            STATS,
            5L,
            "short",
            "city"),
        row(
            "000000030000000000000000040000000000000073686f72740000856c616b6500000084",
            STATS,
            4L,
            "short",
            "lake"));
  }

  /**
   * Rows that Paimon 1.4.2 wrote ({@code InternalRowSerializer.toBinaryRow} then {@code
   * SerializationUtils.serializeBinaryRow}) for types the golden tables lack.
   */
  static Stream<Arguments> oracleRows() {
    List<DataType> scalars =
        List.of(
            DataTypes.BOOLEAN(),
            DataTypes.TINYINT(),
            DataTypes.SMALLINT(),
            DataTypes.INT(),
            DataTypes.FLOAT(),
            DataTypes.DOUBLE(),
            DataTypes.DATE(),
            DataTypes.TIME(3),
            DataTypes.BYTES(),
            DataTypes.BYTES());
    List<DataType> wide =
        List.of(
            DataTypes.DECIMAL(10, 2),
            DataTypes.DECIMAL(38, 4),
            DataTypes.DECIMAL(20, 0),
            DataTypes.TIMESTAMP(3),
            DataTypes.TIMESTAMP(9),
            DataTypes.TIMESTAMP_LTZ(6),
            DataTypes.TIMESTAMP_LTZ(2));
    return Stream.of(
        row(
            ORACLE_SCALARS,
            scalars,
            true,
            (byte) -2,
            (short) 300,
            -7,
            1.5f,
            -0.0,
            LocalDate.of(2024, 5, 1),
            LocalTime.of(10, 15, 30, 123_000_000),
            new byte[] {1, 2, 3},
            new byte[] {0, 1, 2, 3, 4, 5, 6, 7, 8}),
        row(
            ORACLE_WIDE,
            wide,
            new BigDecimal("-12345678.90"),
            new BigDecimal("-1234567890123456789012345678901234.5678"),
            new BigDecimal("0"),
            LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000),
            LocalDateTime.of(2024, 5, 1, 10, 15, 30, 123_456_789),
            Instant.parse("1960-01-01T00:00:00.000001Z"),
            Instant.parse("2024-05-01T10:15:30.12Z")),
        // A null wide DECIMAL or fine TIMESTAMP keeps its reserved, zeroed variable bytes.
        row(ORACLE_WIDE_NULLS, wide, null, null, null, null, null, null, null));
  }

  /**
   * BOOLEAN .. DOUBLE, DATE, TIME(3), a 3-byte BYTES inline and a 9-byte one in the variable part.
   */
  private static final String ORACLE_SCALARS =
      "0000000a"
          + "0000000000000000"
          + "0100000000000000"
          + "fe00000000000000"
          + "2c01000000000000"
          + "f9ffffff00000000"
          + "0000c03f00000000"
          + "0000000000000080"
          + "844d000000000000"
          + "4b82330200000000"
          + "0102030000000083"
          + "0900000058000000"
          + "0001020304050607"
          + "0800000000000000";

  /**
   * DECIMAL(10, 2) compact; DECIMAL(38, 4) in 16 reserved bytes (16 used); DECIMAL(20, 0) zero in
   * one byte of 16; TIMESTAMP(3) of -1 ms; TIMESTAMP(9) and TIMESTAMP_LTZ(6) as millis in the
   * variable part with the nano of milli in the slot; TIMESTAMP_LTZ(2) compact.
   */
  private static final String ORACLE_WIDE =
      "00000007"
          + "0000000000000000"
          + "2efd69b6ffffffff"
          + "1000000040000000"
          + "0100000050000000"
          + "ffffffffffffffff"
          + "55f8060060000000"
          + "e803000068000000"
          + "48f2a6338f010000"
          + "f6b64f090ffdccec3bb66faf21c70cb2"
          + "00000000000000000000000000000000"
          + "4bf2a6338f010000"
          + "0034a183b6ffffff";

  /** The same types, all null: bits 8..14 set; wide fields keep offset and zeroed bytes. */
  private static final String ORACLE_WIDE_NULLS =
      "00000007"
          + "007f000000000000"
          + "0000000000000000"
          + "0000000040000000"
          + "0000000050000000"
          + "0000000000000000"
          + "0000000060000000"
          + "0000000068000000"
          + "0000000000000000"
          + "00".repeat(16 + 16 + 8 + 8);

  private static Arguments row(String hex, List<DataType> types, Object... values) {
    return Arguments.of(hex, types, values);
  }

  @ParameterizedTest
  @MethodSource({"goldenRows", "oracleRows"})
  void decodesPaimonRowsAndWritesThemBackByteForByte(
      String hex, List<DataType> types, Object[] values) throws PaimonFormatException {
    byte[] bytes = HEX.parseHex(hex);
    assertThat(BinaryRows.arity(bytes)).isEqualTo(types.size());
    assertThat(BinaryRows.deserialize(bytes, types, "golden")).containsExactly(values);
    assertThat(HEX.formatHex(BinaryRows.serialize(types, values))).isEqualTo(hex);
  }

  @Test
  void headerGrowsByEightBytesPast56Fields() throws PaimonFormatException {
    for (int arity : new int[] {0, 1, 56, 57, 120, 121}) {
      List<DataType> types = Collections.nCopies(arity, DataTypes.INT());
      Object[] values = new Object[arity];
      byte[] bytes = BinaryRows.serialize(types, values);
      int header = arity <= 56 ? 8 : arity <= 120 ? 16 : 24;
      assertThat(bytes).as("arity %d", arity).hasSize(4 + header + 8 * arity);
      if (arity > 0) {
        // Field arity-1 is null: header bit arity-1+8.
        int bit = arity - 1 + 8;
        assertThat(bytes[4 + bit / 8] & (1 << (bit % 8))).isNotZero();
      }
      assertThat(BinaryRows.deserialize(bytes, types, "t"))
          .hasSize(arity)
          .allMatch(Objects::isNull);
    }
  }

  @Test
  void stringsOfSevenBytesAreInlineAndOfEightInTheVariablePart() {
    assertThat(HEX.formatHex(BinaryRows.serialize(ONE_STRING, new Object[] {"1234567"})))
        .isEqualTo("00000001" + "0000000000000000" + "3132333435363787");
    assertThat(HEX.formatHex(BinaryRows.serialize(ONE_STRING, new Object[] {"12345678"})))
        .isEqualTo("00000001" + "0000000000000000" + "0800000010000000" + "3132333435363738");
    assertThat(HEX.formatHex(BinaryRows.serialize(ONE_STRING, new Object[] {""})))
        .isEqualTo("00000001" + "0000000000000000" + "0000000000000080");
    assertThat(HEX.formatHex(BinaryRows.serialize(ONE_STRING, new Object[] {"é日本"})))
        .as("8 UTF-8 bytes, padded to 16")
        .isEqualTo("00000001" + "0000000000000000" + "0800000010000000" + "c3a9e697a5e69cac");
  }

  @Test
  void decimalsAreRoundedHalfUpToTheScale() throws PaimonFormatException {
    List<DataType> types = List.of(DataTypes.DECIMAL(5, 2), DataTypes.DECIMAL(30, 1));
    byte[] bytes =
        BinaryRows.serialize(
            types, new Object[] {new BigDecimal("1.005"), new BigDecimal("-2.25")});
    assertThat(BinaryRows.deserialize(bytes, types, "t"))
        .containsExactly(new BigDecimal("1.01"), new BigDecimal("-2.3"));
  }

  @Test
  void rejectsValuesOfTheWrongClassNamingFieldAndType() {
    List<DataType> types = List.of(DataTypes.STRING(), DataTypes.INT());
    assertThatThrownBy(() -> BinaryRows.serialize(types, new Object[] {"a", 1L}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("field 1 (INT): expected Integer, got java.lang.Long");
    assertThatThrownBy(
            () ->
                BinaryRows.serialize(
                    List.of(DataTypes.DECIMAL(3, 1)), new Object[] {new BigDecimal("100")}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("field 0 (DECIMAL(3, 1)): 100 has more digits than the precision");
    assertThatThrownBy(() -> BinaryRows.serialize(types, new Object[] {"a"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("types has 2 elements but values has 1");
  }

  @Test
  void holdsNullsButNoValuesOfCompositeTypes() throws PaimonFormatException {
    List<DataType> types =
        List.of(DataTypes.ARRAY(DataTypes.INT()), DataTypes.BLOB(), DataTypes.VARIANT());
    assertThat(types).noneMatch(BinaryRows::supports);
    assertThat(BinaryRows.supports(DataTypes.TIMESTAMP_LTZ(9))).isTrue();
    byte[] nulls = BinaryRows.serialize(types, new Object[3]);
    assertThat(HEX.formatHex(nulls)).isEqualTo("00000003" + "0007000000000000" + "00".repeat(24));
    assertThatThrownBy(() -> BinaryRows.serialize(types, new Object[] {List.of(1), null, null}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("field 0 (ARRAY<INT>): BinaryRow cannot hold ARRAY values");
    // Whatever the slot holds, an unsupported field decodes as null.
    byte[] set = HEX.parseHex("00000001" + "0000000000000000" + "ffffffffffffffff");
    assertThat(BinaryRows.deserialize(set, List.of(DataTypes.BLOB()), "t")).containsOnlyNulls();
  }

  @Test
  void checksTheArityAgainstTheArrayAndTheTypes() {
    assertThatThrownBy(() -> BinaryRows.arity(new byte[3]))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("serialized BinaryRow: BinaryRow of 3 bytes ends inside the arity at byte 0");
    assertThatThrownBy(() -> BinaryRows.arity(HEX.parseHex("ffffffff0000000000000000")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("serialized BinaryRow: BinaryRow arity -1 at byte 0");
    assertThatThrownBy(() -> BinaryRows.arity(HEX.parseHex("7fffffff0000000000000000")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageContaining("arity 2147483647 at byte 0 needs 17448304644 bytes");
    assertThatThrownBy(
            () ->
                BinaryRows.deserialize(
                    HEX.parseHex("0000000100000000000000006369747900000084"), STATS, "m: entry 3"))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("m: entry 3: BinaryRow arity 1 at byte 0, expected 3");
  }

  static Stream<Arguments> malformedRows() {
    String head1 = "00000001" + "0000000000000000";
    return Stream.of(
        Arguments.of(
            "00000000" + "0400000000000000",
            List.of(),
            "BinaryRow row kind 4 at byte 4 is not 0 to 3"),
        Arguments.of(
            head1 + "6369747900000088",
            ONE_STRING,
            "field 0 (STRING) at byte 12: inline length 8 exceeds 7"),
        Arguments.of(
            head1 + "0800000010000000" + "31323334353637",
            ONE_STRING,
            "field 0 (STRING) at byte 12: 8 bytes at row offset 16 fall outside the variable part"
                + " [16, 23)"),
        Arguments.of(
            head1 + "0400000008000000", List.of(DataTypes.BYTES()), "4 bytes at row offset 8"),
        Arguments.of(
            head1 + "ffffffff10000000" + "00".repeat(8),
            List.of(DataTypes.BYTES()),
            "4294967295 bytes at row offset 16"),
        Arguments.of(
            head1 + "0000000010000000" + "00".repeat(16),
            List.of(DataTypes.DECIMAL(20, 0)),
            "decimal of 0 bytes, expected 1 to 16"),
        Arguments.of(
            head1 + "1100000010000000" + "00".repeat(24),
            List.of(DataTypes.DECIMAL(20, 0)),
            "decimal of 17 bytes, expected 1 to 16"),
        Arguments.of(
            head1 + "0000e8890423c78a",
            List.of(DataTypes.DECIMAL(18, 0)),
            "unscaled value -8446744073709551616 exceeds the precision"),
        Arguments.of(
            head1 + "005c260500000000",
            List.of(DataTypes.TIME()),
            "TIME value 86400000 is not a millisecond of a day"),
        Arguments.of(
            head1 + "40420f0010000000" + "00".repeat(8),
            List.of(DataTypes.TIMESTAMP(6)),
            "nano of millisecond 1000000 exceeds 999999"),
        Arguments.of(
            head1 + "0000000018000000" + "00".repeat(8),
            List.of(DataTypes.TIMESTAMP(6)),
            "8 bytes at row offset 24"));
  }

  @ParameterizedTest
  @MethodSource("malformedRows")
  void rejectsMalformedRowsNamingWhatAndWhere(String hex, List<DataType> types, String message) {
    assertThatThrownBy(() -> BinaryRows.deserialize(HEX.parseHex(hex), types, "manifest-x: e 1"))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageStartingWith("manifest-x: e 1: BinaryRow")
        .hasMessageContaining(message);
  }

  @Test
  void deserializesIntoFreshArraysTheCallerOwns() throws PaimonFormatException {
    List<DataType> types = new ArrayList<>(List.of(DataTypes.BYTES()));
    byte[] bytes = BinaryRows.serialize(types, new Object[] {new byte[] {1, 2}});
    byte[] decoded = (byte[]) BinaryRows.deserialize(bytes, types, "t")[0];
    decoded[0] = 9;
    assertThat((byte[]) BinaryRows.deserialize(bytes, types, "t")[0]).containsExactly(1, 2);
  }
}
