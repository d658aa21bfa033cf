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

import io.paimon.types.DataTypes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap.SimpleEntry;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlobFileWriterTest {

  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void rejectsColumnTypesABlobFileCannotHold() {
    assertThatThrownBy(() -> new BlobFileWriter(out, "x.blob", DataTypes.BYTES()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a .blob file holds BLOB, ARRAY<BLOB> or MAP<K, BLOB>, not BYTES");
    assertThatThrownBy(() -> new BlobFileWriter(out, "x.blob", DataTypes.ARRAY(DataTypes.BYTES())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a .blob file holds BLOB, ARRAY<BLOB> or MAP<K, BLOB>, not ARRAY<BYTES>");
    assertThatThrownBy(
            () ->
                new BlobFileWriter(
                    out, "x.blob", DataTypes.MAP(DataTypes.TIMESTAMP(3), DataTypes.BLOB())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("MAP<K, BLOB> does not support key type TIMESTAMP(3); allowed:");
  }

  @Test
  void rejectsCellsOfAnotherKind() {
    BlobFileWriter w = new BlobFileWriter(out, "x.blob", DataTypes.ARRAY(DataTypes.BLOB()));
    assertThatThrownBy(() -> w.add(new byte[1]))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("x.blob: cannot add a BLOB cell to a column of type ARRAY<BLOB>");
    assertThatThrownBy(() -> w.addMap(List.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("x.blob: cannot add a MAP cell to a column of type ARRAY<BLOB>");
    assertThat(w.rowCount()).isZero();
  }

  @Test
  void badMapKeysWriteNothingAndLeaveTheWriterUsable() throws IOException {
    BlobFileWriter w =
        new BlobFileWriter(out, "x.blob", DataTypes.MAP(DataTypes.DECIMAL(4, 2), DataTypes.BLOB()));
    List<SimpleEntry<Object, byte[]>> duplicate =
        List.of(
            new SimpleEntry<>(new BigDecimal("1.5"), utf8("a")),
            new SimpleEntry<>(new BigDecimal("1.50"), utf8("b")));
    assertThatThrownBy(() -> w.addMap(duplicate))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("x.blob: map key 1.50 occurs twice");
    assertThatThrownBy(() -> w.addMap(List.of(new SimpleEntry<>("1", utf8("a")))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("map keys of type DECIMAL(4, 2) must be BigDecimal, got java.lang.String");
    assertThatThrownBy(() -> w.addMap(List.of(new SimpleEntry<>(new BigDecimal("100"), null))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("map key 100 does not fit DECIMAL(4, 2)");
    assertThat(w.bytesWritten()).isZero();

    w.addMap(List.of(new SimpleEntry<>(new BigDecimal("1.005"), utf8("v"))));
    w.close();

    try (BlobFileReader r = BlobFileReader.open(new BytesInput("x.blob", out.toByteArray()))) {
      assertThat(r.rowCount()).isEqualTo(1);
      // Rounded half-up to the declared scale, as the .row codec does.
      assertThat(r.readMap(0, DataTypes.DECIMAL(4, 2)).get(0).getKey())
          .isEqualTo(new BigDecimal("1.01"));
    }
  }

  @Test
  void aStreamEndingEarlyFailsTheWriter() throws IOException {
    BlobFileWriter w = new BlobFileWriter(out, "x.blob", DataTypes.BLOB());
    w.add(utf8("ok"));

    assertThatThrownBy(() -> w.add(new ByteArrayInputStream(utf8("abc")), 10))
        .isInstanceOf(EOFException.class)
        .hasMessage("x.blob: payload stream ended after 3 of 10 bytes");
    assertThatThrownBy(w::addNull)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "x.blob: writer failed earlier: java.io.EOFException: x.blob: payload stream ended"
                + " after 3 of 10 bytes");
    w.close();

    // Only the first entry and the partial second one: no index, so no reader accepts it.
    assertThat(hex(out.toByteArray())).startsWith("cf114e586f6b").endsWith("cf114e58616263");
    assertThatThrownBy(() -> BlobFileReader.open(new BytesInput("x.blob", out.toByteArray())))
        .isInstanceOf(BlobFormatException.class);
  }

  @Test
  void aFailingStreamFailsTheWriter() throws IOException {
    BlobFileWriter w = new BlobFileWriter(out, "x.blob", DataTypes.BLOB());
    InputStream broken =
        new InputStream() {
          @Override
          public int read() throws IOException {
            throw new IOException("disk gone");
          }
        };
    assertThatThrownBy(() -> w.add(broken, -1))
        .isInstanceOf(IOException.class)
        .hasMessage("disk gone");
    assertThatThrownBy(() -> w.add(new byte[0]))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("x.blob: writer failed earlier: java.io.IOException: disk gone");
  }

  @Test
  void aStreamReturningZeroBytesFailsInsteadOfSpinning() {
    BlobFileWriter w = new BlobFileWriter(out, "x.blob", DataTypes.BLOB());
    InputStream stuck =
        new InputStream() {
          @Override
          public int read() {
            return 0;
          }

          @Override
          public int read(byte[] b, int off, int len) {
            return 0;
          }
        };
    assertThatThrownBy(() -> w.add(stuck, 5))
        .isInstanceOf(IOException.class)
        .hasMessage("x.blob: payload stream returned 0 bytes after 0");
  }

  @Test
  void closedWritersRefuseRowsAndCloseIsIdempotent() throws IOException {
    BlobFileWriter w = new BlobFileWriter(out, "x.blob", DataTypes.BLOB());
    w.addPlaceholder();
    w.close();
    w.close();

    assertThat(hex(out.toByteArray())).isEqualTo("03" + "01000000" + "01");
    assertThat(w.bytesWritten()).isEqualTo(6);
    assertThatThrownBy(w::addNull)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("x.blob: writer is closed");
  }

  @Test
  void rejectsNullCellsPassedAsValuesAndBadLengths() {
    BlobFileWriter w = new BlobFileWriter(out, "x.blob", DataTypes.BLOB());
    assertThatThrownBy(() -> w.add((byte[]) null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("blob (use addNull() for a null cell)");
    assertThatThrownBy(() -> w.add(new ByteArrayInputStream(new byte[0]), -2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("payload length must be -1 or >= 0, got -2");
  }

  @Test
  void createsLocalFilesAndNeverOverwrites() throws IOException {
    Path path = dir.resolve("b.blob");
    try (BlobFileWriter w = BlobFileWriter.create(path, DataTypes.BLOB())) {
      w.add(utf8("x"));
    }
    assertThat(Files.size(path)).isEqualTo(17 + 1 + 5);
    assertThatThrownBy(() -> BlobFileWriter.create(path, DataTypes.BLOB()))
        .isInstanceOf(FileAlreadyExistsException.class);
    Path rejected = dir.resolve("b.blob2");
    assertThatThrownBy(() -> BlobFileWriter.create(rejected, DataTypes.INT()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a .blob file holds BLOB, ARRAY<BLOB> or MAP<K, BLOB>, not INT");
    assertThat(rejected).as("a rejected column type creates no file").doesNotExist();
  }

  @Test
  void nestedCellsReportElementRanges() throws IOException {
    BlobFileWriter w = new BlobFileWriter(out, "x.blob", DataTypes.ARRAY(DataTypes.BLOB()));
    BlobFileWriter.NestedCell cell = w.addArray(Arrays.asList(utf8("ab"), null, utf8("c")));
    w.close();

    // Entry at 0: magic (4) | array magic (4) | version (1) | count (4) | "ab" at 13 | "c" at 15.
    assertThat(cell.payloadOffset()).isEqualTo(4);
    assertThat(cell.layout().valueOffset(0)).isEqualTo(13);
    assertThat(cell.layout().valueLength(0)).isEqualTo(2);
    assertThat(cell.layout().valueOffset(1)).isEqualTo(-1);
    assertThat(cell.layout().valueLength(1)).isEqualTo(-1);
    assertThat(cell.layout().valueOffset(2)).isEqualTo(15);
    assertThat(cell.layout().hasKeys()).isFalse();
    assertThatThrownBy(() -> cell.layout().keyOffset(0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("an ARRAY<BLOB> payload has no keys");
    // Lengths 2, -1, 1: zigzag(2) = 4, zigzag(-3) = 5, zigzag(2) = 4, list size 3.
    assertThat(cell.payloadLength()).isEqualTo(9 + 3 + 3 + 4);
  }
}
