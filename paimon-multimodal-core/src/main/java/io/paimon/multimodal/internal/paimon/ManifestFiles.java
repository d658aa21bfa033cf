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

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;

/**
 * Reads and writes Paimon's Avro metadata files (spec §6 and §12): manifest lists ({@code
 * manifest/manifest-list-*}), manifests ({@code manifest/manifest-*}) and index manifests ({@code
 * manifest/index-manifest-*}).
 *
 * <p><b>Writers</b> emit Avro object container files with codec {@code zstandard} (level 1,
 * Paimon's default) and exactly the schemas Paimon Java 1.4.2 writes ({@link PaimonAvroSchemas}),
 * so Paimon and pypaimon read them as their own. They throw {@link NullPointerException} when a
 * component the schema requires is null.
 *
 * <p><b>Readers</b> decode with the schema embedded in the file and look fields up by name, so they
 * read what Paimon Java and pypaimon write alike: a missing optional field reads as null, unknown
 * fields are ignored, and {@code _VERSION} must be the one Paimon 1.4.2 reads (2 for manifests and
 * manifest lists, 1 for index manifests). Any malformed input, be it bad Avro, a missing required
 * field, a field of the wrong Avro type or an unknown {@code _KIND}, is a {@link
 * PaimonFormatException} whose message names {@code file} (and the record's index and the field
 * where it applies); memory and time stay proportional to the input ({@link AvroContainerReader}).
 *
 * <p>Stateless; every method is safe to call from any thread. Returned lists are unmodifiable.
 */
public final class ManifestFiles {

  /** Paimon's default {@code file.compression.zstd-level}, which its manifests use too. */
  private static final int ZSTD_LEVEL = 1;

  private ManifestFiles() {}

  /**
   * Encodes a manifest list: one record per manifest, in order.
   *
   * @return the bytes of the Avro file
   * @throws IOException if Avro fails to encode
   */
  public static byte[] writeManifestList(List<ManifestMeta> metas) throws IOException {
    return write(PaimonAvroSchemas.MANIFEST_LIST, metas, ManifestFiles::manifestMetaRecord);
  }

  /**
   * Decodes a manifest list (possibly empty, as base lists often are).
   *
   * @param file the file's name, for messages
   * @return its records, in file order
   * @throws PaimonFormatException if {@code bytes} is not a manifest list
   */
  public static List<ManifestMeta> readManifestList(byte[] bytes, String file)
      throws PaimonFormatException {
    return read(bytes, file, PaimonAvroSchemas.MANIFEST_LIST_VERSION, ManifestFiles::manifestMeta);
  }

  /**
   * Encodes a manifest: one record per file change, in order.
   *
   * @return the bytes of the Avro file
   * @throws IOException if Avro fails to encode
   */
  public static byte[] writeManifest(List<ManifestEntry> entries) throws IOException {
    return write(PaimonAvroSchemas.MANIFEST_ENTRY, entries, ManifestFiles::manifestEntryRecord);
  }

  /**
   * Decodes a manifest.
   *
   * @param file the file's name, for messages
   * @return its entries, in file order
   * @throws PaimonFormatException if {@code bytes} is not a manifest
   */
  public static List<ManifestEntry> readManifest(byte[] bytes, String file)
      throws PaimonFormatException {
    return read(
        bytes, file, PaimonAvroSchemas.MANIFEST_ENTRY_VERSION, ManifestFiles::manifestEntry);
  }

  /**
   * Encodes an index manifest: one record per index file, in order.
   *
   * @return the bytes of the Avro file
   * @throws IOException if Avro fails to encode
   */
  public static byte[] writeIndexManifest(List<IndexManifestEntry> entries) throws IOException {
    return write(PaimonAvroSchemas.INDEX_MANIFEST_ENTRY, entries, ManifestFiles::indexEntryRecord);
  }

  /**
   * Decodes an index manifest, including entries of index types the caller may not know.
   *
   * @param file the file's name, for messages
   * @return its entries, in file order
   * @throws PaimonFormatException if {@code bytes} is not an index manifest
   */
  public static List<IndexManifestEntry> readIndexManifest(byte[] bytes, String file)
      throws PaimonFormatException {
    return read(bytes, file, PaimonAvroSchemas.INDEX_MANIFEST_VERSION, ManifestFiles::indexEntry);
  }

  // ---- reading ----

  private interface Decoder<T> {
    T decode(RecordFields record) throws PaimonFormatException;
  }

