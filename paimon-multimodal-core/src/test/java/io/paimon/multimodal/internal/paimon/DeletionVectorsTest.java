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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * Deletion-vectors index files: files written by Paimon 1.4.2 (32-bit and 64-bit, see {@code
 * src/test/resources/paimon-manifests/README.md}), hand-built bytes, round trips, and malformed
 * vectors.
 */
class DeletionVectorsTest {

  private static final String FILE = "index-file";

  /** The vectors Paimon wrote into {@code index-dv32-0} and {@code index-dv64-0}. */
  static Map<String, RoaringBitmap> paimonVectors() {
    Map<String, RoaringBitmap> v = new LinkedHashMap<>();
    v.put("data-a-0.parquet", RoaringBitmap.bitmapOf(0, 3, 5));
    v.put("data-b-0.parquet", RoaringBitmap.bitmapOfRange(1000, 50000));
    RoaringBitmap even = new RoaringBitmap();
    for (int p = 70000; p < 90000; p += 2) {
      even.add(p);
    }
    v.put("data-c-0.parquet", even);
    v.put("data-d-0.parquet", RoaringBitmap.bitmapOf(7, 65536 * 3 + 1, Integer.MAX_VALUE));
    return v;
  }

  @Test
  void readsPaimons32BitVectors() throws IOException {
    Map<String, RoaringBitmap> read =
        DeletionVectors.read(indexFile("index-dv32-0"), ranges(0), FILE);
    assertThat(read).containsExactlyEntriesOf(paimonVectors());
  }

  @Test
  void readsPaimons64BitVectors() throws IOException {
    Map<String, RoaringBitmap> read =
        DeletionVectors.read(indexFile("index-dv64-0"), ranges(1), FILE);
    assertThat(read).containsExactlyEntriesOf(paimonVectors());
  }

  @Test
  void rejects64BitPositionsThatDoNotFitAnInt() throws IOException {
    // Paimon wrote {1, 2^31, 2^33 + 7}: keys 0, 1 (empty) and 2.
    List<DeletionVectorRange> ranges =
        List.of(new DeletionVectorRange("data-e-0.parquet", 1, 86, 3L));
    assertFails(
        () -> DeletionVectors.read(indexFile("index-dv64-big-0"), ranges, FILE),
        "deletion vector of data-e-0.parquet: position at or over 2^32 (key 2)");
  }

  @Test
  void writesTheBytesPaimonWrites() throws IOException {
    List<DeletionVectorRange> ranges = new ArrayList<>();
    byte[] ours = DeletionVectors.write(paimonVectors(), ranges);
    assertThat(ours).isEqualTo(indexFile("index-dv32-0"));
    assertThat(ranges).isEqualTo(ranges(0));
  }

  @Test
  void readsHandBuiltVectors() throws PaimonFormatException {
    // 32-bit: no-run cookie 12346, one container: key 0, cardinality 2, offset 16; values 1, 5.
    byte[] bitmap = le("3a300000", "01000000", "0000", "0100", "10000000", "0100", "0500");
    byte[] file = concat(new byte[] {1}, frame32(bitmap));
    assertThat(
            DeletionVectors.read(
                file, List.of(new DeletionVectorRange("f", 1, 4 + bitmap.length, 2L)), FILE))
        .containsExactly(Map.entry("f", RoaringBitmap.bitmapOf(1, 5)));

    // 64-bit: two bitmaps, key 0 holding {1, 5} and key 1 empty (cookie 12346, no containers).
    byte[] bitmap64 =
        concat(le("0200000000000000", "00000000"), bitmap, le("01000000", "3a300000", "00000000"));
    byte[] file64 = concat(new byte[] {1}, frame64(bitmap64));
    assertThat(
            DeletionVectors.read(
                file64,
                List.of(new DeletionVectorRange("g", 1, 4 + 4 + bitmap64.length + 4, null)),
                FILE))
        .containsExactly(Map.entry("g", RoaringBitmap.bitmapOf(1, 5)));
  }

