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

import io.paimon.multimodal.internal.paimon.RandomMetadata.Nulls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Write-then-read of random records, other codecs, and schemas other writers produce. */
class ManifestFilesRoundTripTest {

  private static final int ROUNDS = 20;

  @ParameterizedTest
  @EnumSource(Nulls.class)
  void roundTripsRandomManifestLists(Nulls nulls) throws IOException {
    for (int seed = 0; seed < ROUNDS; seed++) {
      List<ManifestMeta> metas = new RandomMetadata(new Random(seed), nulls).manifestMetas(seed);
      List<ManifestMeta> back =
          ManifestFiles.readManifestList(ManifestFiles.writeManifestList(metas), "list");
      assertSameRecords(back, metas, "seed " + seed);
    }
  }

  @ParameterizedTest
  @EnumSource(Nulls.class)
  void roundTripsRandomManifests(Nulls nulls) throws IOException {
    for (int seed = 0; seed < ROUNDS; seed++) {
      List<ManifestEntry> entries =
          new RandomMetadata(new Random(seed), nulls).manifestEntries(seed);
      List<ManifestEntry> back =
          ManifestFiles.readManifest(ManifestFiles.writeManifest(entries), "manifest");
      assertSameRecords(back, entries, "seed " + seed);
    }
  }

  @ParameterizedTest
  @EnumSource(Nulls.class)
  void roundTripsRandomIndexManifests(Nulls nulls) throws IOException {
    for (int seed = 0; seed < ROUNDS; seed++) {
      List<IndexManifestEntry> entries =
          new RandomMetadata(new Random(seed), nulls).indexEntries(seed);
      List<IndexManifestEntry> back =
          ManifestFiles.readIndexManifest(ManifestFiles.writeIndexManifest(entries), "index");
      assertSameRecords(back, entries, "seed " + seed);
    }
  }

  @Test
  void roundTripsManyEntriesOverSeveralBlocks() throws IOException {
    List<ManifestEntry> entries =
        new RandomMetadata(new Random(7), Nulls.MIXED).manifestEntries(1_000);
    byte[] file = ManifestFiles.writeManifest(entries);
    assertThat(blocks(file)).isGreaterThan(1);
    long start = System.nanoTime();
    List<ManifestEntry> back = ManifestFiles.readManifest(file, "big");
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(millis).as("read of %d bytes took %d ms", file.length, millis).isLessThan(5_000);
    assertSameRecords(back, entries, "1000 entries");
  }

  @Test
  void readsTheNullAndDeflateCodecs() throws IOException {
    List<ManifestMeta> metas = new RandomMetadata(new Random(3), Nulls.MIXED).manifestMetas(50);
    byte[] zstd = ManifestFiles.writeManifestList(metas);
    for (CodecFactory codec : List.of(CodecFactory.nullCodec(), CodecFactory.deflateCodec(6))) {
      byte[] other = recode(zstd, codec);
      assertThat(ManifestFiles.readManifestList(other, "list"))
          .as("%s", codec)
          .usingRecursiveComparison()
          .isEqualTo(metas);
    }
  }

