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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnapshotJsonTest {

  private static SnapshotFile read(String json) throws PaimonFormatException {
    return SnapshotJson.read(json.getBytes(StandardCharsets.UTF_8), "snapshot/snapshot-3");
  }

  private static final String MINIMAL =
      "{\"version\": 3, \"id\": 3, \"schemaId\": 1, \"baseManifestList\": \"b\","
          + " \"deltaManifestList\": \"d\", \"totalRecordCount\": 24, \"deltaRecordCount\": 6,"
          + " \"commitUser\": \"u\", \"commitIdentifier\": 9223372036854775807,"
          + " \"commitKind\": \"APPEND\", \"timeMillis\": 17}";

  @Test
  void rewritesEveryPaimonJavaSnapshotByteForByte() throws Exception {
    for (String name : JsonVectors.JAVA_SNAPSHOTS) {
      byte[] golden = JsonVectors.load(name);
      SnapshotFile s = SnapshotJson.read(golden, name);
      assertThat(new String(SnapshotJson.write(s), StandardCharsets.UTF_8))
          .as(name)
          .isEqualTo(new String(golden, StandardCharsets.UTF_8));
    }
  }

  @Test
  void readsGoldenSnapshot() throws Exception {
    String name = "golden/paimon-java-1.4.2-parquet/docs/snapshot/snapshot-1";
    SnapshotFile s = SnapshotJson.read(JsonVectors.load(name), name);
    assertThat(s)
        .isEqualTo(
            new SnapshotFile(
                3,
                1,
                0,
                "manifest-list-00e7471c-54f6-4be9-82b1-9837ca2c2623-0",
                1006L,
                "manifest-list-00e7471c-54f6-4be9-82b1-9837ca2c2623-1",
                1109L,
                null,
                null,
                null,
                "5a9cb296-63b9-4ceb-90b4-1f0fac62c3c1",
                SnapshotFile.BATCH_COMMIT_IDENTIFIER,
                "APPEND",
                1796150560528L,
                10,
                10,
                null,
                null,
                null,
                null,
                5L));
  }

  @Test
  void readsEveryOptionalMember() throws Exception {
    SnapshotFile s =
        SnapshotJson.read(JsonVectors.load("paimon-1.4.2/snapshot-full"), "snapshot-full");
    assertThat(s.changelogManifestList()).isEqualTo("manifest-list-a-2");
    assertThat(s.changelogManifestListSize()).isEqualTo(1002L);
    assertThat(s.indexManifest()).isEqualTo("index-manifest-b-0");
    assertThat(s.commitKind()).isEqualTo("OVERWRITE");
    assertThat(s.deltaRecordCount()).isEqualTo(-5);
    assertThat(s.changelogRecordCount()).isEqualTo(3L);
    assertThat(s.watermark()).isEqualTo(Long.MIN_VALUE);
    assertThat(s.statistics()).isEqualTo("stats-c-0");
    assertThat(s.properties()).containsExactly(Map.entry("k1", "v1"));
    assertThat(s.nextRowId()).isEqualTo(123L);
    SnapshotFile empty =
        SnapshotJson.read(
            JsonVectors.load("paimon-1.4.2/snapshot-empty-properties"), "snapshot-empty");
    assertThat(empty.properties()).isEmpty();
    assertThat(empty.nextRowId()).isNull();
  }

  @Test
  void readsPypaimonSnapshots() throws Exception {
    for (String name : JsonVectors.PYPAIMON_SNAPSHOTS) {
      SnapshotFile s = SnapshotJson.read(JsonVectors.load(name), name);
      assertThat(s.baseManifestListSize()).as(name).isNull();
      assertThat(s.deltaManifestListSize()).as(name).isNull();
      assertThat(SnapshotJson.read(SnapshotJson.write(s), name)).as(name).isEqualTo(s);
    }
    String name = "golden/pypaimon-2.x-row-evolution/clips/snapshot/snapshot-3";
    SnapshotFile s = SnapshotJson.read(JsonVectors.load(name), name);
    assertThat(s.id()).isEqualTo(3);
    assertThat(s.schemaId()).isEqualTo(1);
    assertThat(s.totalRecordCount()).isEqualTo(24);
    assertThat(s.deltaRecordCount()).isEqualTo(6);
    assertThat(s.nextRowId()).isEqualTo(12L);
    assertThat(s.commitUser()).isEqualTo("85094da7-511b-4015-bdd0-6bc1ac81e056");
    assertThat(s.timeMillis()).isEqualTo(1796151906884L);
  }

  @Test
  void treatsNullsAsAbsentAndIgnoresUnknownMembers() throws Exception {
    SnapshotFile s =
        read(
            MINIMAL.replace(
                "}",
                ", \"nextRowId\": null, \"watermark\": null, \"properties\": null, \"uuid\": \"x\","
                    + " \"writerVersion\": \"UNKNOWN\", \"operation\": \"insert\","
                    + " \"logOffsets\": {\"0\": 5}, \"future\": [1]}"));
    assertThat(s.nextRowId()).isNull();
    assertThat(s.watermark()).isNull();
    assertThat(s.properties()).isNull();
    assertThat(new String(SnapshotJson.write(s), StandardCharsets.UTF_8))
        .isEqualTo(
            "{\n"
                + "  \"version\" : 3,\n"
                + "  \"id\" : 3,\n"
                + "  \"schemaId\" : 1,\n"
                + "  \"baseManifestList\" : \"b\",\n"
                + "  \"deltaManifestList\" : \"d\",\n"
                + "  \"commitUser\" : \"u\",\n"
                + "  \"commitIdentifier\" : 9223372036854775807,\n"
                + "  \"commitKind\" : \"APPEND\",\n"
                + "  \"timeMillis\" : 17,\n"
                + "  \"totalRecordCount\" : 24,\n"
                + "  \"deltaRecordCount\" : 6\n"
                + "}");
  }

  @Test
  void refusesMissingRequiredMembersNamingThem() {
    for (String member :
        List.of(
            "version",
            "id",
            "schemaId",
            "baseManifestList",
            "deltaManifestList",
            "totalRecordCount",
            "deltaRecordCount",
            "commitUser",
            "commitIdentifier",
            "commitKind",
            "timeMillis")) {
      String without = MINIMAL.replaceAll("\"" + member + "\": [^,}]+", "\"" + member + "\": null");
      assertThatThrownBy(() -> read(without))
          .as(member)
          .isInstanceOf(PaimonFormatException.class)
          .hasMessage("snapshot/snapshot-3: " + member + ": required member is missing");
    }
  }

  @Test
  void refusesIllTypedMembers() {
    assertThatThrownBy(() -> read(MINIMAL.replace("\"id\": 3", "\"id\": \"3\"")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("snapshot/snapshot-3: id: expected a 64-bit integer, found string");
    assertThatThrownBy(
            () ->
                read(
                    MINIMAL.replace(
                        "\"totalRecordCount\": 24", "\"totalRecordCount\": 9223372036854775808")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage(
            "snapshot/snapshot-3: totalRecordCount: expected a 64-bit integer, found"
                + " 9223372036854775808");
    assertThatThrownBy(() -> read(MINIMAL.replace("\"APPEND\"", "\"MERGE\"")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage(
            "snapshot/snapshot-3: commitKind: expected one of "
                + SnapshotJson.COMMIT_KINDS
                + ", got 'MERGE'");
    assertThatThrownBy(() -> read(MINIMAL.replace("\"commitUser\": \"u\"", "\"commitUser\": 1")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("snapshot/snapshot-3: commitUser: expected a string, found number");
    assertThatThrownBy(() -> read(MINIMAL.replace("}", ", \"properties\": {\"a\": [1]}}")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("snapshot/snapshot-3: properties.a: expected a string, found array");
    assertThatThrownBy(() -> read(MINIMAL.replace("\"version\": 3", "\"version\": 0")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("snapshot/snapshot-3: version: snapshot version must be at least 1, got 0");
    assertThatThrownBy(() -> read("null"))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("snapshot/snapshot-3: snapshot file must hold a JSON object, found null");
    assertThatThrownBy(
            () -> SnapshotJson.read(new byte[] {(byte) 0xff, (byte) 0xfe, 0}, "snapshot-9"))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageStartingWith("snapshot-9: ");
  }

  @Test
  void writeRefusesWhatPaimonCannotRead() throws Exception {
    SnapshotFile s = read(MINIMAL);
    SnapshotFile noUser =
        new SnapshotFile(
            3, 1, 0, "b", null, "d", null, null, null, null, null, 1, "APPEND", 0, 0, 0, null, null,
            null, null, null);
    assertThatThrownBy(() -> SnapshotJson.write(noUser))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("snapshot commitUser must not be null");
    SnapshotFile badKind =
        new SnapshotFile(
            3, 1, 0, "b", null, "d", null, null, null, null, "u", 1, "append", 0, 0, 0, null, null,
            null, null, null);
    assertThatThrownBy(() -> SnapshotJson.write(badKind))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("commitKind must be one of")
        .hasMessageContaining("got append");
    assertThat(SnapshotJson.read(SnapshotJson.write(s), "again")).isEqualTo(s);
  }

  @Test
  void fuzzedSnapshotsFailOnlyWithPaimonFormatException() {
    List<String> vectors = new ArrayList<>(JsonVectors.JAVA_SNAPSHOTS);
    vectors.addAll(JsonVectors.PYPAIMON_SNAPSHOTS);
    JsonFuzz.run(Long.getLong("fuzz.seed", 20261202L), vectors, SnapshotJson::read);
  }
}
