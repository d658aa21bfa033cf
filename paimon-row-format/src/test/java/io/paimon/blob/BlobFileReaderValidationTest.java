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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Every malformed input raises {@link BlobFormatException} with the file, offset and reason. */
class BlobFileReaderValidationTest {

  /** The hand-built two-row file of {@link BlobFormatGoldenTest}: rows "hi" and "". */
  private static final String TWO_ROWS =
      "cf114e5868691200000000000000dfb7353b cf114e581000000000000000537fdf03 2403 02000000 01";

  // ---- builders

  static byte[] entry(byte[] payload) {
    ByteBuffer b = le(payload.length + 16);
    b.putInt(BlobFormat.ENTRY_MAGIC).put(payload).putLong(payload.length + 16);
    CRC32 crc = new CRC32();
    crc.update(b.array(), 0, payload.length + 12);
    return b.putInt((int) crc.getValue()).array();
  }

  /** A file of the given entry bytes and index values. */
  static byte[] file(byte[] data, long... index) {
    byte[] list = BlobIndex.encode(index, index.length);
    return le(data.length + list.length + 5)
        .put(data)
        .put(list)
        .putInt(list.length)
        .put((byte) 1)
        .array();
  }

  /** A file with one entry holding {@code payload}. */
  static byte[] oneEntry(byte[] payload) {
    return file(entry(payload), payload.length + 16);
  }

