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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.row.Row;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Blob;
import org.apache.paimon.data.BlobDescriptor;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.FileFormatFactory;
import org.apache.paimon.format.FormatReaderContext;
import org.apache.paimon.format.FormatWriter;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.FileRecordIterator;
import org.apache.paimon.reader.FileRecordReader;
import org.apache.paimon.table.SpecialFields;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.RoaringBitmap32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code row} format adapter driven directly, the way Paimon 1.4.2's core drives it: each
 * pitfall of the spec's "Oracle in CI" section in isolation.
 */
class RowFormatAdapterTest {

  private static final RowType TYPE =
      new RowType(
          List.of(
              new DataField(0, "a", DataTypes.INT()),
              new DataField(1, "b", DataTypes.STRING()),
              new DataField(2, "c", DataTypes.BIGINT().notNull())));

  @TempDir Path dir;

  private final LocalFileIO io = LocalFileIO.create();

  private static FileFormat format(Map<String, String> options) {
    return FileFormat.fromIdentifier(RowFormatFactory.IDENTIFIER, new Options(options));
  }

  private static GenericRow row(int i) {
    return GenericRow.of(
        i % 7 == 0 ? null : i, BinaryString.fromString("row " + i), (long) i * 1_000_003L);
  }

  /** A stream that records whether it was closed. */
  private static final class TrackingStream extends PositionOutputStream {
    private final PositionOutputStream out;
    boolean closed;

    TrackingStream(PositionOutputStream out) {
      this.out = out;
    }

    @Override
    public long getPos() throws IOException {
      return out.getPos();
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      closed = true;
      out.close();
    }
  }

  private org.apache.paimon.fs.Path write(
      FileFormat format, RowType type, List<? extends InternalRow> rows) throws IOException {
    org.apache.paimon.fs.Path path =
        new org.apache.paimon.fs.Path(dir.resolve("data-" + System.nanoTime() + ".row").toString());
    TrackingStream out = new TrackingStream(io.newOutputStream(path, false));
    FormatWriter writer = format.createWriterFactory(type).create(out, "zstd");
    for (InternalRow row : rows) {
      writer.addElement(row);
    }
    writer.close();
    assertThat(out.closed).as("the writer leaves Paimon's stream open").isFalse();
    out.write(new byte[0]);
    out.close();
    return path;
  }

  /** Every row of a read as Java values, with the position the iterator reported for it. */
  private record Read(long position, Map<String, Object> row) {}

  private List<Read> read(
      FileFormat format,
      RowType dataType,
      RowType projected,
      org.apache.paimon.fs.Path path,
      RoaringBitmap32 selection)
      throws IOException {
    List<Read> out = new ArrayList<>();
    long size = io.getFileSize(path);
    try (FileRecordReader<InternalRow> reader =
        format
            .createReaderFactory(dataType, projected, List.of())
            .createReader(new FormatReaderContext(io, path, size, selection))) {
      FileRecordIterator<InternalRow> batch;
      while ((batch = reader.readBatch()) != null) {
        InternalRow row;
        while ((row = batch.next()) != null) {
          out.add(new Read(batch.returnedPosition(), PaimonValues.rowToJava(row, projected)));
        }
        batch.releaseBatch();
      }
    }
    return out;
  }

  @Test
  void paimonDiscoversExactlyOneRowFactoryAndItIsOurs() {
    int rowFactories = 0;
    for (FileFormatFactory f : ServiceLoader.load(FileFormatFactory.class)) {
      if (f.identifier().equals(RowFormatFactory.IDENTIFIER)) {
        rowFactories++;
        assertThat(f).isInstanceOf(RowFormatFactory.class);
      }
    }
    assertThat(rowFactories).isEqualTo(1);
    assertThat(format(Map.of())).isInstanceOf(RowFormat.class);
  }

