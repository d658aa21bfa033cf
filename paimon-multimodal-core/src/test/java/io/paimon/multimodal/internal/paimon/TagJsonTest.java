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
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TagJsonTest {

  private static final String SNAPSHOT_1 =
      "golden/paimon-java-1.4.2-parquet/docs/snapshot/snapshot-1";

  private static TagFile read(String json) throws PaimonFormatException {
    return TagJson.read(json.getBytes(StandardCharsets.UTF_8), "tag/tag-v1");
  }

  private static String withTagMembers(String members) {
    String snapshot = new String(JsonVectors.load(SNAPSHOT_1), StandardCharsets.UTF_8);
    return snapshot.substring(0, snapshot.lastIndexOf('}')) + members + "}";
  }

  @Test
  void rewritesEveryPaimonJavaTagByteForByte() throws Exception {
    for (String name : JsonVectors.JAVA_TAGS) {
      byte[] golden = JsonVectors.load(name);
      TagFile t = TagJson.read(golden, name);
      assertThat(new String(TagJson.write(t), StandardCharsets.UTF_8))
          .as(name)
          .isEqualTo(new String(golden, StandardCharsets.UTF_8));
    }
  }

  @Test
  void goldenTagIsItsSnapshot() throws Exception {
    String name = "golden/paimon-java-1.4.2-parquet/docs/tag/tag-v1";
    TagFile t = TagJson.read(JsonVectors.load(name), name);
    assertThat(t.snapshot()).isEqualTo(SnapshotJson.read(JsonVectors.load(SNAPSHOT_1), "s"));
    assertThat(t.tagCreateTime()).isNull();
    assertThat(t.tagTimeRetained()).isNull();
  }

  @Test
  void readsRetentionAsPaimonWritesIt() throws Exception {
    TagFile t = TagJson.read(JsonVectors.load("paimon-1.4.2/tag-retained"), "tag-retained");
    assertThat(t.tagCreateTime()).isEqualTo(LocalDateTime.of(2026, 12, 1, 19, 11, 8, 411801782));
    assertThat(t.tagTimeRetained()).isEqualTo(Duration.ofHours(36));
    assertThat(TagJson.read(JsonVectors.load("paimon-1.4.2/tag-whole-seconds"), "s"))
        .isEqualTo(
            new TagFile(
                t.snapshot(),
                LocalDateTime.of(2026, 1, 2, 3, 4, 5),
                Duration.ofSeconds(1, 500_000_000)));
    assertThat(TagJson.read(JsonVectors.load("paimon-1.4.2/tag-whole-minutes"), "m"))
        .isEqualTo(new TagFile(t.snapshot(), LocalDateTime.of(2026, 1, 2, 3, 4), Duration.ZERO));
    assertThat(TagJson.read(JsonVectors.load("paimon-1.4.2/tag-nanos-only"), "n"))
        .isEqualTo(
            new TagFile(
                t.snapshot(), LocalDateTime.of(2026, 1, 2, 3, 4, 0, 7), Duration.ofNanos(1)));
  }

  @Test
  void writesRetentionAsJacksonJavaTimeDoes() {
    assertThat(TagJson.seconds(Duration.ofHours(36))).hasToString("129600.000000000");
    assertThat(TagJson.seconds(Duration.ZERO)).hasToString("0.0");
    assertThat(TagJson.seconds(Duration.ofNanos(1))).hasToString("1E-9");
    assertThat(TagJson.seconds(Duration.ofNanos(1500))).hasToString("0.000001500");
    assertThat(TagJson.seconds(Duration.ofMillis(1500))).hasToString("1.500000000");
  }

  @Test
  void readsPypaimonOneLineTag() throws Exception {
    TagFile t = TagJson.read(JsonVectors.load(JsonVectors.PYPAIMON_TAG), JsonVectors.PYPAIMON_TAG);
    assertThat(t.snapshot().id()).isEqualTo(2);
    assertThat(t.snapshot().schemaId()).isZero();
    assertThat(t.snapshot().totalRecordCount()).isEqualTo(18);
    assertThat(t.snapshot().nextRowId()).isEqualTo(9L);
    assertThat(t.snapshot().baseManifestListSize()).isNull();
    assertThat(t.tagCreateTime()).isNull();
    assertThat(t.tagTimeRetained()).isNull();
    assertThat(TagJson.read(TagJson.write(t), "again")).isEqualTo(t);
  }

  @Test
  void readsPypaimonRetentionForms() throws Exception {
    // pypaimon: timedelta.total_seconds() (a float), trailing zero components dropped.
    TagFile t =
        read(
            withTagMembers(
                ", \"tagCreateTime\": [2026, 1, 2, 3, 4, 5, 123000], \"tagTimeRetained\": 129600.0"));
    assertThat(t.tagCreateTime()).isEqualTo(LocalDateTime.of(2026, 1, 2, 3, 4, 5, 123000));
    assertThat(t.tagTimeRetained()).isEqualTo(Duration.ofHours(36));
    assertThat(read(withTagMembers(", \"tagTimeRetained\": 60")).tagTimeRetained())
        .isEqualTo(Duration.ofMinutes(1));
    assertThat(read(withTagMembers(", \"tagTimeRetained\": \"PT1H\"")).tagTimeRetained())
        .isEqualTo(Duration.ofHours(1));
    assertThat(read(withTagMembers(", \"tagTimeRetained\": 1e-30")).tagTimeRetained())
        .isEqualTo(Duration.ZERO);
    assertThat(read(withTagMembers(", \"tagCreateTime\": \"2026-01-02T03:04:05\"")).tagCreateTime())
        .isEqualTo(LocalDateTime.of(2026, 1, 2, 3, 4, 5));
    assertThat(read(withTagMembers(", \"tagCreateTime\": null, \"tagTimeRetained\": null")))
        .isEqualTo(read(withTagMembers("")));
  }

  @Test
  void refusesMalformedRetention() {
    assertThatThrownBy(() -> read(withTagMembers(", \"tagCreateTime\": [2026, 13, 1, 0, 0]")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageStartingWith("tag/tag-v1: tagCreateTime: not a valid local date-time: ");
    assertThatThrownBy(() -> read(withTagMembers(", \"tagCreateTime\": [2026, 1, 1, 0]")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage(
            "tag/tag-v1: tagCreateTime: expected [year, month, day, hour, minute(, second(,"
                + " nanos))], found array of 4 elements");
    assertThatThrownBy(() -> read(withTagMembers(", \"tagCreateTime\": [2026, 1, 1, 0, \"0\"]")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("tag/tag-v1: tagCreateTime[4]: expected a 32-bit integer, found string");
    assertThatThrownBy(() -> read(withTagMembers(", \"tagTimeRetained\": 1e999999999")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage(
            "tag/tag-v1: tagTimeRetained: duration of 1E+999999999 seconds is out of range");
    assertThatThrownBy(() -> read(withTagMembers(", \"tagTimeRetained\": true")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessage("tag/tag-v1: tagTimeRetained: expected a number of seconds, found boolean");
    assertThatThrownBy(() -> read(withTagMembers(", \"tagTimeRetained\": \"1 hour\"")))
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageStartingWith("tag/tag-v1: tagTimeRetained: not an ISO-8601 duration: ");
  }

  @Test
  void writeRefusesNegativeRetention() throws Exception {
    SnapshotFile s = SnapshotJson.read(JsonVectors.load(SNAPSHOT_1), "s");
    assertThatThrownBy(() -> TagJson.write(new TagFile(s, null, Duration.ofMillis(-500))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tagTimeRetained must not be negative, got PT-0.5S");
  }

  @Test
  void fuzzedTagsFailOnlyWithPaimonFormatException() {
    List<String> vectors = new ArrayList<>(JsonVectors.JAVA_TAGS);
    vectors.add(JsonVectors.PYPAIMON_TAG);
    JsonFuzz.run(Long.getLong("fuzz.seed", 20261203L), vectors, TagJson::read);
  }
}