  private static <T> List<T> read(byte[] bytes, String file, int version, Decoder<T> decoder)
      throws PaimonFormatException {
    requireNonNull(bytes, "bytes");
    List<GenericRecord> records = AvroContainerReader.read(bytes, file).records();
    List<T> out = new ArrayList<>(records.size());
    for (int i = 0; i < records.size(); i++) {
      RecordFields r = new RecordFields(records.get(i), file, i);
      int v = r.requiredInt("_VERSION");
      if (v != version) {
        throw r.error("_VERSION", "version " + v + " is not supported (expected " + version + ")");
      }
      try {
        out.add(decoder.decode(r));
      } catch (RuntimeException e) {
        // RecordFields checks every type; this only keeps a slip from escaping as another type.
        throw new PaimonFormatException(file + ": record " + i + ": " + e, e);
      }
    }
    return Collections.unmodifiableList(out);
  }

  private static ManifestMeta manifestMeta(RecordFields r) throws PaimonFormatException {
    return new ManifestMeta(
        r.requiredString("_FILE_NAME"),
        r.requiredLong("_FILE_SIZE"),
        r.requiredLong("_NUM_ADDED_FILES"),
        r.requiredLong("_NUM_DELETED_FILES"),
        simpleStats(r.requiredRecord("_PARTITION_STATS")),
        r.requiredLong("_SCHEMA_ID"),
        r.optionalInt("_MIN_BUCKET"),
        r.optionalInt("_MAX_BUCKET"),
        r.optionalInt("_MIN_LEVEL"),
        r.optionalInt("_MAX_LEVEL"),
        r.optionalLong("_MIN_ROW_ID"),
        r.optionalLong("_MAX_ROW_ID"));
  }

  private static ManifestEntry manifestEntry(RecordFields r) throws PaimonFormatException {
    return new ManifestEntry(
        kind(r),
        r.requiredBytes("_PARTITION"),
        r.requiredInt("_BUCKET"),
        r.requiredInt("_TOTAL_BUCKETS"),
        dataFileMeta(r.requiredRecord("_FILE")));
  }

  private static DataFileMeta dataFileMeta(RecordFields r) throws PaimonFormatException {
    return new DataFileMeta(
        r.requiredString("_FILE_NAME"),
        r.requiredLong("_FILE_SIZE"),
        r.requiredLong("_ROW_COUNT"),
        r.requiredBytes("_MIN_KEY"),
        r.requiredBytes("_MAX_KEY"),
        simpleStats(r.requiredRecord("_KEY_STATS")),
        simpleStats(r.requiredRecord("_VALUE_STATS")),
        r.requiredLong("_MIN_SEQUENCE_NUMBER"),
        r.requiredLong("_MAX_SEQUENCE_NUMBER"),
        r.requiredLong("_SCHEMA_ID"),
        r.requiredInt("_LEVEL"),
        r.requiredStrings("_EXTRA_FILES"),
        r.optionalLong("_CREATION_TIME"),
        r.optionalLong("_DELETE_ROW_COUNT"),
        r.optionalBytes("_EMBEDDED_FILE_INDEX"),
        r.optionalInt("_FILE_SOURCE"),
        r.optionalStrings("_VALUE_STATS_COLS"),
        r.optionalString("_EXTERNAL_PATH"),
        r.optionalLong("_FIRST_ROW_ID"),
        r.optionalStrings("_WRITE_COLS"));
  }

  private static SimpleStats simpleStats(RecordFields r) throws PaimonFormatException {
    return new SimpleStats(
        r.requiredBytes("_MIN_VALUES"),
        r.requiredBytes("_MAX_VALUES"),
        r.optionalNullableLongs("_NULL_COUNTS"));
  }

  private static IndexManifestEntry indexEntry(RecordFields r) throws PaimonFormatException {
    FileKind kind = kind(r);
    byte[] partition = r.requiredBytes("_PARTITION");
    int bucket = r.requiredInt("_BUCKET");
    String indexType = r.requiredString("_INDEX_TYPE");
    String fileName = r.requiredString("_FILE_NAME");
    long fileSize = r.requiredLong("_FILE_SIZE");
    long rowCount = r.requiredLong("_ROW_COUNT");
    List<RecordFields> rangeRecords = r.optionalRecords("_DELETIONS_VECTORS_RANGES");
    List<DeletionVectorRange> ranges = null;
    if (rangeRecords != null) {
      ranges = new ArrayList<>(rangeRecords.size());
      for (RecordFields range : rangeRecords) {
        ranges.add(
            new DeletionVectorRange(
                range.requiredString("f0"),
                range.requiredInt("f1"),
                range.requiredInt("f2"),
                range.optionalLong("_CARDINALITY")));
      }
      ranges = List.copyOf(ranges);
    }
    String externalPath = r.optionalString("_EXTERNAL_PATH");
    RecordFields g = r.optionalRecord("_GLOBAL_INDEX");
    GlobalIndexMeta global =
        g == null
            ? null
            : new GlobalIndexMeta(
                g.requiredLong("_ROW_RANGE_START"),
                g.requiredLong("_ROW_RANGE_END"),
                g.requiredInt("_INDEX_FIELD_ID"),
                g.optionalInts("_EXTRA_FIELD_IDS"),
                g.optionalBytes("_INDEX_META"));
    return new IndexManifestEntry(
        kind,
        partition,
        bucket,
        indexType,
        fileName,
        fileSize,
        rowCount,
        ranges,
        externalPath,
        global);
  }

