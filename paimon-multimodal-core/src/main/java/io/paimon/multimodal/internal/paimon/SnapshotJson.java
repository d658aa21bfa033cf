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

import static io.paimon.multimodal.internal.paimon.PaimonJson.error;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads and writes Paimon's snapshot files, {@code snapshot/snapshot-<id>} (§4 of the table spec).
 *
 * <p>{@link #write} produces the bytes Paimon Java 1.4.2 writes for the same snapshot: the keys in
 * the order of Paimon's {@code Snapshot} constructor ({@code version, id, schemaId,
 * baseManifestList, baseManifestListSize, deltaManifestList, deltaManifestListSize,
 * changelogManifestList, changelogManifestListSize, indexManifest, commitUser, commitIdentifier,
 * commitKind, timeMillis, totalRecordCount, deltaRecordCount, changelogRecordCount, watermark,
 * statistics, properties, nextRowId}), each nullable one omitted when null, pretty-printed as
 * Jackson's default printer does.
 *
 * <p>{@link #read} accepts Paimon Java's files and pypaimon's (another key order, no list sizes,
 * JSON nulls for absent members); {@code uuid}, {@code writerVersion}, {@code operation}, {@code
 * logOffsets} and unknown members are ignored. All methods are static, stateless and thread-safe.
 */
public final class SnapshotJson {

  /** The commit kinds of Paimon's {@code Snapshot.CommitKind}. */
  static final Set<String> COMMIT_KINDS = Set.of("APPEND", "COMPACT", "OVERWRITE", "ANALYZE");

  private SnapshotJson() {}

  /**
   * The snapshot file's bytes (UTF-8 JSON), exactly as Paimon Java 1.4.2 writes the same snapshot.
   *
   * @throws NullPointerException if {@code snapshot} is null
   * @throws IllegalArgumentException if a member Paimon requires ({@code baseManifestList}, {@code
   *     deltaManifestList}, {@code commitUser}, {@code commitKind}) is null, or {@code commitKind}
   *     is not one of APPEND, COMPACT, OVERWRITE, ANALYZE
   */
  public static byte[] write(SnapshotFile snapshot) {
    checkWritable(snapshot);
    return PaimonJson.write(
        g -> {
          g.writeStartObject();
          writeMembers(g, snapshot);
          g.writeEndObject();
        });
  }

  /**
   * Reads a snapshot file.
   *
   * <p>Required: {@code version}, {@code id}, {@code schemaId}, {@code baseManifestList}, {@code
   * deltaManifestList}, {@code commitUser}, {@code commitIdentifier}, {@code commitKind} (one of
   * APPEND, COMPACT, OVERWRITE, ANALYZE), {@code timeMillis}, {@code totalRecordCount} and {@code
   * deltaRecordCount}. The other members of {@link SnapshotFile} are null when absent or JSON null.
   *
   * @param content the file's bytes
   * @param file the file's name or path, for messages
   * @throws PaimonFormatException naming {@code file} and the member, for any malformed content or
   *     missing required member; no other exception is thrown for any content
   * @throws NullPointerException if {@code content} or {@code file} is null
   */
  public static SnapshotFile read(byte[] content, String file) throws PaimonFormatException {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(file, "file");
    return readMembers(PaimonJson.parseObject(content, file, "snapshot"), file);
  }

  static void checkWritable(SnapshotFile s) {
    Objects.requireNonNull(s, "snapshot");
    requireMember(s.baseManifestList(), "baseManifestList");
    requireMember(s.deltaManifestList(), "deltaManifestList");
    requireMember(s.commitUser(), "commitUser");
    requireMember(s.commitKind(), "commitKind");
    if (!COMMIT_KINDS.contains(s.commitKind())) {
      throw new IllegalArgumentException(
          "snapshot commitKind must be one of " + COMMIT_KINDS + ", got " + s.commitKind());
    }
  }

  private static void requireMember(Object value, String name) {
    if (value == null) {
      throw new IllegalArgumentException("snapshot " + name + " must not be null");
    }
  }

