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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.row.Row;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoldenJsonTest {

  private static final GoldenJson.BlobPayloads NO_BLOBS =
      d -> {
        throw new AssertionError("no BLOB expected: " + d);
      };

  @TempDir Path dir;

  private static String json(Object value, String type) {
    return GoldenJson.value(value, DataTypes.parse(type), NO_BLOBS, "v").toString();
  }

  @Test
  void rendersIntegersAndBooleans() {
    assertThat(json(true, "BOOLEAN")).isEqualTo("true");
    assertThat(json(false, "BOOLEAN")).isEqualTo("false");
    assertThat(json((byte) -128, "TINYINT")).isEqualTo("-128");
    assertThat(json((short) 32767, "SMALLINT")).isEqualTo("32767");
    assertThat(json(-7, "INT")).isEqualTo("-7");
    assertThat(json(Long.MIN_VALUE, "BIGINT")).isEqualTo("-9223372036854775808");
    assertThat(json(null, "BIGINT")).isEqualTo("null");
  }

  @Test
  void rendersFloatingPointAsJavaPrintsItWithNonFiniteValuesAsStrings() {
    assertThat(json(1.0f, "FLOAT")).isEqualTo("1.0");
    assertThat(json(-0.0f, "FLOAT")).isEqualTo("-0.0");
    assertThat(json(0.1f, "FLOAT")).isEqualTo("0.1");
    assertThat(json(Float.NaN, "FLOAT")).isEqualTo("\"NaN\"");
    assertThat(json(Float.POSITIVE_INFINITY, "FLOAT")).isEqualTo("\"Infinity\"");
    assertThat(json(Float.NEGATIVE_INFINITY, "FLOAT")).isEqualTo("\"-Infinity\"");
    assertThat(json(1.0, "DOUBLE")).isEqualTo("1.0");
    assertThat(json(-0.0, "DOUBLE")).isEqualTo("-0.0");
    assertThat(json(0.1, "DOUBLE")).isEqualTo("0.1");
    assertThat(json(Double.NaN, "DOUBLE")).isEqualTo("\"NaN\"");
    assertThat(json(Double.NEGATIVE_INFINITY, "DOUBLE")).isEqualTo("\"-Infinity\"");
  }

  @Test
  void rendersDecimalsInPlainNotationAndStringsAndBinaries() {
    assertThat(json(new BigDecimal("1E+3"), "DECIMAL(10, 0)")).isEqualTo("\"1000\"");
    assertThat(json(new BigDecimal("1E-7"), "DECIMAL(10, 7)")).isEqualTo("\"0.0000001\"");
    assertThat(json(new BigDecimal("-12.340"), "DECIMAL(5, 3)")).isEqualTo("\"-12.340\"");
    assertThat(json("a \"quoted\" é\n", "STRING")).isEqualTo("\"a \\\"quoted\\\" é\\n\"");
    assertThat(json("ab", "CHAR(2)")).isEqualTo("\"ab\"");
    assertThat(json(new byte[] {1}, "BYTES")).isEqualTo("\"AQ==\"");
    assertThat(json(new byte[] {(byte) 0xfb, (byte) 0xff}, "BINARY(2)")).isEqualTo("\"+/8=\"");
    assertThat(json(new byte[0], "VARBINARY(3)")).isEqualTo("\"\"");
  }

  @Test
  void rendersTemporalValuesWithTheFractionWithoutTrailingZeros() {
    assertThat(json(LocalDate.of(2024, 2, 29), "DATE")).isEqualTo("\"2024-02-29\"");
    assertThat(json(LocalDate.of(1, 1, 1), "DATE")).isEqualTo("\"0001-01-01\"");
    assertThat(json(LocalTime.of(0, 0), "TIME")).isEqualTo("\"00:00:00\"");
    assertThat(json(LocalTime.of(12, 34, 56, 500_000_000), "TIME(3)")).isEqualTo("\"12:34:56.5\"");
    assertThat(json(LocalTime.of(23, 59, 59, 1), "TIME(9)")).isEqualTo("\"23:59:59.000000001\"");
    assertThat(json(LocalDateTime.of(2024, 1, 2, 3, 4), "TIMESTAMP(6)"))
        .isEqualTo("\"2024-01-02T03:04:00\"");
    assertThat(json(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 120_000_000), "TIMESTAMP(3)"))
        .isEqualTo("\"2024-01-02T03:04:05.12\"");
    assertThat(json(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000), "TIMESTAMP(6)"))
        .isEqualTo("\"2024-01-02T03:04:05.123456\"");
    assertThat(json(Instant.EPOCH, "TIMESTAMP_LTZ(3)")).isEqualTo("\"1970-01-01T00:00:00Z\"");
    assertThat(json(Instant.ofEpochSecond(-1, 500_000_000), "TIMESTAMP_LTZ(6)"))
        .isEqualTo("\"1969-12-31T23:59:59.5Z\"");
  }

  @Test
  void rendersArraysAndVectorsAsArrays() {
    assertThat(json(Arrays.asList(1, null, 3), "ARRAY<INT>")).isEqualTo("[1,null,3]");
    assertThat(json(List.of(List.of("a"), List.of()), "ARRAY<ARRAY<STRING>>"))
        .isEqualTo("[[\"a\"],[]]");
    assertThat(json(new float[] {0.25f, -0.0f, 0f, 1f}, "VECTOR<FLOAT, 4>"))
        .isEqualTo("[0.25,-0.0,0.0,1.0]");
    // A VECTOR<TINYINT> is a byte[] too, but an array of numbers, not base64.
    assertThat(json(new byte[] {1, -2}, "VECTOR<TINYINT, 2>")).isEqualTo("[1,-2]");
    assertThat(json(new boolean[] {true, false}, "VECTOR<BOOLEAN, 2>")).isEqualTo("[true,false]");
    assertThat(json(new short[] {3}, "VECTOR<SMALLINT, 1>")).isEqualTo("[3]");
    assertThat(json(new int[] {4, 5}, "VECTOR<INT, 2>")).isEqualTo("[4,5]");
    assertThat(json(new long[] {6}, "VECTOR<BIGINT, 1>")).isEqualTo("[6]");
    assertThat(json(new double[] {Double.NaN, 0.5}, "VECTOR<DOUBLE, 2>"))
        .isEqualTo("[\"NaN\",0.5]");
    assertThat(json(null, "VECTOR<FLOAT, 4>")).isEqualTo("null");
  }

  @Test
  void rendersMapsAndMultisetsAsPairsInStoredOrder() {
    Map<String, Integer> map = new LinkedHashMap<>();
    map.put("z", 1);
    map.put("a", null);
    assertThat(json(map, "MAP<STRING, INT>")).isEqualTo("[[\"z\",1],[\"a\",null]]");
    Map<Integer, Map<String, Long>> nested = new LinkedHashMap<>();
    nested.put(2, Map.of("k", 7L));
    nested.put(1, Map.of());
    assertThat(json(nested, "MAP<INT, MAP<STRING, BIGINT>>")).isEqualTo("[[2,[[\"k\",7]]],[1,[]]]");
    Map<String, Integer> multiset = new LinkedHashMap<>();
    multiset.put("b", 2);
    multiset.put(null, 1);
    assertThat(json(multiset, "MULTISET<STRING>")).isEqualTo("[[\"b\",2],[null,1]]");
  }

  @Test
  void rendersRowsAsObjectsKeyedByFieldNameAndVariantsAsBase64() {
    assertThat(
            json(
                Row.of(1, Row.of("x", null), List.of(Row.of(true))),
                "ROW<a INT, b ROW<c STRING, d DOUBLE>, e ARRAY<ROW<f BOOLEAN>>>"))
        .isEqualTo("{\"a\":1,\"b\":{\"c\":\"x\",\"d\":null},\"e\":[{\"f\":true}]}");
    assertThat(json(Variant.of(new byte[] {1, 2, 3}, new byte[] {4}), "VARIANT"))
        .isEqualTo("{\"value\":\"AQID\",\"metadata\":\"BA==\"}");
  }

  @Test
  void rendersBlobsAsLengthAndCrcOfThePayloadReadThroughTheFileIO() throws IOException {
    byte[] bytes = "0123456789abcdef".getBytes(StandardCharsets.UTF_8);
    Path file = dir.resolve("payloads.blob");
    Files.write(file, bytes);
    GoldenJson.BlobPayloads payloads = GoldenJson.payloadsThrough(FileIO.local());
    DataType blob = DataTypes.parse("BLOB");

    BlobDescriptor range = new BlobDescriptor(file.toString(), 4, 6);
    assertThat(GoldenJson.value(range, blob, payloads, "image").toString())
        .isEqualTo("{\"length\":6,\"crc32\":" + crc(Arrays.copyOfRange(bytes, 4, 10)) + "}");
    BlobDescriptor rest =
        new BlobDescriptor(file.toUri().toString(), 10, BlobDescriptor.UNKNOWN_LENGTH);
    assertThat(GoldenJson.value(rest, blob, payloads, "image").toString())
        .isEqualTo("{\"length\":6,\"crc32\":" + crc(Arrays.copyOfRange(bytes, 10, 16)) + "}");
    BlobDescriptor empty = new BlobDescriptor(file.toString(), 3, 0);
    assertThat(GoldenJson.value(empty, blob, payloads, "image").toString())
        .isEqualTo("{\"length\":0,\"crc32\":0}");
    assertThat(
            GoldenJson.value(
                    Arrays.asList(null, range), DataTypes.parse("ARRAY<BLOB>"), payloads, "images")
                .toString())
        .isEqualTo("[null,{\"length\":6,\"crc32\":" + crc(Arrays.copyOfRange(bytes, 4, 10)) + "}]");
    // The unsigned CRC-32 above 2^31 stays positive.
    assertThat(crc(new byte[] {0})).isGreaterThan(Integer.MAX_VALUE);
    BlobDescriptor high = new BlobDescriptor(file.toString(), 0, 1);
    Files.write(file, new byte[] {0});
    assertThat(GoldenJson.value(high, blob, payloads, "image").toString())
        .isEqualTo("{\"length\":1,\"crc32\":3523407757}");
    assertThatThrownBy(
            () ->
                GoldenJson.value(
                    new BlobDescriptor(file.toString(), 0, 5), blob, payloads, "image"))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("image")
        .hasMessageContaining(file.toString());
  }

  @Test
  void rendersARowAsTheGoldenLineOfClips() {
    RowType clips =
        (RowType)
            DataTypes.parse(
                "ROW<id BIGINT NOT NULL, caption STRING, embedding VECTOR<FLOAT, 4>, image BLOB,"
                    + " camera STRING, note STRING>");
    // Keys in another order than the columns: the line still follows the schema, then _ROW_ID.
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("_ROW_ID", 1L);
    row.put("note", null);
    row.put("camera", "left");
    row.put("image", null);
    row.put("embedding", new float[] {2.25f, -2.0f, 1.0f, 1.0f});
    row.put("caption", "clip 2 from the left camera");
    row.put("id", 2L);
    // Line 2 of pypaimon-2.x-row-evolution/expected/clips.jsonl.
    assertThat(GoldenJson.line(row, clips, NO_BLOBS))
        .isEqualTo(
            "{\"id\":2,\"caption\":\"clip 2 from the left camera\","
                + "\"embedding\":[2.25,-2.0,1.0,1.0],\"image\":null,\"camera\":\"left\","
                + "\"note\":null,\"_ROW_ID\":1}");
    row.remove("_ROW_ID");
    assertThat(GoldenJson.line(row, clips, NO_BLOBS)).doesNotContain("_ROW_ID").endsWith("null}");
  }

  @Test
  void rejectsRowsWithOtherKeysAndValuesOutsideTheValueModel() {
    RowType type = (RowType) DataTypes.parse("ROW<id BIGINT, v STRING>");
    assertThatThrownBy(() -> GoldenJson.line(Map.of("id", 1L), type, NO_BLOBS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[id]");
    assertThatThrownBy(() -> GoldenJson.line(Map.of("id", 1L, "v", "a", "x", 1), type, NO_BLOBS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("x");
    assertThatThrownBy(() -> GoldenJson.line(Map.of("id", 1, "v", "a"), type, NO_BLOBS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("id: a BIGINT value must be a Long")
        .hasMessageContaining("java.lang.Integer");
    assertThatThrownBy(() -> GoldenJson.line(Map.of("id", 1L, "v", "a", "_ROW_ID", 1), type, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("_ROW_ID");
    assertThatThrownBy(() -> json(new float[] {1f}, "VECTOR<FLOAT, 2>"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 elements");
    assertThatThrownBy(() -> json(new double[] {1, 2}, "VECTOR<FLOAT, 2>"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("float[]");
    assertThatThrownBy(() -> json(Row.of(1), "ROW<a INT, b INT>"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 fields");
    assertThatThrownBy(() -> json(new byte[] {1}, "BLOB"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("BlobDescriptor");
    assertThatThrownBy(() -> json(List.of(1, "2"), "ARRAY<INT>"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("v[1]");
  }

  private static List<String> diff(String expected, String actual, String rowType) {
    return GoldenJson.differences(
        GoldenJson.parse(expected), GoldenJson.parse(actual), (RowType) DataTypes.parse(rowType));
  }

  @Test
  void comparesFloatsAfterRoundingToFloat32AndDoublesExactly() {
    String floats = "ROW<f FLOAT>";
    // 0.1f widened to double, as a dump printing doubles would show it.
    assertThat(
            diff("{\"f\":0.10000000149011612,\"_ROW_ID\":0}", "{\"f\":0.1,\"_ROW_ID\":0}", floats))
        .isEmpty();
    assertThat(diff("{\"f\":0.1,\"_ROW_ID\":0}", "{\"f\":0.1000001,\"_ROW_ID\":0}", floats))
        .hasSize(1);
    assertThat(diff("{\"f\":-0.0,\"_ROW_ID\":0}", "{\"f\":0.0,\"_ROW_ID\":0}", floats))
        .singleElement()
        .asString()
        .startsWith("f:");
    assertThat(diff("{\"f\":1.0,\"_ROW_ID\":0}", "{\"f\":1,\"_ROW_ID\":0}", floats)).hasSize(1);
    assertThat(diff("{\"f\":\"NaN\",\"_ROW_ID\":0}", "{\"f\":\"NaN\",\"_ROW_ID\":0}", floats))
        .isEmpty();
    assertThat(diff("{\"f\":\"NaN\",\"_ROW_ID\":0}", "{\"f\":\"Infinity\",\"_ROW_ID\":0}", floats))
        .hasSize(1);
    String doubles = "ROW<d DOUBLE>";
    assertThat(
            diff("{\"d\":0.10000000149011612,\"_ROW_ID\":0}", "{\"d\":0.1,\"_ROW_ID\":0}", doubles))
        .hasSize(1);
    assertThat(diff("{\"d\":-0.0,\"_ROW_ID\":0}", "{\"d\":-0.0,\"_ROW_ID\":0}", doubles)).isEmpty();
  }

  @Test
  void comparesKeysInOrderAndIntegersAsIntegers() {
    String type = "ROW<id BIGINT, v STRING>";
    assertThat(
            diff(
                "{\"id\":1,\"v\":\"a\",\"_ROW_ID\":0}",
                "{\"id\":1,\"v\":\"a\",\"_ROW_ID\":0}",
                type))
        .isEmpty();
    assertThat(
            diff(
                "{\"id\":1,\"v\":\"a\",\"_ROW_ID\":0}",
                "{\"v\":\"a\",\"id\":1,\"_ROW_ID\":0}",
                type))
        .singleElement()
        .asString()
        .contains("actual keys are [v, id, _ROW_ID]");
    assertThat(
            diff(
                "{\"id\":1,\"v\":\"a\",\"_ROW_ID\":0}",
                "{\"id\":1.0,\"v\":\"a\",\"_ROW_ID\":0}",
                type))
        .singleElement()
        .asString()
        .startsWith("id:");
    assertThat(
            diff(
                "{\"id\":1,\"v\":\"a\",\"_ROW_ID\":0}",
                "{\"id\":1,\"v\":null,\"_ROW_ID\":0}",
                type))
        .singleElement()
        .asString()
        .startsWith("v:");
    assertThat(
            diff(
                "{\"id\":1,\"v\":\"a\",\"_ROW_ID\":0}",
                "{\"id\":1,\"v\":\"a\",\"_ROW_ID\":1}",
                type))
        .singleElement()
        .asString()
        .startsWith("_ROW_ID:");
    assertThat(diff("{\"id\":1,\"v\":\"a\",\"_ROW_ID\":0}", "{\"id\":1,\"v\":\"a\"}", type))
        .hasSize(1);
    assertThatThrownBy(() -> GoldenJson.parse("{\"id\":1,\"id\":2}"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void comparesNestedValuesWithTheirPaths() {
    String type =
        "ROW<m MAP<STRING, ARRAY<FLOAT>>, r ROW<b BLOB, t MULTISET<INT>>, x VARIANT,"
            + " e VECTOR<FLOAT, 2>>";
    String expected =
        "{\"m\":[[\"k\",[1.0,null]]],\"r\":{\"b\":{\"length\":3,\"crc32\":7},\"t\":[[5,2]]},"
            + "\"x\":{\"value\":\"AQ==\",\"metadata\":\"AA==\"},\"e\":[0.5,-0.0],\"_ROW_ID\":3}";
    assertThat(diff(expected, expected, type)).isEmpty();
    assertThat(diff(expected, expected.replace("[1.0,null]", "[1.0,2.0]"), type))
        .containsExactly("m[0].value[1]: expected null, got 2.0");
    assertThat(diff(expected, expected.replace("\"crc32\":7", "\"crc32\":8"), type))
        .singleElement()
        .asString()
        .startsWith("r.b.crc32:");
    assertThat(diff(expected, expected.replace("[[5,2]]", "[[5,3]]"), type))
        .singleElement()
        .asString()
        .startsWith("r.t[0].value:");
    assertThat(diff(expected, expected.replace("\"AQ==\"", "\"Ag==\""), type))
        .singleElement()
        .asString()
        .startsWith("x.value:");
    assertThat(diff(expected, expected.replace("[0.5,-0.0]", "[0.5,0.0]"), type))
        .singleElement()
        .asString()
        .startsWith("e[1]:");
    assertThat(diff(expected, expected.replace("[0.5,-0.0]", "[0.5]"), type))
        .singleElement()
        .asString()
        .startsWith("e:");
  }

  @Test
  void renderedLinesCompareEqualToTheirGoldenRendering() throws IOException {
    Path file = dir.resolve("image.blob");
    byte[] payload = "an image".getBytes(StandardCharsets.UTF_8);
    Files.write(file, payload);
    RowType docs =
        (RowType)
            DataTypes.parse("ROW<id BIGINT NOT NULL, content STRING, image BLOB, category STRING>");
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", 0L);
    row.put("content", "document 0 about a lake");
    row.put("image", new BlobDescriptor(file.toString(), 0, payload.length));
    row.put("category", "lake");
    row.put("_ROW_ID", 0L);
    String line = GoldenJson.line(row, docs, GoldenJson.payloadsThrough(FileIO.local()));
    String golden =
        "{\"id\":0,\"content\":\"document 0 about a lake\",\"image\":{\"length\":8,\"crc32\":"
            + crc(payload)
            + "},\"category\":\"lake\",\"_ROW_ID\":0}";
    assertThat(line).isEqualTo(golden);
    assertThat(GoldenJson.differences(GoldenJson.parse(golden), GoldenJson.parse(line), docs))
        .isEmpty();
  }

  private static long crc(byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    return crc.getValue();
  }
}