  @Test
  void readsByNameAcrossRecordNamesMissingOptionalFieldsUnknownFieldsAndIntForLong()
      throws IOException {
    // Like pypaimon's list: other record names, no bucket or level fields; plus fields of every
    // other Avro type that we must skip, and an int where Paimon writes a long.
    Schema stats =
        SchemaBuilder.record("record_PARTITION_STATS")
            .fields()
            .requiredBytes("_MIN_VALUES")
            .requiredBytes("_MAX_VALUES")
            .name("_NULL_COUNTS")
            .type()
            .nullable()
            .array()
            .items()
            .nullable()
            .longType()
            .noDefault()
            .endRecord();
    Schema schema =
        SchemaBuilder.record("ManifestFileMeta")
            .fields()
            .requiredInt("_VERSION")
            .name("_UNKNOWN_MAP")
            .type()
            .map()
            .values()
            .doubleType()
            .noDefault()
            .requiredString("_FILE_NAME")
            .requiredInt("_FILE_SIZE")
            .requiredLong("_NUM_ADDED_FILES")
            .requiredLong("_NUM_DELETED_FILES")
            .name("_UNKNOWN_ENUM")
            .type()
            .enumeration("Color")
            .symbols("RED", "GREEN")
            .noDefault()
            .name("_PARTITION_STATS")
            .type(stats)
            .noDefault()
            .name("_UNKNOWN_FIXED")
            .type()
            .fixed("Four")
            .size(4)
            .noDefault()
            .requiredLong("_SCHEMA_ID")
            .optionalLong("_MIN_ROW_ID")
            .optionalLong("_MAX_ROW_ID")
            .requiredBoolean("_UNKNOWN_BOOLEAN")
            .requiredFloat("_UNKNOWN_FLOAT")
            .endRecord();
    GenericRecord s = new GenericData.Record(stats);
    s.put("_MIN_VALUES", ByteBuffer.wrap(SimpleStats.EMPTY_ROW));
    s.put("_MAX_VALUES", ByteBuffer.wrap(new byte[] {1, 2}));
    s.put("_NULL_COUNTS", java.util.Arrays.asList(1L, null));
    GenericRecord r = new GenericData.Record(schema);
    r.put("_VERSION", 2);
    r.put("_UNKNOWN_MAP", Map.of("a", 1.5));
    r.put("_FILE_NAME", "manifest-1");
    r.put("_FILE_SIZE", 1234);
    r.put("_NUM_ADDED_FILES", 3L);
    r.put("_NUM_DELETED_FILES", 1L);
    r.put(
        "_UNKNOWN_ENUM",
        new GenericData.EnumSymbol(schema.getField("_UNKNOWN_ENUM").schema(), "GREEN"));
    r.put("_PARTITION_STATS", s);
    r.put(
        "_UNKNOWN_FIXED",
        new GenericData.Fixed(schema.getField("_UNKNOWN_FIXED").schema(), new byte[4]));
    r.put("_SCHEMA_ID", 9L);
    r.put("_MIN_ROW_ID", 10L);
    r.put("_MAX_ROW_ID", null);
    r.put("_UNKNOWN_BOOLEAN", true);
    r.put("_UNKNOWN_FLOAT", 2.5f);

    List<ManifestMeta> metas =
        ManifestFiles.readManifestList(
            avroFile(schema, List.of(r), CodecFactory.nullCodec()), "py");
    assertThat(metas)
        .usingRecursiveComparison()
        .isEqualTo(
            List.of(
                new ManifestMeta(
                    "manifest-1",
                    1234,
                    3,
                    1,
                    new SimpleStats(
                        SimpleStats.EMPTY_ROW, new byte[] {1, 2}, new Long[] {1L, null}),
                    9,
                    null,
                    null,
                    null,
                    null,
                    10L,
                    null)));
  }

  @Test
  void writersRejectNullRequiredComponents() {
    ManifestEntry entry = new RandomMetadata(new Random(1), Nulls.NONE).manifestEntries(1).get(0);
    ManifestEntry noPartition = new ManifestEntry(entry.kind(), null, 0, -1, entry.file());
    assertThatThrownBy(() -> ManifestFiles.writeManifest(List.of(noPartition)))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("partition");
    DataFileMeta f = entry.file();
    DataFileMeta nullExtra =
        new DataFileMeta(
            f.fileName(),
            f.fileSize(),
            f.rowCount(),
            f.minKey(),
            f.maxKey(),
            f.keyStats(),
            f.valueStats(),
            f.minSequenceNumber(),
            f.maxSequenceNumber(),
            f.schemaId(),
            f.level(),
            java.util.Arrays.asList("a", null),
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    assertThatThrownBy(() -> ManifestFiles.writeManifest(List.of(entry.withFile(nullExtra))))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("extraFiles has a null element");
  }

  /**
   * Compares element by element: AssertJ's recursive comparison of a whole list costs time
   * quadratic in its size.
   */
  static <T> void assertSameRecords(List<T> actual, List<T> expected, String what) {
    assertThat(actual).as(what).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(actual.get(i))
          .as("%s, record %d", what, i)
          .usingRecursiveComparison()
          .isEqualTo(expected.get(i));
    }
  }

  /** The number of blocks in an Avro file (each block ends with the 16-byte sync marker). */
  private static int blocks(byte[] file) throws IOException {
    int blocks = 0;
    try (DataFileReader<GenericRecord> r = ManifestFilesGoldenTest.avro(file)) {
      while (r.hasNext()) {
        r.nextBlock();
        blocks++;
      }
    }
    return blocks;
  }

  /** The records of an Avro file, decoded by Avro itself, in a mutable list. */
  static List<GenericRecord> genericRecords(byte[] file) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    try (DataFileReader<GenericRecord> r = ManifestFilesGoldenTest.avro(file)) {
      r.forEach(records::add);
    }
    return records;
  }

  private static byte[] recode(byte[] file, CodecFactory codec) throws IOException {
    List<GenericRecord> records = new ArrayList<>();
    Schema schema;
    try (DataFileReader<GenericRecord> r = ManifestFilesGoldenTest.avro(file)) {
      schema = r.getSchema();
      r.forEach(records::add);
    }
    return avroFile(schema, records, codec);
  }

  static byte[] avroFile(Schema schema, List<GenericRecord> records, CodecFactory codec)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      w.setCodec(codec);
      w.create(schema, out);
      for (GenericRecord r : records) {
        w.append(r);
      }
    }
    return out.toByteArray();
  }
}
