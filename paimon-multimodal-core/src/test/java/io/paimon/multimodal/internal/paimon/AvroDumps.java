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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * Renders our decoded records in the text format of the golden {@code .avro.txt} dumps (the golden
 * tables' {@code tools/AvroDump.java}: the writer schema's fields in order, bytes as {@code hex[n]
 * ...}, arrays as {@code [a, b]}), so a test can compare every field of every record with what
 * Avro's generic reader saw.
 */
final class AvroDumps {

  private AvroDumps() {}

  /** The section of a dump for one file. */
  static String file(String name, String codec, Schema schema, List<Map<String, Object>> records) {
    StringBuilder sb = new StringBuilder("=== " + name + " codec=" + codec + "\n");
    for (Map<String, Object> r : records) {
      sb.append(record(r, schema, "")).append('\n');
    }
    return sb.toString();
  }

  static Map<String, Object> fields(ManifestMeta m) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("_VERSION", 2);
    f.put("_FILE_NAME", m.fileName());
    f.put("_FILE_SIZE", m.fileSize());
    f.put("_NUM_ADDED_FILES", m.numAddedFiles());
    f.put("_NUM_DELETED_FILES", m.numDeletedFiles());
    f.put("_PARTITION_STATS", fields(m.partitionStats()));
    f.put("_SCHEMA_ID", m.schemaId());
    f.put("_MIN_BUCKET", m.minBucket());
    f.put("_MAX_BUCKET", m.maxBucket());
    f.put("_MIN_LEVEL", m.minLevel());
    f.put("_MAX_LEVEL", m.maxLevel());
    f.put("_MIN_ROW_ID", m.minRowId());
    f.put("_MAX_ROW_ID", m.maxRowId());
    return f;
  }

  static Map<String, Object> fields(ManifestEntry e) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("_VERSION", 2);
    f.put("_KIND", e.kind().code());
    f.put("_PARTITION", e.partition());
    f.put("_BUCKET", e.bucket());
    f.put("_TOTAL_BUCKETS", e.totalBuckets());
    DataFileMeta d = e.file();
    Map<String, Object> file = new LinkedHashMap<>();
    file.put("_FILE_NAME", d.fileName());
    file.put("_FILE_SIZE", d.fileSize());
    file.put("_ROW_COUNT", d.rowCount());
    file.put("_MIN_KEY", d.minKey());
    file.put("_MAX_KEY", d.maxKey());
    file.put("_KEY_STATS", fields(d.keyStats()));
    file.put("_VALUE_STATS", fields(d.valueStats()));
    file.put("_MIN_SEQUENCE_NUMBER", d.minSequenceNumber());
    file.put("_MAX_SEQUENCE_NUMBER", d.maxSequenceNumber());
    file.put("_SCHEMA_ID", d.schemaId());
    file.put("_LEVEL", d.level());
    file.put("_EXTRA_FILES", d.extraFiles());
    file.put("_CREATION_TIME", d.creationTimeMillis());
    file.put("_DELETE_ROW_COUNT", d.deleteRowCount());
    file.put("_EMBEDDED_FILE_INDEX", d.embeddedIndex());
    file.put("_FILE_SOURCE", d.fileSource());
    file.put("_VALUE_STATS_COLS", d.valueStatsCols());
    file.put("_EXTERNAL_PATH", d.externalPath());
    file.put("_FIRST_ROW_ID", d.firstRowId());
    file.put("_WRITE_COLS", d.writeCols());
    f.put("_FILE", file);
    return f;
  }

  static Map<String, Object> fields(IndexManifestEntry e) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("_VERSION", 1);
    f.put("_KIND", e.kind().code());
    f.put("_PARTITION", e.partition());
    f.put("_BUCKET", e.bucket());
    f.put("_INDEX_TYPE", e.indexType());
    f.put("_FILE_NAME", e.fileName());
    f.put("_FILE_SIZE", e.fileSize());
    f.put("_ROW_COUNT", e.rowCount());
    List<Object> ranges = null;
    if (e.deletionVectorRanges() != null) {
      ranges = new ArrayList<>();
      for (DeletionVectorRange r : e.deletionVectorRanges()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("f0", r.dataFileName());
        m.put("f1", r.offset());
        m.put("f2", r.length());
        m.put("_CARDINALITY", r.cardinality());
        ranges.add(m);
      }
    }
    f.put("_DELETIONS_VECTORS_RANGES", ranges);
    f.put("_EXTERNAL_PATH", e.externalPath());
    GlobalIndexMeta g = e.globalIndex();
    Map<String, Object> global = null;
    if (g != null) {
      global = new LinkedHashMap<>();
      global.put("_ROW_RANGE_START", g.rowRangeStart());
      global.put("_ROW_RANGE_END", g.rowRangeEnd());
      global.put("_INDEX_FIELD_ID", g.indexFieldId());
      global.put(
          "_EXTRA_FIELD_IDS",
          g.extraFieldIds() == null ? null : Arrays.stream(g.extraFieldIds()).boxed().toList());
      global.put("_INDEX_META", g.indexMeta());
    }
    f.put("_GLOBAL_INDEX", global);
    return f;
  }

  private static Map<String, Object> fields(SimpleStats s) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("_MIN_VALUES", s.minValues());
    f.put("_MAX_VALUES", s.maxValues());
    f.put("_NULL_COUNTS", s.nullCounts() == null ? null : Arrays.asList(s.nullCounts()));
    return f;
  }

  private static String record(Map<String, Object> r, Schema schema, String indent) {
    StringBuilder sb = new StringBuilder("{\n");
    for (Schema.Field field : schema.getFields()) {
      if (!r.containsKey(field.name())) {
        throw new AssertionError("we do not model field " + field.name());
      }
      sb.append(indent)
          .append("  ")
          .append(field.name())
          .append(": ")
          .append(value(r.get(field.name()), field.schema(), indent + "  "))
          .append('\n');
    }
    return sb.append(indent).append('}').toString();
  }

  @SuppressWarnings("unchecked")
  private static String value(Object v, Schema schema, String indent) {
    if (v == null) {
      return "null";
    }
    Schema type = nonNull(schema);
    if (v instanceof Map) {
      return record((Map<String, Object>) v, type, indent);
    }
    if (v instanceof byte[]) {
      byte[] b = (byte[]) v;
      StringBuilder sb = new StringBuilder("hex[" + b.length + "] ");
      for (byte x : b) {
        sb.append(String.format("%02x", x));
      }
      return sb.toString();
    }
    if (v instanceof List) {
      List<String> items = new ArrayList<>();
      for (Object item : (List<Object>) v) {
        items.add(value(item, type.getElementType(), indent));
      }
      return items.toString();
    }
    return String.valueOf(v);
  }

  private static Schema nonNull(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    for (Schema branch : schema.getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        return branch;
      }
    }
    return schema;
  }
}