  private static FileKind kind(RecordFields r) throws PaimonFormatException {
    int code = r.requiredInt("_KIND");
    if (code != FileKind.ADD.code() && code != FileKind.DELETE.code()) {
      throw r.error("_KIND", "unknown file kind " + code);
    }
    return FileKind.of(code);
  }

  // ---- writing ----

  private static <T> byte[] write(Schema schema, List<T> items, Function<T, GenericRecord> encoder)
      throws IOException {
    requireNonNull(items, "items");
    // Encode everything first, so that a null component fails before any bytes are produced.
    List<GenericRecord> records = new ArrayList<>(items.size());
    for (T item : items) {
      records.add(encoder.apply(requireNonNull(item, "list element")));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<>(schema, AvroContainerReader.GENERIC_DATA))) {
      writer.setCodec(CodecFactory.zstandardCodec(ZSTD_LEVEL));
      writer.create(schema, out);
      for (GenericRecord record : records) {
        writer.append(record);
      }
    }
    return out.toByteArray();
  }

  private static GenericRecord manifestMetaRecord(ManifestMeta m) {
    GenericData.Record r = new GenericData.Record(PaimonAvroSchemas.MANIFEST_LIST);
    r.put("_VERSION", PaimonAvroSchemas.MANIFEST_LIST_VERSION);
    r.put("_FILE_NAME", requireNonNull(m.fileName(), "fileName"));
    r.put("_FILE_SIZE", m.fileSize());
    r.put("_NUM_ADDED_FILES", m.numAddedFiles());
    r.put("_NUM_DELETED_FILES", m.numDeletedFiles());
    r.put("_PARTITION_STATS", statsRecord(r, "_PARTITION_STATS", m.partitionStats()));
    r.put("_SCHEMA_ID", m.schemaId());
    r.put("_MIN_BUCKET", m.minBucket());
    r.put("_MAX_BUCKET", m.maxBucket());
    r.put("_MIN_LEVEL", m.minLevel());
    r.put("_MAX_LEVEL", m.maxLevel());
    r.put("_MIN_ROW_ID", m.minRowId());
    r.put("_MAX_ROW_ID", m.maxRowId());
    return r;
  }

  private static GenericRecord manifestEntryRecord(ManifestEntry e) {
    GenericData.Record r = new GenericData.Record(PaimonAvroSchemas.MANIFEST_ENTRY);
    r.put("_VERSION", PaimonAvroSchemas.MANIFEST_ENTRY_VERSION);
    r.put("_KIND", requireNonNull(e.kind(), "kind").code());
    r.put("_PARTITION", bytes(e.partition(), "partition"));
    r.put("_BUCKET", e.bucket());
    r.put("_TOTAL_BUCKETS", e.totalBuckets());
    r.put("_FILE", dataFileRecord(fieldRecord(r, "_FILE"), requireNonNull(e.file(), "file")));
    return r;
  }

  private static GenericRecord dataFileRecord(GenericData.Record r, DataFileMeta f) {
    r.put("_FILE_NAME", requireNonNull(f.fileName(), "fileName"));
    r.put("_FILE_SIZE", f.fileSize());
    r.put("_ROW_COUNT", f.rowCount());
    r.put("_MIN_KEY", bytes(f.minKey(), "minKey"));
    r.put("_MAX_KEY", bytes(f.maxKey(), "maxKey"));
    r.put("_KEY_STATS", statsRecord(r, "_KEY_STATS", f.keyStats()));
    r.put("_VALUE_STATS", statsRecord(r, "_VALUE_STATS", f.valueStats()));
    r.put("_MIN_SEQUENCE_NUMBER", f.minSequenceNumber());
    r.put("_MAX_SEQUENCE_NUMBER", f.maxSequenceNumber());
    r.put("_SCHEMA_ID", f.schemaId());
    r.put("_LEVEL", f.level());
    r.put("_EXTRA_FILES", strings(requireNonNull(f.extraFiles(), "extraFiles"), "extraFiles"));
    r.put("_CREATION_TIME", f.creationTimeMillis());
    r.put("_DELETE_ROW_COUNT", f.deleteRowCount());
    r.put("_EMBEDDED_FILE_INDEX", f.embeddedIndex() == null ? null : wrap(f.embeddedIndex()));
    r.put("_FILE_SOURCE", f.fileSource());
    r.put("_VALUE_STATS_COLS", strings(f.valueStatsCols(), "valueStatsCols"));
    r.put("_EXTERNAL_PATH", f.externalPath());
    r.put("_FIRST_ROW_ID", f.firstRowId());
    r.put("_WRITE_COLS", strings(f.writeCols(), "writeCols"));
    return r;
  }

  private static GenericRecord statsRecord(GenericData.Record parent, String field, SimpleStats s) {
    requireNonNull(s, field);
    GenericData.Record r = fieldRecord(parent, field);
    r.put("_MIN_VALUES", bytes(s.minValues(), field + ".minValues"));
    r.put("_MAX_VALUES", bytes(s.maxValues(), field + ".maxValues"));
    r.put("_NULL_COUNTS", s.nullCounts() == null ? null : Arrays.asList(s.nullCounts()));
    return r;
  }

  private static GenericRecord indexEntryRecord(IndexManifestEntry e) {
    GenericData.Record r = new GenericData.Record(PaimonAvroSchemas.INDEX_MANIFEST_ENTRY);
    r.put("_VERSION", PaimonAvroSchemas.INDEX_MANIFEST_VERSION);
    r.put("_KIND", requireNonNull(e.kind(), "kind").code());
    r.put("_PARTITION", bytes(e.partition(), "partition"));
    r.put("_BUCKET", e.bucket());
    r.put("_INDEX_TYPE", requireNonNull(e.indexType(), "indexType"));
    r.put("_FILE_NAME", requireNonNull(e.fileName(), "fileName"));
    r.put("_FILE_SIZE", e.fileSize());
    r.put("_ROW_COUNT", e.rowCount());
    if (e.deletionVectorRanges() != null) {
      Schema item = nonNullBranch(arrayItems(r, "_DELETIONS_VECTORS_RANGES"));
      List<GenericRecord> ranges = new ArrayList<>();
      for (DeletionVectorRange range : e.deletionVectorRanges()) {
        requireNonNull(range, "deletionVectorRanges element");
        GenericData.Record rr = new GenericData.Record(item);
        rr.put("f0", requireNonNull(range.dataFileName(), "dataFileName"));
        rr.put("f1", range.offset());
        rr.put("f2", range.length());
        rr.put("_CARDINALITY", range.cardinality());
        ranges.add(rr);
      }
      r.put("_DELETIONS_VECTORS_RANGES", ranges);
    }
    r.put("_EXTERNAL_PATH", e.externalPath());
    GlobalIndexMeta g = e.globalIndex();
    if (g != null) {
      GenericData.Record gr = fieldRecord(r, "_GLOBAL_INDEX");
      gr.put("_ROW_RANGE_START", g.rowRangeStart());
      gr.put("_ROW_RANGE_END", g.rowRangeEnd());
      gr.put("_INDEX_FIELD_ID", g.indexFieldId());
      List<Integer> extra = null;
      if (g.extraFieldIds() != null) {
        extra = new ArrayList<>(g.extraFieldIds().length);
        for (int id : g.extraFieldIds()) {
          extra.add(id);
        }
      }
      gr.put("_EXTRA_FIELD_IDS", extra);
      gr.put("_INDEX_META", g.indexMeta() == null ? null : wrap(g.indexMeta()));
      r.put("_GLOBAL_INDEX", gr);
    }
    return r;
  }

  /** A new record of the (possibly nullable) record type of {@code parent}'s {@code field}. */
  private static GenericData.Record fieldRecord(GenericData.Record parent, String field) {
    return new GenericData.Record(nonNullBranch(parent.getSchema().getField(field).schema()));
  }

  private static Schema arrayItems(GenericData.Record parent, String field) {
    return nonNullBranch(parent.getSchema().getField(field).schema()).getElementType();
  }

  private static Schema nonNullBranch(Schema schema) {
    return schema.getType() == Schema.Type.UNION ? schema.getTypes().get(1) : schema;
  }

  private static ByteBuffer bytes(byte[] value, String name) {
    return wrap(requireNonNull(value, name));
  }

  private static ByteBuffer wrap(byte[] value) {
    return ByteBuffer.wrap(value);
  }

  /** The list itself (null stays null), after checking that no element is null. */
  private static List<String> strings(List<String> values, String name) {
    if (values != null) {
      for (String v : values) {
        requireNonNull(v, () -> name + " has a null element");
      }
    }
    return values;
  }
}
