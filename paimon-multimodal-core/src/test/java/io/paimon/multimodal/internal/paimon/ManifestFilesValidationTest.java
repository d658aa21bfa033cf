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

import com.github.luben.zstd.ZstdOutputStream;
import io.paimon.multimodal.internal.paimon.RandomMetadata.Nulls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Malformed input: hostile lengths and counts that must fail without allocating what they declare,
 * broken containers, and records with missing, null or mistyped fields. Every failure is a {@link
 * PaimonFormatException} naming the file.
 */
class ManifestFilesValidationTest {

  private static final String FILE = "bad-file";

  /** What a read of a few hundred bytes may allocate: the schema, the grammar, small buffers. */
  private static final long SMALL_ALLOCATION = 16L << 20;

  private static final String LIST_SCHEMA = PaimonAvroSchemas.MANIFEST_LIST.toString();

  @Test
  void rejectsAHugeStringLengthWithoutAllocatingIt() {
    byte[] file =
        RawAvro.header(LIST_SCHEMA, "null")
            .block(1, RawAvro.data(2, Integer.MAX_VALUE - 8L))
            .bytes();
    assertFailsSmall(
        () -> ManifestFiles.readManifestList(file, FILE),
        "bad-file block 0 at byte 1: length 2147483639 outside the 0 bytes left after it");
  }

  @Test
  void rejectsAHugeBytesLengthWithoutAllocatingIt() {
    String schema = PaimonAvroSchemas.MANIFEST_ENTRY.toString();
    byte[] file = RawAvro.header(schema, "null").block(1, RawAvro.data(2, 0, 1L << 40)).bytes();
    assertFailsSmall(() -> ManifestFiles.readManifest(file, FILE), "length 1099511627776");
  }

  @Test
  void rejectsHugeArrayCountsEvenOfZeroByteItems() {
    String schema = record("{\"name\":\"a\",\"type\":{\"type\":\"array\",\"items\":\"null\"}}");
    byte[] file =
        RawAvro.header(schema, "null").block(1, RawAvro.data(2, Integer.MAX_VALUE - 8L, 0)).bytes();
    assertFailsSmall(
        () -> ManifestFiles.readManifestList(file, FILE), "block of 2147483639 items in 1 bytes");
    byte[] negative =
        RawAvro.header(schema, "null").block(1, RawAvro.data(2, Long.MIN_VALUE, 0)).bytes();
    assertFailsSmall(() -> ManifestFiles.readManifestList(negative, FILE), "invalid item count");
    // Arrays of arrays of zero-byte items: 4 bytes buy 1000 values, so the work would grow with
    // the square of the size without the walk's budget.
    String nested =
        record(
            "{\"name\":\"a\",\"type\":{\"type\":\"array\",\"items\":"
                + "{\"type\":\"array\",\"items\":\"null\"}}}");
    Object[] data = new Object[2 + 3 * 1000];
    data[0] = 2;
    for (int i = 0; i < 1000; i++) {
      data[1 + 3 * i] = 1; // one outer item in this block...
      data[2 + 3 * i] = 1000; // ...an inner array of 1000 nulls...
      data[3 + 3 * i] = 0; // ...and the inner array's end
    }
    data[data.length - 1] = 0;
    byte[] quadratic = RawAvro.header(nested, "null").block(1, RawAvro.data(data)).bytes();
    assertFailsSmall(
        () -> ManifestFiles.readManifestList(quadratic, FILE),
        "more values than the block's size allows");
  }

  @Test
  void rejectsHugeBlockSizesAndCounts() {
    byte[] size =
        RawAvro.header(LIST_SCHEMA, "null")
            .zigzag(1)
            .zigzag(Long.MAX_VALUE)
            .raw(new byte[10])
            .bytes();
    assertFailsSmall(() -> ManifestFiles.readManifestList(size, FILE), "outside the file");
    byte[] count = RawAvro.header(LIST_SCHEMA, "null").block(1L << 40, new byte[10]).bytes();
    assertFailsSmall(
        () -> ManifestFiles.readManifestList(count, FILE), "declares 1099511627776 records");
    byte[] negative = RawAvro.header(LIST_SCHEMA, "null").block(-1, new byte[0]).bytes();
    assertFailsSmall(() -> ManifestFiles.readManifestList(negative, FILE), "declares -1 records");
  }