  /** The snapshot's members, for {@link TagJson} to append its own after them. */
  static void writeMembers(JsonGenerator g, SnapshotFile s) throws IOException {
    g.writeNumberField("version", s.version());
    g.writeNumberField("id", s.id());
    g.writeNumberField("schemaId", s.schemaId());
    g.writeStringField("baseManifestList", s.baseManifestList());
    writeOptional(g, "baseManifestListSize", s.baseManifestListSize());
    g.writeStringField("deltaManifestList", s.deltaManifestList());
    writeOptional(g, "deltaManifestListSize", s.deltaManifestListSize());
    writeOptional(g, "changelogManifestList", s.changelogManifestList());
    writeOptional(g, "changelogManifestListSize", s.changelogManifestListSize());
    writeOptional(g, "indexManifest", s.indexManifest());
    g.writeStringField("commitUser", s.commitUser());
    g.writeNumberField("commitIdentifier", s.commitIdentifier());
    g.writeStringField("commitKind", s.commitKind());
    g.writeNumberField("timeMillis", s.timeMillis());
    g.writeNumberField("totalRecordCount", s.totalRecordCount());
    g.writeNumberField("deltaRecordCount", s.deltaRecordCount());
    writeOptional(g, "changelogRecordCount", s.changelogRecordCount());
    writeOptional(g, "watermark", s.watermark());
    writeOptional(g, "statistics", s.statistics());
    if (s.properties() != null) {
      g.writeObjectFieldStart("properties");
      for (Map.Entry<String, String> e : s.properties().entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
    }
    writeOptional(g, "nextRowId", s.nextRowId());
  }

  private static void writeOptional(JsonGenerator g, String name, Long value) throws IOException {
    if (value != null) {
      g.writeNumberField(name, value);
    }
  }

  private static void writeOptional(JsonGenerator g, String name, String value) throws IOException {
    if (value != null) {
      g.writeStringField(name, value);
    }
  }

  /** Reads the snapshot members of a snapshot or tag object. */
  static SnapshotFile readMembers(ObjectNode root, String file) throws PaimonFormatException {
    int version = PaimonJson.requiredInt(root, "version", file, "");
    if (version < 1) {
      throw error(file, "version", "snapshot version must be at least 1, got " + version);
    }
    String commitKind = PaimonJson.requiredString(root, "commitKind", file, "");
    if (!COMMIT_KINDS.contains(commitKind)) {
      throw error(
          file,
          "commitKind",
          "expected one of " + COMMIT_KINDS + ", got '" + clip(commitKind) + "'");
    }
    JsonNode properties = PaimonJson.member(root, "properties");
    return new SnapshotFile(
        version,
        PaimonJson.requiredLong(root, "id", file, ""),
        PaimonJson.requiredLong(root, "schemaId", file, ""),
        PaimonJson.requiredString(root, "baseManifestList", file, ""),
        PaimonJson.optionalLong(root, "baseManifestListSize", file, ""),
        PaimonJson.requiredString(root, "deltaManifestList", file, ""),
        PaimonJson.optionalLong(root, "deltaManifestListSize", file, ""),
        PaimonJson.optionalString(root, "changelogManifestList", file, ""),
        PaimonJson.optionalLong(root, "changelogManifestListSize", file, ""),
        PaimonJson.optionalString(root, "indexManifest", file, ""),
        PaimonJson.requiredString(root, "commitUser", file, ""),
        PaimonJson.requiredLong(root, "commitIdentifier", file, ""),
        commitKind,
        PaimonJson.requiredLong(root, "timeMillis", file, ""),
        PaimonJson.requiredLong(root, "totalRecordCount", file, ""),
        PaimonJson.requiredLong(root, "deltaRecordCount", file, ""),
        PaimonJson.optionalLong(root, "changelogRecordCount", file, ""),
        PaimonJson.optionalLong(root, "watermark", file, ""),
        PaimonJson.optionalString(root, "statistics", file, ""),
        properties == null
            ? null
            : Collections.unmodifiableMap(PaimonJson.stringMap(properties, file, "properties")),
        PaimonJson.optionalLong(root, "nextRowId", file, ""));
  }

  private static String clip(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
