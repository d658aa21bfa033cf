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
package io.paimon.multimodal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class BlobDescriptorTest {

  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace(" ", ""));
  }

  // What Paimon's BlobDescriptor("s3://b/x.blob", 4, 300).serialize() writes: version 2, the
  // magic 0x424C4F4244455343 little-endian, then uri length, uri, offset, length (all LE).
  private static final String VERSION_2 =
      "02 4353454442 4f4c42 0d000000 73333a2f2f622f782e626c6f62"
          + " 0400000000000000 2c01000000000000";

  @Test
  void serializesPaimonsVersion2LayoutByteForByte() {
    byte[] bytes = new BlobDescriptor("s3://b/x.blob", 4, 300).serialize();

    assertThat(HexFormat.of().formatHex(bytes)).isEqualTo(VERSION_2.replace(" ", ""));
    assertThat(new String(bytes, 1, 8, java.nio.charset.StandardCharsets.US_ASCII))
        .isEqualTo("CSEDBOLB");
  }

  @Test
  void deserializesVersion2AndVersion1() {
    assertThat(BlobDescriptor.deserialize(hex(VERSION_2)))
        .isEqualTo(new BlobDescriptor("s3://b/x.blob", 4, 300));
    // Version 1 (Paimon before the magic): version, uri length, uri, offset, length.
    byte[] v1 = hex("01 01000000 61 0700000000000000 0900000000000000");
    assertThat(BlobDescriptor.deserialize(v1)).isEqualTo(new BlobDescriptor("a", 7, 9));
  }

  @Test
  void readsPaimonsWholeObjectDescriptorWithLengthMinusOne() {
    // Paimon's Blob.fromHttp(uri) / Blob.fromFile(io, path) describe a whole object as length -1.
    byte[] bytes = hex("02 4353454442 4f4c42 01000000 61 0000000000000000 ffffffffffffffff");

    BlobDescriptor d = BlobDescriptor.deserialize(bytes);

    assertThat(d.length()).isEqualTo(BlobDescriptor.UNKNOWN_LENGTH);
    assertThat(d.serialize()).isEqualTo(bytes);
  }

  @Test
  void rejectsLengthsBelowMinusOneAndNegativeOffsets() {
    assertThatThrownBy(() -> new BlobDescriptor("a", 0, -2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("BLOB descriptor offset must not be negative and length must be >= -1: 0, -2");
    assertThatThrownBy(() -> new BlobDescriptor("a", -1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("BLOB descriptor offset must not be negative and length must be >= -1: -1, 0");
  }

  @Test
  void rejectsMalformedBytes() {
    assertThatThrownBy(() -> BlobDescriptor.deserialize(new byte[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("empty BLOB descriptor");
    // The magic written big-endian ("BLOBDESC" on disk) is not Paimon's layout.
    byte[] bigEndianMagic = hex("02 424c4f4244455343 01000000 61" + "00".repeat(16));
    assertThatThrownBy(() -> BlobDescriptor.deserialize(bigEndianMagic))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("BLOB descriptor version 2 without the BLOBDESC magic");
    assertThatThrownBy(() -> BlobDescriptor.deserialize(hex("03")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown BLOB descriptor version 3");
    String full = VERSION_2.replace(" ", "");
    byte[] truncated = hex(full.substring(0, full.length() - 2));
    assertThatThrownBy(() -> BlobDescriptor.deserialize(truncated))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("BLOB descriptor uri length 13 does not fit its 41 bytes");
  }
}
