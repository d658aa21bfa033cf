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

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * The Avro schemas Apache Paimon 1.4.2 writes for manifest lists, manifests and index manifests
 * (spec §6 and §12), field for field: Paimon derives them from its row types, so the top record is
 * {@code org.apache.paimon.avro.generated.record}, a nested record is named after the path of
 * fields leading to it ({@code record__FILE}, {@code record__FILE__KEY_STATS}), every nullable type
 * is the union {@code ["null", T]} with default null, and every record starts with {@code _VERSION
 * int}.
 *
 * <p>Only writers use these schemas; readers decode with the schema embedded in each file and look
 * fields up by name, because pypaimon names its records differently and omits some fields. The
 * schemas are built once and shared; Avro schemas are effectively immutable once built, so they are
 * safe to use from any thread (callers must not add properties to them).
 */
final class PaimonAvroSchemas {

  /** {@code _VERSION} of manifest entries (Paimon's {@code ManifestEntrySerializer}). */
  static final int MANIFEST_ENTRY_VERSION = 2;

  /** {@code _VERSION} of manifest list records (Paimon's {@code ManifestFileMetaSerializer}). */
  static final int MANIFEST_LIST_VERSION = 2;

  /** {@code _VERSION} of index manifest entries (Paimon's {@code IndexManifestEntrySerializer}). */
  static final int INDEX_MANIFEST_VERSION = 1;

  /** The namespace of every record Paimon Java writes. */
  static final String NAMESPACE = "org.apache.paimon.avro.generated";

  /** The name of the top-level record; nested records append {@code _<field name>}. */
  static final String TOP_RECORD = "record";

  /** One record per manifest file named by a manifest list. */
  static final Schema MANIFEST_LIST = manifestList();

  /** One record per file change in a manifest. */
  static final Schema MANIFEST_ENTRY = manifestEntry();

  /** One record per index file in an index manifest. */
  static final Schema INDEX_MANIFEST_ENTRY = indexManifestEntry();

  private PaimonAvroSchemas() {}

  private static Schema manifestList() {
    Fields f = new Fields();
    f.required("_VERSION", intType());
    f.required("_FILE_NAME", string());
    f.required("_FILE_SIZE", longType());
    f.required("_NUM_ADDED_FILES", longType());
    f.required("_NUM_DELETED_FILES", longType());
    f.required("_PARTITION_STATS", simpleStats(TOP_RECORD + "__PARTITION_STATS"));
    f.required("_SCHEMA_ID", longType());
    f.nullable("_MIN_BUCKET", intType());
    f.nullable("_MAX_BUCKET", intType());
    f.nullable("_MIN_LEVEL", intType());
    f.nullable("_MAX_LEVEL", intType());
    f.nullable("_MIN_ROW_ID", longType());
    f.nullable("_MAX_ROW_ID", longType());
    return f.record(TOP_RECORD);
  }

  private static Schema manifestEntry() {
    Fields f = new Fields();
    f.required("_VERSION", intType());
    // Paimon's _KIND is a TINYINT, which its Avro mapping widens to int.
    f.required("_KIND", intType());
    f.required("_PARTITION", bytes());
    f.required("_BUCKET", intType());
    f.required("_TOTAL_BUCKETS", intType());
    f.required("_FILE", dataFileMeta(TOP_RECORD + "__FILE"));
    return f.record(TOP_RECORD);
  }

