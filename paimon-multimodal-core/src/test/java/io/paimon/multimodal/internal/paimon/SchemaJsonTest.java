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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.MapType;
import io.paimon.types.RowType;
import io.paimon.types.VectorType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaJsonTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static TableSchema read(String json) throws PaimonFormatException {
    return SchemaJson.read(json.getBytes(StandardCharsets.UTF_8), "schema/schema-0");
  }

  /** A minimal valid version-3 schema with {@code fields} and {@code extra} members spliced in. */
  private static String schema(String fields, int highestFieldId, String extra) {
    return "{\"version\": 3, \"id\": 0, \"fields\": ["
        + fields
        + "], \"highestFieldId\": "
        + highestFieldId
        + ", \"partitionKeys\": [], \"primaryKeys\": [], \"options\": {}"
        + extra
        + ", \"timeMillis\": 5}";
  }

  @Test
  void rewritesEveryPaimonJavaSchemaByteForByte() throws Exception {
    for (String name : JsonVectors.JAVA_SCHEMAS) {
      byte[] golden = JsonVectors.load(name);
      TableSchema schema = SchemaJson.read(golden, name);
      assertThat(new String(SchemaJson.write(schema), StandardCharsets.UTF_8))
          .as(name)
          .isEqualTo(new String(golden, StandardCharsets.UTF_8));
    }
  }

  @Test
  void readsGoldenDocsSchema() throws Exception {
    String name = "golden/paimon-java-1.4.2-parquet/docs/schema/schema-0";
    TableSchema s = SchemaJson.read(JsonVectors.load(name), name);
    assertThat(s.id()).isZero();
    assertThat(s.rowType())
        .isEqualTo(
            DataTypes.parse(
                "ROW<id BIGINT NOT NULL, content STRING, image BLOB, category STRING>"));
    assertThat(s.fields()).extracting(DataField::id).containsExactly(0, 1, 2, 3);
    assertThat(s.highestFieldId()).isEqualTo(3);
    assertThat(s.partitionKeys()).isEmpty();
    assertThat(s.primaryKeys()).isEmpty();
    assertThat(s.options())
        .containsExactly(
            Map.entry("data-evolution.enabled", "true"), Map.entry("row-tracking.enabled", "true"));
    assertThat(s.comment()).isNull();
    assertThat(s.timeMillis()).isEqualTo(1796150557585L);
  }

  @Test
  void printsEveryAtomicTypeAsPaimonDoes() throws Exception {
    // Each atomic field of Paimon's own schema-nested: its JSON string must parse, and our
    // type must print that very string.
    JsonNode fields = MAPPER.readTree(JsonVectors.load("paimon-1.4.2/schema-nested")).get("fields");
    int atomic = 0;
    for (JsonNode f : fields) {
      JsonNode type = f.get("type");
      if (type.isTextual()) {
        assertThat(DataTypes.parse(type.textValue()).toString()).isEqualTo(type.textValue());
        atomic++;
      }
    }
    assertThat(atomic).isEqualTo(26);
  }

  @Test
  void readsNestedTypesWithTheirIds() throws Exception {
    TableSchema s =
        SchemaJson.read(JsonVectors.load("paimon-1.4.2/schema-nested"), "schema-nested");
    assertThat(s.id()).isEqualTo(7);
    assertThat(s.comment()).isEqualTo("a table ü");
    assertThat(s.partitionKeys()).containsExactly("p");
    assertThat(s.options()).containsEntry("weird é", "va\"l\nue");
    assertThat(s.fields().get(0).description())
        .isEqualTo("primary \"id\" é 😀 \u0001 / \\ \n tab\t");
    RowType r = (RowType) s.fields().get(1).type();
    assertThat(r.fields()).extracting(DataField::id).containsExactly(2, 4);
    assertThat(((RowType) r.typeAt(1)).fields().get(0).description()).isEqualTo("nested c");
    assertThat(s.fields().get(2).type().toString()).isEqualTo("ARRAY<ROW<`x` INT>> NOT NULL");
    assertThat(s.fields().get(3).type().toString())
        .isEqualTo("MAP<STRING NOT NULL, ROW<`y` DOUBLE>>");
    assertThat(s.fields().get(4).type().toString())
        .isEqualTo("MULTISET<VARCHAR(10) NOT NULL> NOT NULL");
    assertThat(s.fields().get(5).type()).isEqualTo(DataTypes.VECTOR(DataTypes.FLOAT(), 4));
    assertThat(s.fields().get(6).type().toString())
        .isEqualTo("VECTOR<DOUBLE NOT NULL, 3> NOT NULL");
    assertThat(s.highestFieldId()).isEqualTo(36).isEqualTo(SchemaJson.highestFieldId(s.rowType()));
  }

  @Test
  void assignsFieldIdsAsPaimonsSchemaBuilder() throws Exception {
    TableSchema paimon =
        SchemaJson.read(JsonVectors.load("paimon-1.4.2/schema-nested"), "schema-nested");
    // The same columns with every id zeroed: assignFieldIds must give Paimon's ids back.
    RowType assigned = SchemaJson.assignFieldIds(new RowType(zeroIds(paimon.fields())));
    assertThat(ids(assigned)).isEqualTo(ids(paimon.rowType()));
    assertThat(assigned).isEqualTo(paimon.rowType());
    assertThat(SchemaJson.highestFieldId(assigned)).isEqualTo(paimon.highestFieldId());
  }

  @Test
  void assignsTopLevelIdBeforeNestedAndNestedAfterChildren() {
    RowType columns =
        (RowType)
            DataTypes.parse("ROW<id BIGINT, r ROW<a INT, b ROW<c STRING>>, arr ARRAY<ROW<x INT>>>");
    RowType assigned = SchemaJson.assignFieldIds(columns);
    // id=0, r=1, a=2, c=3, b=4, arr=5, x=6 (spec §3)
    assertThat(ids(assigned)).containsExactly(0, 1, 2, 4, 3, 5, 6);
    assertThat(SchemaJson.highestFieldId(assigned)).isEqualTo(6);
    assertThat(SchemaJson.highestFieldId(new RowType(List.of()))).isEqualTo(-1);
    RowType vectorsAndMaps =
        (RowType) DataTypes.parse("ROW<m MAP<ROW<k INT>, ROW<v INT>>, v VECTOR<FLOAT, 2>, z INT>");
    assertThat(ids(SchemaJson.assignFieldIds(vectorsAndMaps))).containsExactly(0, 1, 2, 3, 4);
  }

  private static List<DataField> zeroIds(List<DataField> fields) {
    List<DataField> out = new ArrayList<>();
    for (DataField f : fields) {
      out.add(new DataField(0, f.name(), zeroIds(f.type()), f.description()));
    }
    return out;
  }

  private static DataType zeroIds(DataType t) {
    if (t instanceof RowType) {
      return new RowType(t.isNullable(), zeroIds(((RowType) t).fields()));
    }
    if (t instanceof io.paimon.types.ArrayType) {
      return new io.paimon.types.ArrayType(
          t.isNullable(), zeroIds(((io.paimon.types.ArrayType) t).elementType()));
    }
    if (t instanceof MapType) {
      MapType m = (MapType) t;
      return new MapType(t.isNullable(), zeroIds(m.keyType()), zeroIds(m.valueType()));
    }
    return t;
  }

  /** Field ids in pre-order: each field, then the fields nested in it. */
  private static List<Integer> ids(DataType type) {
    List<Integer> out = new ArrayList<>();
    collect(type, out);
    return out;
  }

  private static void collect(DataType type, List<Integer> out) {
    if (type instanceof RowType) {
      for (DataField f : ((RowType) type).fields()) {
        out.add(f.id());
        collect(f.type(), out);
      }
    } else {
      type.children().forEach(c -> collect(c, out));
    }
  }

  @Test
  void readsPypaimonSchemas() throws Exception {
    for (String name : JsonVectors.PYPAIMON_SCHEMAS) {
      TableSchema s = SchemaJson.read(JsonVectors.load(name), name);
      assertThat(s.comment()).as(name).isNull(); // "comment": null
      // Written back, it reads as the same schema.
      assertThat(SchemaJson.read(SchemaJson.write(s), name)).as(name).isEqualTo(s);
    }
    String name = "golden/pypaimon-2.x-row-evolution/clips/schema/schema-1";
    TableSchema clips = SchemaJson.read(JsonVectors.load(name), name);
    assertThat(clips.rowType())
        .isEqualTo(
            DataTypes.parse(
                "ROW<id BIGINT NOT NULL, caption STRING, embedding VECTOR<FLOAT, 4>, image BLOB,"
                    + " camera STRING, note STRING>"));
    assertThat(clips.fields()).extracting(DataField::id).containsExactly(0, 1, 2, 3, 4, 5);
    assertThat(clips.partitionKeys()).containsExactly("camera");
    assertThat(clips.options())
        .containsExactly(
            Map.entry("row-tracking.enabled", "true"),
            Map.entry("data-evolution.enabled", "true"),
            Map.entry("file.format", "row"));
    assertThat(clips.id()).isEqualTo(1);
  }

  @Test
  void readsPypaimonCompositeTypes() throws Exception {
    // pypaimon's to_dict: "nullable" in every composite, MAP's type string "MAP<K, V>" without
    // NOT NULL, MULTISET's "MULTISET<T> NOT NULL".
    String fields =
        "{\"id\": 0, \"name\": \"m\", \"type\": {\"type\": \"MAP<STRING NOT NULL, INT>\","
            + " \"key\": \"STRING NOT NULL\", \"value\": \"INT\", \"nullable\": true}},"
            + "{\"id\": 1, \"name\": \"mn\", \"type\": {\"type\": \"MAP<STRING, INT>\","
            + " \"key\": \"STRING\", \"value\": \"INT\", \"nullable\": false}},"
            + "{\"id\": 2, \"name\": \"s\", \"type\": {\"type\": \"MULTISET<INT> NOT NULL\","
            + " \"element\": \"INT\", \"nullable\": false}},"
            + "{\"id\": 3, \"name\": \"v\", \"type\": {\"type\": \"VECTOR NOT NULL\","
            + " \"element\": \"FLOAT\", \"length\": 2, \"nullable\": true}},"
            + "{\"id\": 4, \"name\": \"a\", \"type\": {\"type\": \"ARRAY\", \"element\":"
            + " {\"type\": \"ROW\", \"fields\": [{\"id\": 5, \"name\": \"x\", \"type\": \"INT\"}],"
            + " \"nullable\": true}, \"nullable\": true}},"
            + "{\"id\": 6, \"name\": \"i\", \"type\": {\"type\": \"INT NOT NULL\"}}";
    TableSchema s = read(schema(fields, 6, ", \"comment\": null"));
    assertThat(s.rowType().fieldTypes())
        .containsExactly(
            DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.INT()),
            DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()).notNull(),
            DataTypes.MULTISET(DataTypes.INT()).notNull(),
            new VectorType(false, DataTypes.FLOAT(), 2),
            DataTypes.parse("ARRAY<ROW<x INT>>"),
            DataTypes.INT().notNull());
    assertThat(s.comment()).isNull();
  }

  @Test
  void oldVersionsImplyOptionsUnlessSet() throws Exception {
    String v1 =
        "{\"id\": 0, \"fields\": [], \"highestFieldId\": -1, \"partitionKeys\": [],"
            + " \"primaryKeys\": [], \"options\": {\"a\": \"b\"}}";
    TableSchema s = read(v1);
    assertThat(s.options())
        .containsExactly(
            Map.entry("a", "b"), Map.entry("bucket", "1"), Map.entry("file.format", "orc"));
    assertThat(s.timeMillis()).isZero();

    String v2 = v1.replace("{\"id\"", "{\"version\": 2, \"id\"");
    assertThat(read(v2).options())
        .containsExactly(Map.entry("a", "b"), Map.entry("file.format", "orc"));

    String v1Set = v1.replace("\"a\": \"b\"", "\"bucket\": \"4\", \"file.format\": \"parquet\"");
    assertThat(read(v1Set).options())
        .containsExactly(Map.entry("bucket", "4"), Map.entry("file.format", "parquet"));

    assertThat(read(schema("", -1, "")).options()).isEmpty();
  }

  @Test
  void ignoresUnknownMembersAndTakesScalarOptionsAsText() throws Exception {
    String fields = "{\"id\": 0, \"name\": \"a\", \"type\": \"INT\", \"future\": [1, 2]}";
    String json =
        schema(fields, 0, ", \"somethingNew\": {\"x\": 1}")
            .replace("\"options\": {}", "\"options\": {\"bucket\": -1, \"flag\": true}");
    TableSchema s = read(json);
    assertThat(s.options()).containsExactly(Map.entry("bucket", "-1"), Map.entry("flag", "true"));
    assertThat(s.fields()).containsExactly(new DataField(0, "a", DataTypes.INT()));
  }

  @Test
  void writesCommentAndDescriptionOnlyWhenPresent() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("z", "1");
    options.put("a", "2");
    TableSchema s =
        new TableSchema(
            1,
            List.of(new DataField(0, "a", DataTypes.INT(), "the a")),
            0,
            List.of(),
            List.of(),
            options,
            "c",
            9);
    assertThat(new String(SchemaJson.write(s), StandardCharsets.UTF_8))
        .isEqualTo(
            "{\n"
                + "  \"version\" : 3,\n"
                + "  \"id\" : 1,\n"
                + "  \"fields\" : [ {\n"
                + "    \"id\" : 0,\n"
                + "    \"name\" : \"a\",\n"
                + "    \"type\" : \"INT\",\n"
                + "    \"description\" : \"the a\"\n"
                + "  } ],\n"
                + "  \"highestFieldId\" : 0,\n"
                + "  \"partitionKeys\" : [ ],\n"
                + "  \"primaryKeys\" : [ ],\n"
                + "  \"options\" : {\n"
                + "    \"z\" : \"1\",\n"
                + "    \"a\" : \"2\"\n"
                + "  },\n"
                + "  \"comment\" : \"c\",\n"
                + "  \"timeMillis\" : 9\n"
                + "}");
    TableSchema empty = new TableSchema(0, List.of(), -1, List.of(), List.of(), Map.of(), null, 0);
    assertThat(new String(SchemaJson.write(empty), StandardCharsets.UTF_8))
        .contains("\"fields\" : [ ],")
        .contains("\"options\" : { },")
        .doesNotContain("comment");
  }

  @Test
  void refusesDuplicateFieldIdsAtAnyLevel() {
    String top =
        "{\"id\": 0, \"name\": \"a\", \"type\": \"INT\"}, {\"id\": 0, \"name\": \"b\", \"type\": \"INT\"}";
    assertThatThrownBy(() -> read(schema(top, 1, "")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: field 'b'.id: field id 0 is also the id of field 'a'");
    String nested =
        "{\"id\": 0, \"name\": \"a\", \"type\": \"INT\"}, {\"id\": 1, \"name\": \"r\", \"type\":"
            + " {\"type\": \"ARRAY\", \"element\": {\"type\": \"ROW\", \"fields\": [{\"id\": 0,"
            + " \"name\": \"x\", \"type\": \"INT\"}]}}}";
    assertThatThrownBy(() -> read(schema(nested, 1, "")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: field 'r.x'.id: field id 0 is also the id of field 'a'");
  }

  @Test
  void refusesHighestFieldIdBelowAnId() {
    String fields =
        "{\"id\": 0, \"name\": \"r\", \"type\": {\"type\": \"ROW\", \"fields\": [{\"id\": 7,"
            + " \"name\": \"x\", \"type\": \"INT\"}]}}";
    assertThatThrownBy(() -> read(schema(fields, 6, "")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: field 'r.x'.id: field id 7 exceeds highestFieldId 6");
  }

  @Test
  void refusesKeysThatNameNoColumn() {
    String fields = "{\"id\": 0, \"name\": \"a\", \"type\": \"INT\"}";
    assertThatThrownBy(
            () ->
                read(
                    schema(fields, 0, "")
                        .replace("\"partitionKeys\": []", "\"partitionKeys\": [\"b\"]")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: partitionKeys[0]: 'b' is not a column of the schema");
    assertThatThrownBy(
            () ->
                read(
                    schema(fields, 0, "")
                        .replace("\"primaryKeys\": []", "\"primaryKeys\": [\"a\", \"a\"]")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: primaryKeys[1]: 'a' is listed twice");
    assertThatThrownBy(
            () ->
                read(schema(fields, 0, "").replace("\"primaryKeys\": []", "\"primaryKeys\": [1]")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: primaryKeys[0]: expected a string, found number");
  }

  @Test
  void refusesBadTypesNamingTheField() {
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": \"INTEGR\"}",
        "schema/schema-0: field 'a'.type: invalid type: Cannot parse type \"INTEGR\" at position 0:"
            + " expected a type name, found 'INTEGR'");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": \"ARRAY<INT>\"}",
        "schema/schema-0: field 'a'.type: composite type \"ARRAY<INT>\" must be a JSON object");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": \"" + "ARRAY<".repeat(100_000) + "\"}",
        "must be a JSON object");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": \"" + "ROW(a ".repeat(100_000) + "\"}",
        "must be a JSON object");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": \"ROW(x INT)\"}",
        "schema/schema-0: field 'a'.type: composite type \"ROW(x INT)\" must be a JSON object");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": {\"type\": \"VECTOR\", \"element\": \"STRING\","
            + " \"length\": 3}}",
        "schema/schema-0: field 'a'.type: invalid VECTOR: VECTOR elements must be");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": {\"type\": \"ARRAY\"}}",
        "schema/schema-0: field 'a'.type.element: required member is missing");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": {\"type\": \"MAP\", \"key\": \"INT\", \"value\":"
            + " {\"type\": \"ROW\", \"fields\": [{\"id\": 1, \"name\": \"x\", \"type\": 5}]}}}",
        "schema/schema-0: field 'a.x'.type: expected a type string or object, found number");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": \"INT\", \"defaultValue\": \"1\"}",
        "schema/schema-0: field 'a'.defaultValue: column default values are not supported");
    assertRefused(
        "{\"id\": 0, \"name\": \"\", \"type\": \"INT\"}",
        "schema/schema-0: fields[0].name: field name must not be empty");
    assertRefused(
        "{\"id\": 0, \"name\": \"a\", \"type\": \"INT\"}, {\"id\": 1, \"name\": \"a\", \"type\":"
            + " \"INT\"}",
        "schema/schema-0: fields: duplicate field name 'a' in ROW type");
    assertRefused(
        "{\"id\": 99999999999, \"name\": \"a\", \"type\": \"INT\"}",
        "schema/schema-0: field 'a'.id: expected a 32-bit integer, found 99999999999");
    assertRefused(
        "{\"id\": 1.5, \"name\": \"a\", \"type\": \"INT\"}",
        "schema/schema-0: field 'a'.id: expected a 32-bit integer, found 1.5");
    assertRefused("7", "schema/schema-0: fields[0]: expected a JSON object, found number");
  }

  private static void assertRefused(String fields, String message) {
    assertThatThrownBy(() -> read(schema(fields, 1, "")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageContaining(message);
  }

  @Test
  void refusesMalformedDocuments() {
    assertThatThrownBy(() -> read(""))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: schema file is empty");
    assertThatThrownBy(() -> read("[1]"))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: schema file must hold a JSON object, found array");
    assertThatThrownBy(() -> read("{\"version\": 3,"))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageStartingWith("schema/schema-0: schema file is not valid JSON: ");
    assertThatThrownBy(() -> read(schema("", -1, "") + " {}"))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageStartingWith("schema/schema-0: schema file is not valid JSON: ");
    assertThatThrownBy(() -> read(schema("", -1, "").replace("\"id\": 0", "\"id\": 1e999")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: id: expected a 64-bit integer, found 1E+999");
    assertThatThrownBy(
            () -> read(schema("", -1, "").replace("\"id\": 0", "\"id\": 1e9999999999999")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageStartingWith("schema/schema-0: schema file holds an unreadable number: ");
    assertThatThrownBy(() -> read(schema("", -1, "").replace("\"id\": 0", "\"id\": -2")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: id: schema id must not be negative, got -2");
    assertThatThrownBy(() -> read(schema("", -1, "").replace("\"options\": {}", "\"options\": []")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: options: expected a JSON object, found array");
    assertThatThrownBy(
            () -> read(schema("", -1, "").replace("\"options\": {}", "\"options\": {\"a\": null}")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: options.a: expected a string, found null");
    assertThatThrownBy(() -> read(schema("", -1, "").replace(", \"highestFieldId\": -1", "")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: highestFieldId: required member is missing");
    assertThatThrownBy(() -> read(schema("", -1, ", \"comment\": 3")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("schema/schema-0: comment: expected a string, found number");
    String deep = "[".repeat(5000) + "]".repeat(5000);
    assertThatThrownBy(() -> read(schema("", -1, ", \"x\": " + deep)))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageStartingWith("schema/schema-0: schema file is not valid JSON: ");
  }

  @Test
  void fuzzedSchemasFailOnlyWithPaimonFormatException() {
    List<String> vectors = new ArrayList<>(JsonVectors.JAVA_SCHEMAS);
    vectors.addAll(JsonVectors.PYPAIMON_SCHEMAS);
    JsonFuzz.run(Long.getLong("fuzz.seed", 20261201L), vectors, SchemaJson::read);
  }

  @Test
  void writeRejectsNull() {
    assertThatThrownBy(() -> SchemaJson.write(null)).isInstanceOf(NullPointerException.class);
  }
}
