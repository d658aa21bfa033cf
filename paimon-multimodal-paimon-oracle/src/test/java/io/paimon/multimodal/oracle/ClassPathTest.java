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
package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.util.ZstdVersion;
import java.io.File;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our Apache Avro 1.12.1 (core's manifests: generic datum readers and writers, container files with
 * the {@code zstandard} codec) and Paimon 1.4.2 on one class path.
 *
 * <p>What the bundle holds: its Avro 1.11.4 is relocated to {@code
 * org.apache.paimon.shade.org.apache.avro} (only {@code META-INF/maven/org.apache.avro/avro/} keeps
 * the original name), so the two Avros never meet. What they share is zstd-jni, which the bundle
 * carries unshaded (1.5.5-11, classes and natives): Paimon's shaded Avro, Avro 1.12.1 and our
 * {@code .row} codec all call {@code com.github.luben.zstd}. The module puts zstd-jni 1.5.7-28
 * before the bundle; these tests check that it wins and that all three work in one JVM.
 */
class ClassPathTest {

  @TempDir Path dir;

  private static String jarOf(Class<?> c) {
    return c.getProtectionDomain().getCodeSource().getLocation().getPath();
  }

  private static List<URL> resources(String name) throws Exception {
    return Collections.list(ClassPathTest.class.getClassLoader().getResources(name));
  }

  @Test
  void avroIsOursAndPaimonsIsRelocated() throws Exception {
    assertThat(jarOf(Schema.class)).contains("avro-1.12.1");
    assertThat(resources("org/apache/avro/Schema.class")).hasSize(1);
    Class<?> shaded = Class.forName("org.apache.paimon.shade.org.apache.avro.Schema");
    assertThat(jarOf(shaded)).contains("paimon-bundle-1.4.2");
  }

  @Test
  void zstdJniIsOurVersionAlthoughTheBundleCarriesAnother() throws Exception {
    List<URL> copies = resources("com/github/luben/zstd/Zstd.class");
    assertThat(copies).as("zstd-jni copies on the class path").hasSize(2);
    assertThat(copies.get(0).toString()).contains("zstd-jni-1.5.7-28");
    assertThat(copies.get(1).toString()).contains("paimon-bundle-1.4.2");
    assertThat(jarOf(Zstd.class)).contains("zstd-jni-1.5.7-28");
    assertThat(ZstdVersion.VERSION).isEqualTo("1.5.7-28");
    // Classes only the newer jar has must come from the same jar as the rest.
    assertThat(jarOf(Class.forName("com.github.luben.zstd.ZstdDictContentType")))
        .isEqualTo(jarOf(Zstd.class));
    byte[] data = "zstd, zstd, zstd, zstd".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    assertThat(Zstd.decompress(Zstd.compress(data), data.length)).isEqualTo(data);
  }

  private static Schema entrySchema() {
    // The shape of a manifest entry: an int version, unions with null, bytes, nested record, array.
    Schema stats =
        SchemaBuilder.record("record__FILE__VALUE_STATS")
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
    return SchemaBuilder.record("record")
        .namespace("org.apache.paimon.avro.generated")
        .fields()
        .requiredInt("_VERSION")
        .requiredString("_FILE_NAME")
        .name("_VALUE_STATS")
        .type(stats)
        .noDefault()
        .optionalLong("_FIRST_ROW_ID")
        .endRecord();
  }

  @Test
  void ourAvroWritesAndReadsZstandardContainers() throws Exception {
    Schema schema = entrySchema();
    File file = dir.resolve("entries.avro").toFile();
    List<GenericRecord> written = new ArrayList<>();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      writer.setCodec(CodecFactory.zstandardCodec(1));
      writer.create(schema, file);
      for (int i = 0; i < 500; i++) {
        GenericRecord stats = new GenericData.Record(schema.getField("_VALUE_STATS").schema());
        stats.put("_MIN_VALUES", ByteBuffer.wrap(new byte[] {(byte) i}));
        stats.put("_MAX_VALUES", ByteBuffer.wrap(new byte[] {(byte) (i + 1)}));
        stats.put("_NULL_COUNTS", i % 3 == 0 ? null : java.util.Arrays.asList(1L, null));
        GenericRecord r = new GenericData.Record(schema);
        r.put("_VERSION", 2);
        r.put("_FILE_NAME", "data-" + i + ".row");
        r.put("_VALUE_STATS", stats);
        r.put("_FIRST_ROW_ID", i % 2 == 0 ? null : (long) i);
        writer.append(r);
        written.add(r);
      }
    }
    List<GenericRecord> read = new ArrayList<>();
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(file, new GenericDatumReader<GenericRecord>())) {
      assertThat(reader.getMetaString("avro.codec")).isEqualTo("zstandard");
      reader.forEach(read::add);
    }
    assertThat(read).isEqualTo(written);
  }

  @Test
  void ourAvroReadsTheManifestsPaimonWritesInTheSameJvm() throws Exception {
    // Our Avro first, then Paimon's commit, then our Avro again on Paimon's files.
    ourAvroWritesAndReadsZstandardContainers();
    try (PaimonCatalogs paimon = PaimonCatalogs.open(dir.resolve("warehouse"))) {
      RowType type =
          new RowType(
              List.of(
                  new DataField(0, RandomTables.ID, DataTypes.BIGINT().notNull()),
                  new DataField(1, "name", DataTypes.STRING())));
      paimon.createTable("avro", type, List.of(), Map.of());
      paimon.write("avro", List.of(Map.of(RandomTables.ID, 7L, "name", "seven")));
      List<String> dataFiles =
          paimon.plannedFiles("avro").stream().map(PaimonCatalogs.PlannedFile::fileName).toList();
      List<String> named = new ArrayList<>();
      Path manifests = Path.of(paimon.warehouse(), "default.db", "avro", "manifest");
      try (Stream<Path> files = Files.list(manifests)) {
        for (Path p : files.sorted().toList()) {
          try (DataFileReader<GenericRecord> reader =
              new DataFileReader<>(p.toFile(), new GenericDatumReader<GenericRecord>())) {
            assertThat(reader.getMetaString("avro.codec")).as("%s", p).isEqualTo("zstandard");
            for (GenericRecord r : reader) {
              if (p.getFileName().toString().startsWith("manifest-")
                  && !p.getFileName().toString().startsWith("manifest-list-")) {
                GenericRecord f = (GenericRecord) r.get("_FILE");
                named.add(f.get("_FILE_NAME").toString());
                assertThat(f.get("_FIRST_ROW_ID")).isEqualTo(0L);
              }
            }
          }
        }
      }
      assertThat(named).isEqualTo(dataFiles);
      assertThat(paimon.readWithRowId("avro")).hasSize(1);
    }
  }
}