  @Test
  void systemFieldsAreNotDecodedAndReadAsNullAtTheirProjectedPositions() throws Exception {
    FileFormat format = format(Map.of());
    List<GenericRow> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(row(i));
    }
    org.apache.paimon.fs.Path path = write(format, TYPE, rows);
    // What Paimon 1.4.2 hands the format with row tracking on: both types end in the two fields.
    RowType dataType = SpecialFields.rowTypeWithRowTracking(TYPE, true, true);
    RowType projected =
        new RowType(
            List.of(
                dataType.getField("b"),
                dataType.getField(SpecialFields.ROW_ID.name()),
                dataType.getField("c"),
                dataType.getField(SpecialFields.SEQUENCE_NUMBER.name())));
    List<Read> read = read(format, dataType, projected, path, null);
    assertThat(read).hasSize(rows.size());
    for (int i = 0; i < read.size(); i++) {
      assertThat(read.get(i).position()).isEqualTo(i);
      Map<String, Object> expected = new LinkedHashMap<>();
      expected.put("b", "row " + i);
      expected.put(SpecialFields.ROW_ID.name(), null);
      expected.put("c", (long) i * 1_000_003L);
      expected.put(SpecialFields.SEQUENCE_NUMBER.name(), null);
      assertThat(read.get(i).row()).isEqualTo(expected);
      assertThat(read.get(i).row().keySet()).containsExactlyElementsOf(expected.keySet());
    }
  }

  @Test
  void returnedPositionIsTheFilePositionOfEverySelectedRowAcrossBlocksAndBatches()
      throws Exception {
    FileFormat format = format(Map.of("file.block-size", "300 b"));
    int n = 3000;
    List<GenericRow> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(row(i));
    }
    org.apache.paimon.fs.Path path = write(format, TYPE, rows);
    try (RowFileReader file =
        RowFile.open(
            Path.of(path.toString()), PaimonTypes.toOurs(TYPE), RowFileOptions.defaults())) {
      assertThat(file.layout().blockCount()).as("blocks").isGreaterThan(20);
    }
    SplittableRandom r = new SplittableRandom(7);
    RoaringBitmap32 selection = new RoaringBitmap32();
    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // Runs of selected and skipped rows, whole blocks skipped too.
      if ((i / 40) % 3 != 1 && r.nextInt(3) > 0) {
        selection.add(i);
        expected.add(i);
      }
    }
    selection.add(n + 5); // past the end: positions Paimon derives from row ranges may be
    List<Read> read = read(format, TYPE, TYPE, path, selection);
    assertThat(read.stream().map(Read::position).toList())
        .isEqualTo(expected.stream().map(Integer::longValue).toList());
    for (Read got : read) {
      assertThat(got.row().get("c")).isEqualTo(got.position() * 1_000_003L);
    }
    List<Read> all = read(format, TYPE, TYPE, path, null);
    assertThat(all).hasSize(n);
    for (int i = 0; i < n; i++) {
      assertThat(all.get(i).position()).isEqualTo(i);
      assertThat(all.get(i).row().get("b")).isEqualTo("row " + i);
    }
  }

  @Test
  void projectionReordersColumnsMatchedByFieldId() throws Exception {
    FileFormat format = format(Map.of());
    org.apache.paimon.fs.Path path = write(format, TYPE, List.of(row(1), row(2)));
    // A renamed column keeps its id: the file's "b" is read as "title".
    RowType projected =
        new RowType(
            List.of(
                new DataField(2, "c", DataTypes.BIGINT().notNull()),
                TYPE.getField("b").newName("title")));
    List<Read> read = read(format, TYPE, projected, path, null);
    assertThat(read.get(1).row())
        .containsExactly(Map.entry("c", 2_000_006L), Map.entry("title", "row 2"));
  }

  @Test
  void blobCellsAreStoredAsDescriptorsAndReadBackAsBlobsOfTheirRange() throws Exception {
    FileFormat format = format(Map.of());
    Path payloads = dir.resolve("payloads.bin");
    Files.write(payloads, "xxHELLO-BLOByy".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "image", DataTypes.BLOB())));
    org.apache.paimon.fs.Path path =
        write(
            format,
            type,
            List.of(
                GenericRow.of(0L, Blob.fromFile(io, payloads.toString(), 2, 10)),
                GenericRow.of(1L, null)));
    // The .row cell holds the serialized descriptor, nothing else.
    try (RowFileReader file =
        RowFile.open(
            Path.of(path.toString()), PaimonTypes.toOurs(type), RowFileOptions.defaults())) {
      byte[] cell = (byte[]) file.read(0).get(1);
      assertThat(cell).isEqualTo(new BlobDescriptor(payloads.toString(), 2, 10).serialize());
      assertThat(file.read(1).get(1)).isNull();
    }
    List<Read> read = read(format, type, type, path, null);
    assertThat((byte[]) read.get(0).row().get("image"))
        .asString(java.nio.charset.StandardCharsets.US_ASCII)
        .isEqualTo("HELLO-BLOB");
    assertThat(read.get(1).row().get("image")).isNull();
  }

  @Test
  void blobCellsThatAreNotDescriptorsReadAsInlineData() throws Exception {
    RowType type = new RowType(List.of(new DataField(0, "image", DataTypes.BLOB())));
    Path file = dir.resolve("inline.row");
    try (RowFileWriter w =
        RowFile.newWriter(file, PaimonTypes.toOurs(type), RowFileOptions.defaults())) {
      w.write(Row.of((Object) new byte[] {9, 8, 7}));
    }
    org.apache.paimon.fs.Path path = new org.apache.paimon.fs.Path(file.toString());
    List<Read> read = read(format(Map.of()), type, type, path, null);
    assertThat((byte[]) read.get(0).row().get("image")).containsExactly(9, 8, 7);
  }

  @Test
  void reachTargetSizeOnlyWhenAskedAndTheCompressedBytesReachIt() throws Exception {
    FileFormat format = format(Map.of("file.block-size", "128 b"));
    org.apache.paimon.fs.Path path = new org.apache.paimon.fs.Path(dir.resolve("t.row").toString());
    try (PositionOutputStream out = io.newOutputStream(path, false)) {
      FormatWriter writer = format.createWriterFactory(TYPE).create(out, "zstd");
      assertThat(writer.reachTargetSize(true, 1)).isFalse();
      boolean reached = false;
      for (int i = 0; i < 10_000 && !reached; i++) {
        writer.addElement(row(i));
        assertThat(writer.reachTargetSize(false, 1)).isFalse();
        reached = writer.reachTargetSize(true, 1);
      }
      assertThat(reached).isTrue();
      assertThat(writer.reachTargetSize(true, Long.MAX_VALUE)).isFalse();
      writer.close();
    }
  }

  @Test
  void validateDataFieldsRejectsBlobsNestedInOtherTypes() {
    FileFormat format = format(Map.of());
    RowType nested =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(1, "frames", DataTypes.ARRAY(DataTypes.BLOB()))));
    assertThatThrownBy(() -> format.validateDataFields(nested))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("BLOB nested in 'frames'");
    RowType inRow =
        new RowType(
            List.of(
                new DataField(0, "r", DataTypes.ROW(DataTypes.FIELD(1, "img", DataTypes.BLOB())))));
    assertThatThrownBy(() -> format.validateDataFields(inRow))
        .hasMessageContaining("BLOB nested in 'r.img'");
  }

  @Test
  void validateDataFieldsAcceptsEveryPaimonTypeOfTheRandomSchemas() {
    FileFormat format = format(Map.of());
    for (long seed = 0; seed < 64; seed++) {
      format.validateDataFields(RandomCase.of(seed, 0.4).schema());
    }
  }

  @Test
  void writerRefusesSystemFieldsItCouldNotReadBack() {
    RowType withRowId = SpecialFields.rowTypeWithRowId(TYPE);
    assertThatThrownBy(() -> format(Map.of()).createWriterFactory(withRowId))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("_ROW_ID");
  }
}