  @Test
  void rejectsHugeMetadataLengthsAndCounts() {
    RawAvro length = new RawAvro().raw(new byte[] {'O', 'b', 'j', 1});
    length.zigzag(1).string("avro.schema").zigzag(Integer.MAX_VALUE - 8L).raw(new byte[40]);
    assertFailsSmall(() -> ManifestFiles.readManifestList(length.bytes(), FILE), "length");
    RawAvro count = new RawAvro().raw(new byte[] {'O', 'b', 'j', 1});
    count.zigzag(1L << 50).raw(new byte[40]);
    assertFailsSmall(
        () -> ManifestFiles.readManifestList(count.bytes(), FILE), "metadata entries in");
  }

  @Test
  void rejectsAHugeFixedSizeInTheWritersSchema() {
    String schema =
        record("{\"name\":\"f\",\"type\":{\"type\":\"fixed\",\"name\":\"F\",\"size\":2000000000}}");
    byte[] file = RawAvro.header(schema, "null").block(1, RawAvro.data(2, new byte[8])).bytes();
    assertFailsSmall(() -> ManifestFiles.readManifestList(file, FILE), "needs 2000000000 bytes");
  }

  @Test
  void rejectsDeeplyNestedSchemasAndData() {
    String deep = "[".repeat(100_000) + "\"int\"" + "]".repeat(100_000);
    byte[] json = RawAvro.header(record("{\"name\":\"a\",\"type\":" + deep + "}"), "null").bytes();
    assertFailsSmall(() -> ManifestFiles.readManifestList(json, FILE), "nests deeper than 128");

    // A recursive schema whose data nests 200 deep.
    String node =
        "{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"_VERSION\",\"type\":\"int\"},"
            + "{\"name\":\"next\",\"type\":[\"null\",\"Node\"]}]}";
    Object[] data = new Object[402];
    for (int i = 0; i < 200; i++) {
      data[2 * i] = 2; // _VERSION
      data[2 * i + 1] = 1; // the union's Node branch
    }
    data[400] = 2;
    data[401] = 0; // the last node's next is null
    byte[] recursive = RawAvro.header(node, "null").block(1, RawAvro.data(data)).bytes();
    assertFailsSmall(
        () -> ManifestFiles.readManifestList(recursive, FILE), "nested deeper than 64");
  }