  static byte[] nested(int magic, int version, int count, byte[] data, long[][] lists) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(le(9).putInt(magic).put((byte) version).putInt(count).array());
    out.writeBytes(data);
    ByteBuffer sizes = le(4 * lists.length);
    for (long[] list : lists) {
      byte[] encoded = BlobIndex.encode(list, list.length);
      out.writeBytes(encoded);
      sizes.putInt(encoded.length);
    }
    out.writeBytes(sizes.array());
    return out.toByteArray();
  }

  static byte[] array(int count, String data, long... lengths) {
    return nested(BlobFormat.ARRAY_MAGIC, 1, count, utf8(data), new long[][] {lengths});
  }

  static byte[] map(int count, byte[] data, long[] keyLengths, long[] valueLengths) {
    return nested(BlobFormat.MAP_MAGIC, 1, count, data, new long[][] {keyLengths, valueLengths});
  }

  static ByteBuffer le(int n) {
    return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void assertOpenFails(byte[] file, long offset, String message) {
    assertFails(() -> BlobFileReader.open(new BytesInput("bad.blob", file)), offset, message);
  }

  private static void assertFails(ThrowingCallable call, long offset, String message) {
    assertThatThrownBy(call)
        .isInstanceOf(BlobFormatException.class)
        .hasMessage("bad.blob at offset " + offset + ": " + message)
        .satisfies(
            e -> {
              assertThat(((BlobFormatException) e).file()).isEqualTo("bad.blob");
              assertThat(((BlobFormatException) e).offset()).isEqualTo(offset);
            });
  }

  private static BlobFileReader open(byte[] file) throws IOException {
    return BlobFileReader.open(new BytesInput("bad.blob", file));
  }

  // ---- tail and index

  @Test
  void rejectsFilesShorterThanTheTail() {
    for (int n = 0; n < 5; n++) {
      assertOpenFails(
          new byte[n],
          0,
          "file of " + n + " bytes is shorter than the 5-byte tail (index length, version)");
    }
  }

  @Test
  void rejectsOtherVersions() {
    assertOpenFails(hex("00000000 02"), 4, "unsupported version 2, expected 1");
    assertOpenFails(hex("00000000 00"), 4, "unsupported version 0, expected 1");
  }

  @Test
  void rejectsIndexLengthsOutsideTheFile() {
    assertOpenFails(
        hex("ffffffff 01"), 0, "index length -1 does not fit the 0 bytes before the tail");
    assertOpenFails(
        hex("aa 02000000 01"), 1, "index length 2 does not fit the 1 bytes before the tail");
  }

  @Test
  void rejectsMalformedVarints() {
    assertOpenFails(hex("80 01000000 01"), 0, "row index ends inside a varint");
    assertOpenFails(hex("24 80 02000000 01"), 1, "row index ends inside a varint");
    // Ten bytes whose last one carries bits beyond 64.
    assertOpenFails(
        hex("ffffffffffffffffff02 0a000000 01"), 9, "row index: varint 0 overflows 64 bits");
    // Eleven bytes: the tenth still has its continuation bit.
    assertOpenFails(
        hex("ffffffffffffffffff8100 0b000000 01"), 9, "row index: varint 0 overflows 64 bits");
  }

  @Test
  void rejectsIndexValuesThatAreNeitherSizesNorMarkers() {
    for (long v : new long[] {0, 15, -3, Long.MIN_VALUE}) {
      assertOpenFails(
          file(new byte[0], v),
          0,
          "row 0: index value "
              + v
              + " is neither an entry size >= 16 nor -1 (null) nor -2 (placeholder)");
    }
  }

  @Test
  void rejectsSizesThatDoNotAddUpToTheData() {
    assertOpenFails(
        file(new byte[0], 16),
        0,
        "row 0: entry of 16 bytes at offset 0 runs past the data, which ends at 0");
    assertOpenFails(
        file(new byte[40], 16, -1, 30),
        40,
        "row 2: entry of 30 bytes at offset 16 runs past the data, which ends at 40");
    assertOpenFails(
        file(new byte[20], 16, -2),
        16,
        "the index's entries take 16 bytes but the data before the index holds 20");
    assertOpenFails(
        file(new byte[20]),
        0,
        "the index's entries take 0 bytes but the data before the index holds 20");
  }

  @Test
  void closesTheInputWhenOpeningFails() {
    BytesInput input = new BytesInput("bad.blob", hex("00000000 07"));
    assertThatThrownBy(() -> BlobFileReader.open(input)).isInstanceOf(BlobFormatException.class);
    assertThat(input.closes).isEqualTo(1);
  }

  @Test
  void closingTheReaderClosesItsInput() throws IOException {
    BytesInput input = new BytesInput("ok.blob", hex(TWO_ROWS));
    BlobFileReader reader = BlobFileReader.open(input);
    assertThat(input.closes).isZero();
    reader.close();
    assertThat(input.closes).isEqualTo(1);
  }

  // ---- entries

  @Test
  void detectsACrcMismatchNamingFileRowAndOffset() throws IOException {
    byte[] damaged = hex(TWO_ROWS);
    damaged[5] ^= 0x03; // "hi" -> "hj"
    damaged[18 + 12] ^= 0x40; // a bit of row 1's stored CRC
    try (BlobFileReader r = open(damaged)) {
      assertThatThrownBy(() -> r.read(0))
          .isInstanceOfSatisfying(
              BlobChecksumException.class,
              e -> {
                assertThat(e.row()).isEqualTo(0);
                assertThat(e.offset()).isEqualTo(0);
                assertThat(e.expectedCrc()).isEqualTo(0x3b35b7df);
                assertThat(e.actualCrc()).isEqualTo(0x02b88b1a);
              })
          .hasMessage(
              "bad.blob at offset 0: row 0: CRC32 mismatch in the entry: stored 0x3b35b7df,"
                  + " computed 0x02b88b1a");
      assertThatThrownBy(() -> r.read(1))
          .isInstanceOf(BlobChecksumException.class)
          .hasMessage(
              "bad.blob at offset 18: row 1: CRC32 mismatch in the entry: stored 0x03df7f13,"
                  + " computed 0x03df7f53");
      try (InputStream in = r.openPayload(0)) {
        assertThat(in.read()).isEqualTo('h');
        assertThat(in.read()).isEqualTo('j');
        assertThatThrownBy(in::read)
            .isInstanceOf(BlobChecksumException.class)
            .hasMessageContaining("row 0: CRC32 mismatch");
      }
      // The payload range is still known: the index is intact.
      assertThat(r.payloadRange(0)).containsExactly(4, 2);
    }
  }

  @Test
  void rejectsAWrongMagicOrSizeField() throws IOException {
    byte[] badMagic = hex(TWO_ROWS);
    badMagic[18] = 0;
    try (BlobFileReader r = open(badMagic)) {
      assertFails(() -> r.read(1), 18, "row 1: bad entry magic 0x584e1100, expected 0x584e11cf");
      assertFails(
          () -> r.openPayload(1), 18, "row 1: bad entry magic 0x584e1100, expected 0x584e11cf");
    }
    byte[] badSize = hex(TWO_ROWS);
    badSize[6] = 0x13;
    try (BlobFileReader r = open(badSize)) {
      assertFails(() -> r.read(0), 6, "row 0: entry size field says 19 bytes, the index says 18");
      try (InputStream in = r.openPayload(0)) {
        assertThat(in.readNBytes(2)).isEqualTo(utf8("hi"));
        assertFails(in::read, 6, "row 0: entry size field says 19 bytes, the index says 18");
      }
    }
  }

  @Test
  void verifiesAnEntryInsideALargerBuffer() throws BlobFormatException {
    byte[] file = hex(TWO_ROWS);
    byte[] buf = new byte[100];
    System.arraycopy(file, 0, buf, 50, 34);

    assertThat(BlobFormat.verifyEntry(buf, 50, 18, "f.blob", 0, 1000)).containsExactly(54, 2);
    assertThat(BlobFormat.verifyEntry(buf, 68, 16, "f.blob", 1, 1018)).containsExactly(72, 0);
    assertThatThrownBy(() -> BlobFormat.verifyEntry(buf, 50, 15, "f.blob", 0, 1000))
        .isInstanceOf(BlobFormatException.class)
        .hasMessage("f.blob at offset 1000: row 0: entry of 15 bytes is shorter than 16");
    assertThatThrownBy(() -> BlobFormat.verifyEntry(buf, 50, 34, "f.blob", -1, 1000))
        .isInstanceOf(BlobFormatException.class)
        .hasMessage("f.blob at offset 1022: entry size field says 16 bytes, the index says 34");
  }

  @Test
  void readingAPlaceholderOrAnUnknownRowIsAProgrammingError() throws IOException {
    try (BlobFileReader r = open(file(new byte[0], -2))) {
      assertThat(r.isPlaceholder(0)).isTrue();
      assertThat(r.entryOffset(0)).isEqualTo(-1);
      assertThatThrownBy(() -> r.read(0))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("bad.blob: row 0 is a placeholder; its value lives in another file");
      assertThatThrownBy(() -> r.read(1))
          .isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("bad.blob: row 1 is outside [0, 1)");
    }
  }

  // ---- nested payloads

  @Test
  void rejectsNestedPayloadsOfTheWrongKindOrVersion() throws IOException {
    try (BlobFileReader r = open(oneEntry(utf8("hi")))) {
      assertFails(
          () -> r.readArray(0),
          4,
          "ARRAY<BLOB> payload of 2 bytes is shorter than its 13-byte header and list sizes");
    }
    try (BlobFileReader r = open(oneEntry(array(0, "")))) {
      assertFails(
          () -> r.readMap(0, DataTypes.INT()),
          4,
          "expected a MAP<K, BLOB> payload, found an ARRAY<BLOB> payload");
    }
    try (BlobFileReader r = open(oneEntry(map(0, new byte[0], new long[0], new long[0])))) {
      assertFails(
          () -> r.readArray(0), 4, "expected an ARRAY<BLOB> payload, found a MAP<K, BLOB> payload");
    }
    try (BlobFileReader r = open(oneEntry(new byte[20]))) {
      assertFails(() -> r.readArray(0), 4, "expected an ARRAY<BLOB> payload, found magic 0x0");
    }
    byte[] v2 = nested(BlobFormat.ARRAY_MAGIC, 2, 0, new byte[0], new long[][] {{}});
    try (BlobFileReader r = open(oneEntry(v2))) {
      assertFails(() -> r.readArray(0), 8, "unsupported ARRAY<BLOB> payload version 2");
    }
    byte[] negative = nested(BlobFormat.ARRAY_MAGIC, 1, -1, new byte[0], new long[][] {{}});
    try (BlobFileReader r = open(oneEntry(negative))) {
      assertFails(() -> r.readArray(0), 9, "ARRAY<BLOB> count -1 is negative");
    }
  }

  @Test
  void rejectsArrayLengthsThatDoNotMatchTheData() throws IOException {
    try (BlobFileReader r = open(oneEntry(array(1, "abc", 2)))) {
      assertFails(
          () -> r.readArray(0), 13, "ARRAY<BLOB> lengths add up to 2 bytes but the data holds 3");
    }
    try (BlobFileReader r = open(oneEntry(array(1, "abc", 5)))) {
      assertFails(
          () -> r.readArray(0),
          16,
          "ARRAY<BLOB> values: length 5 of item 0 does not fit the 3 bytes left");
    }
    try (BlobFileReader r = open(oneEntry(array(1, "abc", -2)))) {
      assertFails(
          () -> r.readArray(0),
          16,
          "ARRAY<BLOB> values: length -2 of item 0 does not fit the 3 bytes left");
    }
    try (BlobFileReader r = open(oneEntry(array(2, "abc", 3, -1, -1)))) {
      assertFails(
          () -> r.readArray(0), 16, "ARRAY<BLOB> value lengths: 3 lengths for a count of 2");
    }
    try (BlobFileReader r = open(oneEntry(array(2, "abc", 3)))) {
      assertFails(
          () -> r.readArray(0),
          17,
          "ARRAY<BLOB> length lists of 1 bytes do not fit the 4 bytes between the header and the"
              + " list sizes or cannot hold 2 lengths");
    }
    byte[] hugeList = array(0, "");
    hugeList[hugeList.length - 4] = 0x7f;
    try (BlobFileReader r = open(oneEntry(hugeList))) {
      assertFails(
          () -> r.readArray(0),
          13,
          "ARRAY<BLOB> length lists of 127 bytes do not fit the 0 bytes between the header and"
              + " the list sizes or cannot hold 0 lengths");
    }
  }

  @Test
  void rejectsMapKeysThatDoNotDecodeOrRepeat() throws IOException {
    byte[] twice = map(2, utf8("aaxy"), new long[] {1, 1}, new long[] {1, 1});
    try (BlobFileReader r = open(oneEntry(twice))) {
      assertFails(() -> r.readMap(0, DataTypes.STRING()), 14, "MAP<K, BLOB> key a occurs twice");
    }
    byte[] twoNulls = map(2, new byte[0], new long[] {-1, -1}, new long[] {-1, -1});
    try (BlobFileReader r = open(oneEntry(twoNulls))) {
      assertFails(() -> r.readMap(0, DataTypes.INT()), 4, "MAP<K, BLOB> key null occurs twice");
    }
    byte[] bool = map(1, new byte[] {2}, new long[] {1}, new long[] {-1});
    try (BlobFileReader r = open(oneEntry(bool))) {
      assertFails(
          () -> r.readMap(0, DataTypes.BOOLEAN()), 13, "BOOLEAN key byte 2 is neither 0 nor 1");
      assertFails(
          () -> r.readMap(0, DataTypes.INT()), 13, "key of type INT takes 4 bytes, found 1");
    }
    byte[] time = map(1, le(4).putInt(86_400_000).array(), new long[] {4}, new long[] {-1});
    try (BlobFileReader r = open(oneEntry(time))) {
      assertFails(
          () -> r.readMap(0, DataTypes.TIME()), 13, "TIME key 86400000 ms is outside the day");
    }
    byte[] decimal = map(1, le(8).putLong(1000).array(), new long[] {8}, new long[] {-1});
    try (BlobFileReader r = open(oneEntry(decimal))) {
      assertFails(
          () -> r.readMap(0, DataTypes.DECIMAL(3, 1)),
          13,
          "unscaled key 1000 has more digits than DECIMAL(3, 1)");
      assertThat(r.readMap(0, DataTypes.DECIMAL(4, 1)).get(0).getKey())
          .isEqualTo(new java.math.BigDecimal("100.0"));
    }
    byte[] wide = map(1, new byte[17], new long[] {17}, new long[] {-1});
    try (BlobFileReader r = open(oneEntry(wide))) {
      assertFails(
          () -> r.readMap(0, DataTypes.DECIMAL(20, 0)),
          13,
          "key of type DECIMAL(20, 0) takes 1 to 16 bytes, found 17");
    }
    try (BlobFileReader r = open(oneEntry(bool))) {
      DataType unsupported = DataTypes.DOUBLE();
      assertThatThrownBy(() -> r.readMap(0, unsupported))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("MAP<K, BLOB> does not support key type DOUBLE; allowed:");
    }
  }

  @Test
  void rejectsMapListsThatDoNotAddUp() throws IOException {
    byte[] keysTooLong = map(1, utf8("ab"), new long[] {3}, new long[] {-1});
    try (BlobFileReader r = open(oneEntry(keysTooLong))) {
      assertFails(
          () -> r.readMap(0, DataTypes.STRING()),
          15,
          "MAP<K, BLOB> keys: length 3 of item 0 does not fit the 2 bytes left");
    }
    byte[] leftover = map(1, utf8("abc"), new long[] {1}, new long[] {1});
    try (BlobFileReader r = open(oneEntry(leftover))) {
      assertFails(
          () -> r.readMap(0, DataTypes.STRING()),
          13,
          "MAP<K, BLOB> lengths add up to 2 bytes but the data holds 3");
      assertFails(
          () -> r.nestedLayout(0, true),
          13,
          "MAP<K, BLOB> lengths add up to 2 bytes but the data holds 3");
    }
  }
}