  @Test
  void roundTripsRandomBitmaps() throws PaimonFormatException {
    for (int seed = 0; seed < 50; seed++) {
      Random rnd = new Random(seed);
      Map<String, RoaringBitmap> vectors = new LinkedHashMap<>();
      for (int f = rnd.nextInt(5); f >= 0; f--) {
        vectors.put("data-" + seed + "-" + f + ".parquet", randomBitmap(rnd));
      }
      List<DeletionVectorRange> ranges =
          new ArrayList<>(List.of(new DeletionVectorRange("x", 0, 0, 0L)));
      byte[] file = DeletionVectors.write(vectors, ranges);
      assertThat(ranges).hasSize(vectors.size() + 1);
      assertThat(DeletionVectors.read(file, ranges.subList(1, ranges.size()), FILE))
          .as("seed %d", seed)
          .containsExactlyEntriesOf(vectors);
    }
  }

  @Test
  void writeLeavesTheBitmapsAndTheRangesAloneOnFailure() {
    RoaringBitmap runs = RoaringBitmap.bitmapOf(1, 2, 3, 4, 5, 6);
    RoaringBitmap before = runs.clone();
    Map<String, RoaringBitmap> vectors = new LinkedHashMap<>();
    vectors.put("ok", runs);
    vectors.put("negative", RoaringBitmap.bitmapOf(-1));
    List<DeletionVectorRange> ranges = new ArrayList<>();
    assertThatThrownBy(() -> DeletionVectors.write(vectors, ranges))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("negative: position 4294967295 exceeds 2^31 - 1");
    assertThat(ranges).isEmpty();
    assertThat(runs.hasRunCompression()).isFalse();
    assertThat(runs).isEqualTo(before);
    assertThat(DeletionVectors.write(Map.of(), ranges)).containsExactly(1);
  }

  @Test
  void rejectsMalformedFilesAndRanges() throws PaimonFormatException {
    List<DeletionVectorRange> ranges = new ArrayList<>();
    Map<String, RoaringBitmap> one = Map.of("f", RoaringBitmap.bitmapOf(1, 5));
    byte[] file = DeletionVectors.write(one, ranges);
    DeletionVectorRange r = ranges.get(0);

    assertFails(() -> DeletionVectors.read(new byte[0], ranges, FILE), "version missing");
    byte[] version = file.clone();
    version[0] = 2;
    assertFails(() -> DeletionVectors.read(version, ranges, FILE), "version 2, expected 1");
    assertFails(
        () -> DeletionVectors.read(file, List.of(range(r, r.offset() + 100, r.length())), FILE),
        "offset 101 outside the file");
    assertFails(
        () -> DeletionVectors.read(file, List.of(range(r, 0, r.length())), FILE),
        "offset 0 outside the file");
    assertFails(
        () -> DeletionVectors.read(file, List.of(range(r, r.offset(), r.length() + 1)), FILE),
        "length field " + r.length() + ", expected " + (r.length() + 1) + " from its range");
    assertFails(
        () ->
            DeletionVectors.read(
                file, List.of(new DeletionVectorRange("f", 1, r.length(), 3L)), FILE),
        "holds 2 positions, its range says 3");
    assertFails(
        () -> DeletionVectors.read(file, List.of(r, r), FILE), "two deletion vectors for f");
    assertFails(
        () -> DeletionVectors.read(file, java.util.Arrays.asList((DeletionVectorRange) null), FILE),
        "range 0 has no file");
    byte[] crc = file.clone();
    crc[crc.length - 1] ^= 1;
    assertFails(() -> DeletionVectors.read(crc, ranges, FILE), "CRC");
    byte[] magic = file.clone();
    magic[5] ^= 1;
    assertFails(() -> DeletionVectors.read(magic, ranges, FILE), "unknown magic");
    assertFails(
        () -> DeletionVectors.read(java.util.Arrays.copyOf(file, file.length - 1), ranges, FILE),
        "do not fit the file's");
  }

