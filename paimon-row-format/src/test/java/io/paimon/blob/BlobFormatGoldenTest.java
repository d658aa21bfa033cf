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
package io.paimon.blob;

import static io.paimon.blob.BytesInput.hex;
import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins the byte layout: a hand-built file, a file written by Apache Paimon 1.4.2 (see {@code
 * src/test/resources/blobformat/README.md}), and the golden bytes of Apache Paimon's own tests
 * (apache/paimon {@code BlobFormatWriterTest}: testBlobGoldenBytes, testArrayBlobGoldenBytes,
 * testMapBlobGoldenBytes; apache/paimon-cpp {@code blob_file_batch_reader_test.cpp}: a Java-written
 * MAP&lt;STRING, BLOB&gt; file).
 */
class BlobFormatGoldenTest {

  // Paimon: rows "inline", "descriptor", null, placeholder.
  private static final String PAIMON_BLOB =
      "cf114e58696e6c696e6516000000000000002960c8e9"
          + "cf114e5864657363726970746f721a000000000000003f69146b"
          + "2c0835010400000001";

  // Paimon: rows [], ["inline", null, "", "descriptor"], null, placeholder.
  private static final String PAIMON_ARRAY =
      "cf114e58424342410100000000000000001d000000000000009bd49157"
          + "cf114e58424342410104000000696e6c696e6564657363726970746f72"
          + "0c0d0214040000003100000000000000d08307713a2863010400000001";

  // Paimon: rows {}, {null: null, "": "", "inline": "data", "descriptor": "descriptor"}, null,
  // placeholder.
  private static final String PAIMON_MAP =
      "cf114e584243424d010000000000000000000000002100000000000000"
          + "8360591ecf114e584243424d0104000000696e6c696e65646573637269"
          + "70746f726461746164657363726970746f7201020c080102080c040000"
          + "000400000047000000000000006c9f5981424c8f01010500000001";