  private static Schema dataFileMeta(String name) {
    Fields f = new Fields();
    f.required("_FILE_NAME", string());
    f.required("_FILE_SIZE", longType());
    f.required("_ROW_COUNT", longType());
    f.required("_MIN_KEY", bytes());
    f.required("_MAX_KEY", bytes());
    f.required("_KEY_STATS", simpleStats(name + "__KEY_STATS"));
    f.required("_VALUE_STATS", simpleStats(name + "__VALUE_STATS"));
    f.required("_MIN_SEQUENCE_NUMBER", longType());
    f.required("_MAX_SEQUENCE_NUMBER", longType());
    f.required("_SCHEMA_ID", longType());
    f.required("_LEVEL", intType());
    f.required("_EXTRA_FILES", Schema.createArray(string()));
    // A TIMESTAMP(3) column: Paimon maps precision <= 3 to long timestamp-millis.
    f.nullable("_CREATION_TIME", LogicalTypes.timestampMillis().addToSchema(longType()));
    f.nullable("_DELETE_ROW_COUNT", longType());
    f.nullable("_EMBEDDED_FILE_INDEX", bytes());
    f.nullable("_FILE_SOURCE", intType());
    f.nullable("_VALUE_STATS_COLS", Schema.createArray(string()));
    f.nullable("_EXTERNAL_PATH", string());
    f.nullable("_FIRST_ROW_ID", longType());
    f.nullable("_WRITE_COLS", Schema.createArray(string()));
    return f.record(name);
  }

  private static Schema simpleStats(String name) {
    Fields f = new Fields();
    f.required("_MIN_VALUES", bytes());
    f.required("_MAX_VALUES", bytes());
    f.nullable("_NULL_COUNTS", Schema.createArray(nullable(longType())));
    return f.record(name);
  }

  private static Schema indexManifestEntry() {
    Fields f = new Fields();
    f.required("_VERSION", intType());
    f.required("_KIND", intType());
    f.required("_PARTITION", bytes());
    f.required("_BUCKET", intType());
    f.required("_INDEX_TYPE", string());
    f.required("_FILE_NAME", string());
    f.required("_FILE_SIZE", longType());
    f.required("_ROW_COUNT", longType());
    // Paimon's row type makes the array's elements nullable too; arrays pass their field's record
    // name on to their element, so the element record has no extra suffix.
    f.nullable(
        "_DELETIONS_VECTORS_RANGES",
        Schema.createArray(
            nullable(deletionVectorRange(TOP_RECORD + "__DELETIONS_VECTORS_RANGES"))));
    f.nullable("_EXTERNAL_PATH", string());
    f.nullable("_GLOBAL_INDEX", globalIndex(TOP_RECORD + "__GLOBAL_INDEX"));
    return f.record(TOP_RECORD);
  }

  private static Schema deletionVectorRange(String name) {
    Fields f = new Fields();
    f.required("f0", string());
    f.required("f1", intType());
    f.required("f2", intType());
    f.nullable("_CARDINALITY", longType());
    return f.record(name);
  }

  private static Schema globalIndex(String name) {
    Fields f = new Fields();
    f.required("_ROW_RANGE_START", longType());
    f.required("_ROW_RANGE_END", longType());
    f.required("_INDEX_FIELD_ID", intType());
    f.nullable("_EXTRA_FIELD_IDS", Schema.createArray(intType()));
    f.nullable("_INDEX_META", bytes());
    return f.record(name);
  }

  private static Schema intType() {
    return Schema.create(Schema.Type.INT);
  }

  private static Schema longType() {
    return Schema.create(Schema.Type.LONG);
  }

  private static Schema string() {
    return Schema.create(Schema.Type.STRING);
  }

  private static Schema bytes() {
    return Schema.create(Schema.Type.BYTES);
  }

  private static Schema nullable(Schema type) {
    return Schema.createUnion(Schema.create(Schema.Type.NULL), type);
  }

  /** Collects the fields of one record; Avro fields cannot be shared between records. */
  private static final class Fields {
    private final List<Schema.Field> fields = new ArrayList<>();

    void required(String name, Schema type) {
      fields.add(new Schema.Field(name, type));
    }

    void nullable(String name, Schema type) {
      fields.add(
          new Schema.Field(
              name, PaimonAvroSchemas.nullable(type), null, Schema.Field.NULL_DEFAULT_VALUE));
    }

    Schema record(String name) {
      return Schema.createRecord(name, null, NAMESPACE, false, fields);
    }
  }
}