  @Test
  void rejectsInvalidBitmapsEvenWithAValidCrc() throws PaimonFormatException {
    String[][] bad = {
      // values not ascending
      {"3a300000", "01000000", "0000", "0100", "10000000", "0500", "0100"},
      // header cardinality 3, two values follow
      {"3a300000", "01000000", "0000", "0200", "10000000", "0100", "0500"},
      // keys not ascending
      {
        "3a300000",
        "02000000",
        "0100",
        "0000",
        "0000",
        "0000",
        "18000000",
        "1a000000",
        "0100",
        "0100"
      },
      // a position of 2^31 (key 0x8000)
      {"3a300000", "01000000", "0080", "0000", "10000000", "0000"},
      // one byte too many
      {"3a300000", "01000000", "0000", "0000", "10000000", "0100", "00"},
      // a run past the container's end: run cookie, one container, run [65535, +1]
      {"3b300000", "01", "0000", "0100", "0100", "ffff", "0100"},
      // not a cookie
      {"00000000", "00000000"},
      // a negative container count
      {"3a300000", "ffffffff"},
    };
    String[] messages = {
      "array container values not ascending",
      "needs 6 bytes, 4 left",
      "container keys not ascending",
      "position 2147483648 exceeds 2^31 - 1",
      "1 bytes follow the bitmap",
      "run [65535, 65536] overlaps or leaves its container",
      "not a portable RoaringBitmap",
      "container count -1 outside",
    };
    for (int i = 0; i < bad.length; i++) {
      byte[] bitmap = le(bad[i]);
      byte[] file = concat(new byte[] {1}, frame32(bitmap));
      List<DeletionVectorRange> ranges =
          List.of(new DeletionVectorRange("f", 1, 4 + bitmap.length, null));
      assertFails(() -> DeletionVectors.read(file, ranges, FILE), messages[i]);
    }
  }

  // ---- helpers ----

  static byte[] indexFile(String name) throws IOException {
    return ManifestFilesGoldenTest.bytes("index/" + name);
  }

  /** The ranges of entry {@code i} of Paimon's golden index manifest. */
  static List<DeletionVectorRange> ranges(int i) throws IOException {
    return ManifestFiles.readIndexManifest(indexFile("index-manifest-golden-0"), "im")
        .get(i)
        .deletionVectorRanges();
  }

  static RoaringBitmap randomBitmap(Random rnd) {
    RoaringBitmap b = new RoaringBitmap();
    switch (rnd.nextInt(4)) {
      case 0:
        break;
      case 1:
        for (int i = rnd.nextInt(5000); i > 0; i--) {
          b.add(rnd.nextInt(Integer.MAX_VALUE));
        }
        break;
      case 2:
        long start = rnd.nextInt(1 << 24);
        b.add(start, start + 1 + rnd.nextInt(300_000));
        break;
      default:
        int base = rnd.nextInt(1 << 20);
        for (int i = 0; i < 20_000; i++) {
          if (rnd.nextInt(3) == 0) {
            b.add(base + i);
          }
        }
    }
    return b;
  }

  private static DeletionVectorRange range(DeletionVectorRange r, int offset, int length) {
    return new DeletionVectorRange(r.dataFileName(), offset, length, r.cardinality());
  }

  private static void assertFails(ThrowingCallable read, String message) {
    assertThatThrownBy(read)
        .isInstanceOf(PaimonFormatException.class)
        .hasMessageContaining(FILE)
        .hasMessageContaining(message);
  }

  /** A 32-bit vector: BE length, BE magic, the bitmap, BE CRC of magic and bitmap. */
  static byte[] frame32(byte[] bitmap) {
    ByteBuffer magicAndBitmap = ByteBuffer.allocate(4 + bitmap.length);
    magicAndBitmap.putInt(DeletionVectors.MAGIC).put(bitmap);
    return frame(magicAndBitmap.array());
  }

  private static byte[] frame64(byte[] bitmap) {
    ByteBuffer magicAndBitmap = ByteBuffer.allocate(4 + bitmap.length);
    magicAndBitmap.order(ByteOrder.LITTLE_ENDIAN).putInt(DeletionVectors.MAGIC_64).put(bitmap);
    return frame(magicAndBitmap.array());
  }

  private static byte[] frame(byte[] magicAndBitmap) {
    CRC32 crc = new CRC32();
    crc.update(magicAndBitmap);
    return ByteBuffer.allocate(8 + magicAndBitmap.length)
        .putInt(magicAndBitmap.length)
        .put(magicAndBitmap)
        .putInt((int) crc.getValue())
        .array();
  }

  private static byte[] le(String... hex) {
    return java.util.HexFormat.of().parseHex(String.join("", hex));
  }

  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    ByteBuffer b = ByteBuffer.allocate(n);
    for (byte[] p : parts) {
      b.put(p);
    }
    return b.array();
  }
}