  // paimon-cpp, written by Paimon Java: {alpha: "hello", empty: "", missing: null}, null, {},
  // {omega: "world"}.
  private static final String PAIMON_CPP_MAP =
      "cf114e584243424d0103000000616c706861656d7074796d697373696e676865"
          + "6c6c6f0a00040a090103000000030000003d000000000000002a64aaabcf114e"
          + "584243424d0100000000000000000000000021000000000000008360591ecf11"
          + "4e584243424d01010000006f6d656761776f726c640a0a01000000010000002d"
          + "00000000000000248fe4237a7b44180400000001";

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] write(DataType type, WriterBody body) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BlobFileWriter w = new BlobFileWriter(out, "golden.blob", type)) {
      body.accept(w);
    }
    return out.toByteArray();
  }

  private interface WriterBody {
    void accept(BlobFileWriter w) throws IOException;
  }

  @Test
  void writesTheHandBuiltTwoRowLayout() throws IOException {
    byte[] file =
        write(
            DataTypes.BLOB(),
            w -> {
              assertThat(w.add(utf8("hi"))).containsExactly(4, 2);
              assertThat(w.add(new byte[0])).containsExactly(22, 0);
            });

    assertThat(hex(file))
        .isEqualTo(
            // entry 0: magic CF 11 4E 58 | "hi" | size 18 (int64 LE) | CRC32 LE
            "cf114e58"
                + "6869"
                + "1200000000000000"
                + "dfb7353b"
                // entry 1: magic | empty payload | size 16 | CRC32
                + "cf114e58"
                + "1000000000000000"
                + "537fdf03"
                // index: zigzag(18) = 0x24, zigzag(16 - 18) = 0x03 | index length 2 | version 1
                + "2403"
                + "02000000"
                + "01");
  }

  @Test
  void readsTheHandBuiltTwoRowLayout() throws IOException {
    byte[] file =
        BytesInput.hex(
            "cf114e5868691200000000000000dfb7353b cf114e581000000000000000537fdf03 2403 02000000"
                + " 01");
    try (BlobFileReader r = BlobFileReader.open(new BytesInput("two.blob", file))) {
      assertThat(r.rowCount()).isEqualTo(2);
      assertThat(r.entryOffset(1)).isEqualTo(18);
      assertThat(r.payloadRange(0)).containsExactly(4, 2);
      assertThat(r.read(0)).isEqualTo(utf8("hi"));
      assertThat(r.read(1)).isEmpty();
    }
  }

  @Test
  void emptyFileIsIndexLengthZeroAndVersionOne() throws IOException {
    byte[] file = write(DataTypes.BLOB(), w -> {});

    assertThat(hex(file)).isEqualTo("0000000001");
    try (BlobFileReader r = BlobFileReader.open(new BytesInput("empty.blob", file))) {
      assertThat(r.rowCount()).isZero();
    }
  }

  @Test
  void writesPaimonsScalarGoldenFile() throws IOException {
    byte[] file =
        write(
            DataTypes.BLOB(),
            w -> {
              w.add(utf8("inline"));
              w.add(utf8("descriptor"));
              w.addNull();
              w.addPlaceholder();
            });

    assertThat(hex(file)).isEqualTo(PAIMON_BLOB);
  }

  @Test
  void readsPaimonsScalarGoldenFile() throws IOException {
    try (BlobFileReader r = BlobFileReader.open(new BytesInput("p.blob", hex(PAIMON_BLOB)))) {
      assertThat(r.rowCount()).isEqualTo(4);
      assertThat(r.read(0)).isEqualTo(utf8("inline"));
      assertThat(r.read(1)).isEqualTo(utf8("descriptor"));
      assertThat(r.payloadRange(1)).containsExactly(26, 10);
      assertThat(r.isNull(2)).isTrue();
      assertThat(r.read(2)).isNull();
      assertThat(r.isPlaceholder(3)).isTrue();
      assertThat(r.payloadRange(3)).isNull();
    }
  }

  private static byte[] paimon142Big() {
    byte[] big = new byte[300];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) (i * 7);
    }
    return big;
  }

  @Test
  void readsAFileWrittenByPaimon142() throws IOException {
    byte[] file;
    try (InputStream in = getClass().getResourceAsStream("/blobformat/paimon-1.4.2-scalar.blob")) {
      file = in.readAllBytes();
    }
    try (BlobFileReader r = BlobFileReader.open(new BytesInput("paimon-1.4.2.blob", file))) {
      assertThat(r.rowCount()).isEqualTo(5);
      assertThat(r.read(0)).isEqualTo(utf8("paimon"));
      assertThat(r.isNull(1)).isTrue();
      assertThat(r.read(2)).isEmpty();
      assertThat(r.read(3)).isEqualTo(paimon142Big());
      assertThat(r.payloadRange(3)).containsExactly(42, 300);
      assertThat(r.read(4)).isEqualTo(utf8("end"));
    }
  }

  @Test
  void writesTheBytesPaimon142Writes() throws IOException {
    byte[] expected;
    try (InputStream in = getClass().getResourceAsStream("/blobformat/paimon-1.4.2-scalar.blob")) {
      expected = in.readAllBytes();
    }

    byte[] file =
        write(
            DataTypes.BLOB(),
            w -> {
              w.add(utf8("paimon"));
              w.addNull();
              w.add(new byte[0]);
              w.add(paimon142Big());
              w.add(utf8("end"));
            });

    assertThat(hex(file)).isEqualTo(hex(expected));
  }

  @Test
  void writesAndReadsPaimonsArrayGoldenFile() throws IOException {
    byte[] file =
        write(
            DataTypes.ARRAY(DataTypes.BLOB()),
            w -> {
              w.addArray(List.of());
              w.addArray(Arrays.asList(utf8("inline"), null, new byte[0], utf8("descriptor")));
              w.addNull();
              w.addPlaceholder();
            });

    assertThat(hex(file)).isEqualTo(PAIMON_ARRAY);
    try (BlobFileReader r = BlobFileReader.open(new BytesInput("a.blob", file))) {
      assertThat(r.readArray(0)).isEmpty();
      assertThat(r.readArray(1))
          .containsExactly(utf8("inline"), null, new byte[0], utf8("descriptor"));
      assertThat(r.readArray(2)).isNull();
      assertThat(r.isPlaceholder(3)).isTrue();
    }
  }

  @Test
  void writesAndReadsPaimonsMapGoldenFile() throws IOException {
    List<Map.Entry<Object, byte[]>> entries = new ArrayList<>();
    entries.add(new SimpleEntry<>(null, null));
    entries.add(new SimpleEntry<>("", new byte[0]));
    entries.add(new SimpleEntry<>("inline", utf8("data")));
    entries.add(new SimpleEntry<>("descriptor", utf8("descriptor")));
    DataType type = DataTypes.MAP(DataTypes.STRING(), DataTypes.BLOB());
    byte[] file =
        write(
            type,
            w -> {
              w.addMap(List.of());
              w.addMap(entries);
              w.addNull();
              w.addPlaceholder();
            });

    assertThat(hex(file)).isEqualTo(PAIMON_MAP);
    try (BlobFileReader r = BlobFileReader.open(new BytesInput("m.blob", file))) {
      assertThat(r.readMap(0, DataTypes.STRING())).isEmpty();
      assertThat(render(r.readMap(1, DataTypes.STRING())))
          .isEqualTo("[null=null, =, inline=data, descriptor=descriptor]");
      assertThat(r.readMap(2, DataTypes.STRING())).isNull();
    }
  }

  @Test
  void writesAndReadsPaimonCppsJavaWrittenMapFile() throws IOException {
    DataType type = DataTypes.MAP(DataTypes.STRING(), DataTypes.BLOB());
    byte[] file =
        write(
            type,
            w -> {
              w.addMap(
                  List.of(
                      new SimpleEntry<>("alpha", utf8("hello")),
                      new SimpleEntry<>("empty", new byte[0]),
                      new SimpleEntry<Object, byte[]>("missing", null)));
              w.addNull();
              w.addMap(List.of());
              w.addMap(List.of(new SimpleEntry<>("omega", utf8("world"))));
            });

    assertThat(hex(file)).isEqualTo(PAIMON_CPP_MAP);
    try (BlobFileReader r = BlobFileReader.open(new BytesInput("cpp.blob", file))) {
      assertThat(render(r.readMap(0, DataTypes.VARCHAR(10))))
          .isEqualTo("[alpha=hello, empty=, missing=null]");
      assertThat(r.readMap(1, DataTypes.STRING())).isNull();
      assertThat(r.readMap(2, DataTypes.STRING())).isEmpty();
      assertThat(render(r.readMap(3, DataTypes.STRING()))).isEqualTo("[omega=world]");
    }
  }

  private static String render(List<Map.Entry<Object, byte[]>> entries) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<Object, byte[]> e : entries) {
      out.add(
          e.getKey()
              + "="
              + (e.getValue() == null ? "null" : new String(e.getValue(), StandardCharsets.UTF_8)));
    }
    return out.toString();
  }
}
