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

import io.paimon.multimodal.internal.paimon.GoldenManifests.Golden;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our readers against the golden files written by Paimon Java 1.4.2 and pypaimon, compared field by
 * field with Apache Avro's generic reading of the same files (the {@code .avro.txt} dumps), and our
 * writers' schemas and data against Paimon Java's.
 */
class ManifestFilesGoldenTest {

  static Stream<Golden> goldenFiles() {
    return GoldenManifests.avroFiles().stream();
  }

  static Stream<Golden> paimonJavaFiles() {
    return goldenFiles().filter(Golden::writtenByPaimonJava);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void readsEveryFieldAsTheGoldenDumpShowsIt(Golden g) throws IOException {
    byte[] bytes = g.bytes();
    AvroContainerReader.Contents contents = AvroContainerReader.read(bytes, g.name());
    String rendered =
        AvroDumps.file(g.name(), contents.codec(), contents.schema(), ourFields(g, bytes));
    assertThat(rendered).isEqualTo(GoldenManifests.dump(g).get(g.name()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("paimonJavaFiles")
  void writesExactlyTheSchemaAndDataPaimonJavaWrites(Golden g) throws IOException {
    byte[] golden = g.bytes();
    byte[] ours = rewrite(g, golden);
    try (DataFileReader<GenericRecord> theirs = avro(golden);
        DataFileReader<GenericRecord> mine = avro(ours)) {
      assertThat(mine.getSchema()).isEqualTo(theirs.getSchema());
      assertThat(new String(mine.getMeta("avro.schema"), StandardCharsets.UTF_8))
          .isEqualTo(new String(theirs.getMeta("avro.schema"), StandardCharsets.UTF_8));
      assertThat(mine.getMetaString("avro.codec")).isEqualTo("zstandard");
      assertThat(mine.getMetaKeys()).containsExactlyInAnyOrderElementsOf(theirs.getMetaKeys());
      // Same schema, so Avro's generic records compare value by value.
      assertThat(records(mine)).isEqualTo(records(theirs));
    }
    assertThat(expectedSchema(g)).isEqualTo(schemaOf(golden));
  }

  @Test
  void readsTheParquetDocsManifest() throws IOException {
    List<ManifestEntry> entries =
        ManifestFiles.readManifest(
            bytes("paimon-java-1.4.2-parquet/docs/manifest-402c9753-68a5-4ef5-9050-ebfa77b1920b-0"),
            "m");
    assertThat(entries).hasSize(2);
    DataFileMeta parquet = entries.get(0).file();
    assertThat(entries.get(0).kind()).isEqualTo(FileKind.ADD);
    assertThat(entries.get(0).totalBuckets()).isEqualTo(-1);
    assertThat(parquet.fileName()).isEqualTo("data-d04bd109-ce52-4611-a52f-ae1447de5907-0.parquet");
    assertThat(parquet.fileSize()).isEqualTo(877);
    assertThat(parquet.rowCount()).isEqualTo(5);
    assertThat(parquet.firstRowId()).isEqualTo(0L);
    assertThat(parquet.writeCols()).containsExactly("id", "content", "category");
    assertThat(parquet.valueStatsCols()).isNull();
    assertThat(parquet.creationTimeMillis()).isEqualTo(1796150560036L);
    assertThat(hex(parquet.valueStats().minValues()))
        .isEqualTo(
            "00000003000000000000000000000000000000001000000020000000"
                + "6369747900000084646f63756d656e7420302061626f7574");
    assertThat(parquet.valueStats().nullCounts()).containsExactly(0L, 0L, 0L);
    assertThat(parquet.keyStats().nullCounts()).isEmpty();
    DataFileMeta blob = entries.get(1).file();
    assertThat(blob.isBlobFile()).isTrue();
    assertThat(blob.firstRowId()).isEqualTo(0L);
    assertThat(blob.writeCols()).containsExactly("image");
    assertThat(blob.valueStatsCols()).isEmpty();
  }

  @Test
  void readsManifestListsIncludingEmptyBaseLists() throws IOException {
    String dir = "paimon-java-1.4.2-parquet/docs/";
    assertThat(
            ManifestFiles.readManifestList(
                bytes(dir + "manifest-list-00e7471c-54f6-4be9-82b1-9837ca2c2623-0"), "base"))
        .isEmpty();
    List<ManifestMeta> delta =
        ManifestFiles.readManifestList(
            bytes(dir + "manifest-list-71f9ca14-f6d6-4e22-91d7-53e345044609-1"), "delta");
    assertThat(delta).hasSize(1);
    ManifestMeta m = delta.get(0);
    assertThat(m.fileName()).isEqualTo("manifest-ef36524f-6e33-4cba-ab60-8ead477ccd77-0");
    assertThat(m.fileSize()).isEqualTo(2181);
    assertThat(m.numAddedFiles()).isEqualTo(2);
    assertThat(m.numDeletedFiles()).isZero();
    assertThat(m.minBucket()).isZero();
    assertThat(m.minRowId()).isEqualTo(5L);
    assertThat(m.maxRowId()).isEqualTo(7L);
  }

  @Test
  void readsPartitionsAndPypaimonsListsWithoutBucketFields() throws IOException {
    List<ManifestEntry> events =
        ManifestFiles.readManifest(
            bytes(
                "paimon-java-1.4.2-parquet/events/manifest-13058425-f05f-4d90-8de5-2a33ccd7f37d-0"),
            "m");
    assertThat(hex(events.get(0).partition()))
        .isEqualTo("0000000100000000000000006369747900000084");
    assertThat(events.get(0).file().writeCols()).isNull();

    List<ManifestMeta> py =
        ManifestFiles.readManifestList(
            bytes("pypaimon-2.x-parquet/docs/manifest-list-2d87d947-9f1f-4bc5-9d53-2a58b733198c-1"),
            "py");
    assertThat(py).isNotEmpty();
    assertThat(py.get(0).minBucket()).isNull();
    assertThat(py.get(0).maxLevel()).isNull();
    assertThat(py.get(0).minRowId()).isNotNull();
  }

  @Test
  void readsPaimonsIndexManifest() throws IOException {
    List<IndexManifestEntry> entries =
        ManifestFiles.readIndexManifest(bytes("index/index-manifest-golden-0"), "im");
    assertThat(entries).hasSize(6);
    IndexManifestEntry dv = entries.get(0);
    assertThat(dv.indexType()).isEqualTo(IndexManifestEntry.DELETION_VECTORS);
    assertThat(dv.fileName()).isEqualTo("index-dv32-0");
    assertThat(dv.rowCount()).isEqualTo(4);
    assertThat(dv.deletionVectorRanges())
        .containsExactly(
            new DeletionVectorRange("data-a-0.parquet", 1, 26, 3L),
            new DeletionVectorRange("data-b-0.parquet", 35, 19, 49000L),
            new DeletionVectorRange("data-c-0.parquet", 62, 8212, 10000L),
            new DeletionVectorRange("data-d-0.parquet", 8282, 42, 3L));
    assertThat(dv.globalIndex()).isNull();
    assertThat(hex(entries.get(1).partition()))
        .isEqualTo("0000000100000000000000006369747900000084");
    IndexManifestEntry hash = entries.get(2);
    assertThat(hash.kind()).isEqualTo(FileKind.DELETE);
    assertThat(hash.bucket()).isEqualTo(3);
    assertThat(hash.deletionVectorRanges()).isNull();
    assertThat(hash.externalPath()).isEqualTo("oss://bucket/t/index/index-hash-0");
    GlobalIndexMeta btree = entries.get(3).globalIndex();
    assertThat(btree.rowRangeStart()).isZero();
    assertThat(btree.rowRangeEnd()).isEqualTo(99);
    assertThat(btree.indexFieldId()).isEqualTo(2);
    assertThat(btree.extraFieldIds()).containsExactly(3, 4);
    assertThat(btree.indexMeta()).containsExactly(1, 2, 3);
    assertThat(entries.get(4).globalIndex().extraFieldIds()).isNull();
    assertThat(entries.get(4).globalIndex().indexMeta()).isNull();
    assertThat(entries.get(5).deletionVectorRanges().get(0).cardinality()).isNull();
  }

  @Test
  void theSchemaConstantsAreWhatPaimonJavaWrites() throws IOException {
    Schema list =
        schemaOf(
            bytes(
                "paimon-java-1.4.2-row/docs/manifest-list-8f8aa0c2-5f8f-491f-b0ac-268ab6dc4a5c-1"));
    Schema manifest =
        schemaOf(
            bytes("paimon-java-1.4.2-row/docs/manifest-09809583-cdb9-4616-8bec-2b893ef299a0-0"));
    Schema index = schemaOf(bytes("index/index-manifest-golden-0"));
    assertThat(PaimonAvroSchemas.MANIFEST_LIST.toString()).isEqualTo(list.toString());
    assertThat(PaimonAvroSchemas.MANIFEST_ENTRY.toString()).isEqualTo(manifest.toString());
    assertThat(PaimonAvroSchemas.INDEX_MANIFEST_ENTRY.toString()).isEqualTo(index.toString());
  }

  private static List<Map<String, Object>> ourFields(Golden g, byte[] bytes)
      throws PaimonFormatException {
    if (g.isManifestList()) {
      return ManifestFiles.readManifestList(bytes, g.name()).stream()
          .map(AvroDumps::fields)
          .toList();
    } else if (g.isIndexManifest()) {
      return ManifestFiles.readIndexManifest(bytes, g.name()).stream()
          .map(AvroDumps::fields)
          .toList();
    }
    return ManifestFiles.readManifest(bytes, g.name()).stream().map(AvroDumps::fields).toList();
  }

  private static byte[] rewrite(Golden g, byte[] bytes) throws IOException {
    if (g.isManifestList()) {
      return ManifestFiles.writeManifestList(ManifestFiles.readManifestList(bytes, g.name()));
    } else if (g.isIndexManifest()) {
      return ManifestFiles.writeIndexManifest(ManifestFiles.readIndexManifest(bytes, g.name()));
    }
    return ManifestFiles.writeManifest(ManifestFiles.readManifest(bytes, g.name()));
  }

  private static Schema expectedSchema(Golden g) {
    if (g.isManifestList()) {
      return PaimonAvroSchemas.MANIFEST_LIST;
    } else if (g.isIndexManifest()) {
      return PaimonAvroSchemas.INDEX_MANIFEST_ENTRY;
    }
    return PaimonAvroSchemas.MANIFEST_ENTRY;
  }

  static DataFileReader<GenericRecord> avro(byte[] bytes) throws IOException {
    return new DataFileReader<>(new SeekableByteArrayInput(bytes), new GenericDatumReader<>());
  }

  static Schema schemaOf(byte[] bytes) throws IOException {
    try (DataFileReader<GenericRecord> reader = avro(bytes)) {
      return reader.getSchema();
    }
  }

  private static List<GenericRecord> records(DataFileReader<GenericRecord> reader) {
    List<GenericRecord> out = new ArrayList<>();
    reader.forEach(out::add);
    return out;
  }

  static byte[] bytes(String relative) throws IOException {
    return java.nio.file.Files.readAllBytes(GoldenManifests.root().resolve(relative));
  }

  static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }
}