  @Test
  void boundsZstdDecompression() throws IOException {
    // 64 MiB of zeros compress to a few kilobytes, far beyond 1024 times the file's size.
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    try (ZstdOutputStream z = new ZstdOutputStream(compressed, 3)) {
      byte[] zeros = new byte[1 << 20];
      for (int i = 0; i < 64; i++) {
        z.write(zeros);
      }
    }
    byte[] bomb =
        RawAvro.header(LIST_SCHEMA, "zstandard").block(1, compressed.toByteArray()).bytes();
    assertThat(bomb.length).isLessThan(16 << 10);
    assertFailsSmall(() -> ManifestFiles.readManifestList(bomb, FILE), "decompresses to more than");

    // A frame that asks for a 32 MiB window (window descriptor 0x78: 2^(10 + 15)), which zstd's
    // own default limit of 2^27 would allocate, then one empty raw block.
    byte[] frame = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x00, 0x78, 0x01, 0x00, 0x00};
    byte[] window = RawAvro.header(LIST_SCHEMA, "zstandard").block(0, frame).bytes();
    assertFailsSmall(() -> ManifestFiles.readManifestList(window, FILE), FILE);
  }

  @Test
  void rejectsBrokenContainers() throws IOException {
    byte[] good =
        ManifestFiles.writeManifestList(
            new RandomMetadata(new Random(1), Nulls.MIXED).manifestMetas(3));
    assertFails(() -> ManifestFiles.readManifestList(new byte[0], FILE), "no magic");
    assertFails(() -> ManifestFiles.readManifestList("not avro".getBytes(), FILE), "no magic");
    assertFails(
        () -> ManifestFiles.readManifestList(Arrays.copyOf(good, good.length - 1), FILE), FILE);
    byte[] sync = good.clone();
    sync[sync.length - 1] ^= 1;
    assertFails(() -> ManifestFiles.readManifestList(sync, FILE), "sync marker after block 0");
    byte[] trailing = RawAvro.header(LIST_SCHEMA, "null").block(0, RawAvro.data(2)).bytes();
    assertFails(
        () -> ManifestFiles.readManifestList(trailing, FILE),
        "1 bytes follow the last of the block's 0 records");
    byte[] snappy = RawAvro.header(LIST_SCHEMA, "snappy").bytes();
    assertFails(
        () -> ManifestFiles.readManifestList(snappy, FILE), "unsupported Avro codec snappy");
    byte[] notRecord = RawAvro.header("\"long\"", "null").bytes();
    assertFails(() -> ManifestFiles.readManifestList(notRecord, FILE), "not a record");
    byte[] badJson = RawAvro.header("{\"type\":", "null").bytes();
    assertFails(() -> ManifestFiles.readManifestList(badJson, FILE), "malformed Avro file");
    RawAvro noSchema = new RawAvro().raw(new byte[] {'O', 'b', 'j', 1}).zigzag(0);
    noSchema.raw(RawAvro.SYNC);
    assertFails(() -> ManifestFiles.readManifestList(noSchema.bytes(), FILE), "no avro.schema");
  }

  @Test
  void namesTheRecordAndFieldOfMissingNullOrMistypedFields() throws IOException {
    GenericRecord good = listRecords(2).get(1);

    Schema missing = without(good.getSchema(), "_FILE_NAME");
    assertFails(
        () -> read(missing, listRecords(2)),
        "bad-file: record 0: field _FILE_NAME: required field is missing");

    Schema mistyped = retyped(good.getSchema(), "_FILE_SIZE", Schema.create(Schema.Type.STRING));
    List<GenericRecord> records = listRecords(2);
    records.forEach(r -> r.put("_FILE_SIZE", "big"));
    assertFails(
        () -> read(mistyped, records),
        "bad-file: record 0: field _FILE_SIZE: expected Avro long, found string");

    Schema nullable =
        retyped(good.getSchema(), "_SCHEMA_ID", SchemaBuilder.builder().nullable().longType());
    List<GenericRecord> nulls = listRecords(2);
    nulls.get(1).put("_SCHEMA_ID", null);
    assertFails(
        () -> read(nullable, nulls),
        "bad-file: record 1: field _SCHEMA_ID: required field is null");

    List<GenericRecord> version = listRecords(1);
    version.get(0).put("_VERSION", 3);
    assertFails(
        () -> read(good.getSchema(), version),
        "field _VERSION: version 3 is not supported (expected 2)");

    Schema nested = retyped(good.getSchema(), "_PARTITION_STATS", Schema.create(Schema.Type.INT));
    List<GenericRecord> statsInt = listRecords(1);
    statsInt.get(0).put("_PARTITION_STATS", 5);
    assertFails(
        () -> read(nested, statsInt), "field _PARTITION_STATS: expected Avro record, found int");
  }

  @Test
  void namesNestedFieldsUnknownKindsAndNullElements() throws IOException {
    byte[] manifest =
        ManifestFiles.writeManifest(
            new RandomMetadata(new Random(2), Nulls.NONE).manifestEntries(1));
    List<GenericRecord> records = ManifestFilesRoundTripTest.genericRecords(manifest);
    records.get(0).put("_KIND", 7);
    assertFails(
        () -> ManifestFiles.readManifest(avro(PaimonAvroSchemas.MANIFEST_ENTRY, records), FILE),
        "bad-file: record 0: field _KIND: unknown file kind 7");

    Schema file = PaimonAvroSchemas.MANIFEST_ENTRY.getField("_FILE").schema();
    Schema nullableItems =
        retyped(
            file,
            "_EXTRA_FILES",
            SchemaBuilder.array().items(SchemaBuilder.builder().nullable().stringType()));
    Schema entry = retyped(PaimonAvroSchemas.MANIFEST_ENTRY, "_FILE", nullableItems);
    List<GenericRecord> withNull = ManifestFilesRoundTripTest.genericRecords(manifest);
    GenericRecord f = copy((GenericRecord) withNull.get(0).get("_FILE"), nullableItems);
    f.put("_EXTRA_FILES", Arrays.asList("a", null));
    withNull.get(0).put("_FILE", f);
    assertFails(
        () -> ManifestFiles.readManifest(avro(entry, withNull, true), FILE),
        "bad-file: record 0: field _FILE._EXTRA_FILES[1]: element is null");

    assertFails(
        () -> ManifestFiles.readManifestList(manifest, FILE),
        "bad-file: record 0: field _FILE_NAME: required field is missing");
  }

  // ---- helpers ----

  private static void assertFails(ThrowingCallable read, String message) {
    assertThatThrownBy(read)
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageContaining(FILE)
        .hasMessageContaining(message);
  }

  private static void assertFailsSmall(ThrowingCallable read, String message) {
    assertFails(read, message);
    long allocated = RawAvro.allocatedBy(read::call);
    assertThat(allocated).as("bytes allocated").isLessThan(SMALL_ALLOCATION);
  }

  private static String record(String field) {
    return "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"_VERSION\",\"type\":\"int\"},"
        + field
        + "]}";
  }

  private static List<GenericRecord> listRecords(int n) throws IOException {
    byte[] file =
        ManifestFiles.writeManifestList(
            new RandomMetadata(new Random(n), Nulls.MIXED).manifestMetas(n));
    return ManifestFilesRoundTripTest.genericRecords(file);
  }

  private static List<ManifestMeta> read(Schema schema, List<GenericRecord> records)
      throws IOException {
    return ManifestFiles.readManifestList(avro(schema, records, true), FILE);
  }

  private static byte[] avro(Schema schema, List<GenericRecord> records) throws IOException {
    return avro(schema, records, false);
  }

  /** Writes {@code records} with {@code schema}, copying them into it when {@code copy}. */
  private static byte[] avro(Schema schema, List<GenericRecord> records, boolean copy)
      throws IOException {
    List<GenericRecord> out = copy ? records.stream().map(r -> copy(r, schema)).toList() : records;
    return ManifestFilesRoundTripTest.avroFile(schema, out, CodecFactory.nullCodec());
  }

  private static GenericRecord copy(GenericRecord r, Schema schema) {
    GenericData.Record c = new GenericData.Record(schema);
    for (Schema.Field f : schema.getFields()) {
      c.put(f.name(), r.getSchema().getField(f.name()) == null ? null : r.get(f.name()));
    }
    return c;
  }

  private static Schema without(Schema schema, String field) {
    return rebuild(schema, field, null);
  }

  private static Schema retyped(Schema schema, String field, Schema type) {
    return rebuild(schema, field, type);
  }

  private static Schema rebuild(Schema schema, String field, Schema type) {
    List<Schema.Field> fields = new java.util.ArrayList<>();
    for (Schema.Field f : schema.getFields()) {
      if (!f.name().equals(field)) {
        fields.add(new Schema.Field(f, f.schema()));
      } else if (type != null) {
        fields.add(new Schema.Field(f.name(), type));
      }
    }
    return Schema.createRecord(
        schema.getName() + "_changed", null, schema.getNamespace(), false, fields);
  }
}
