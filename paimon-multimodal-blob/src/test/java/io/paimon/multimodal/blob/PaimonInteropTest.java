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
package io.paimon.multimodal.blob;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.blob.BlobFileReader;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.Blob;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.format.FormatReaderContext;
import org.apache.paimon.format.FormatWriter;
import org.apache.paimon.format.blob.BlobFileFormat;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.reader.FileRecordReader;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache Paimon 1.4.2's own {@code .blob} reader and writer against ours, for a scalar BLOB column
 * with null rows: Paimon reads the files our tables write, and we read the files Paimon writes,
 * with the same descriptors (uri, offset, length) and bytes.
 */
class PaimonInteropTest {

  @TempDir Path dir;

  private static final RowType BLOB_ROW = RowType.of(DataTypes.BLOB());

  /** One row as Paimon's reader returns it: the descriptor and the bytes, or null. */
  private record PaimonCell(String uri, long offset, long length, byte[] bytes) {}

  private static List<PaimonCell> readWithPaimon(Path file) throws Exception {
    LocalFileIO io = LocalFileIO.create();
    org.apache.paimon.fs.Path path = new org.apache.paimon.fs.Path(file.toString());
    List<PaimonCell> out = new ArrayList<>();
    // true: hand out each row as a reference (a descriptor of its range), not as loaded bytes.
    try (FileRecordReader<InternalRow> reader =
        new BlobFileFormat(true)
            .createReaderFactory(BLOB_ROW, BLOB_ROW, List.of())
            .createReader(new FormatReaderContext(io, path, Files.size(file)))) {
      RecordReader.RecordIterator<InternalRow> batch;
      while ((batch = reader.readBatch()) != null) {
        InternalRow row;
        while ((row = batch.next()) != null) {
          if (row.isNullAt(0)) {
            out.add(null);
            continue;
          }
          Blob blob = row.getBlob(0);
          org.apache.paimon.data.BlobDescriptor d = blob.toDescriptor();
          out.add(new PaimonCell(d.uri(), d.offset(), d.length(), blob.toData()));
        }
        batch.releaseBatch();
      }
    }
    return out;
  }

  private static byte[] payload(int row) {
    return row % 4 == 1 ? null : BlobTables.payload(77, row, row * 37 % 5000);
  }

  @Test
  void paimonReadsTheBlobFilesWeWriteWithTheSameDescriptorsAndBytes() throws Exception {
    try (Connection conn = Multimodal.connect(dir.resolve("wh").toString())) {
      Table t = BlobTables.table(conn, "docs");
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", (long) i);
        row.put("image", payload(i));
        rows.add(row);
      }
      t.add(rows);
      List<Map<String, Object>> scanned = t.scan().select("image").toList();
      String uri = null;
      for (Map<String, Object> r : scanned) {
        if (r.get("image") != null) {
          uri = ((BlobDescriptor) r.get("image")).uri();
          break;
        }
      }
      List<PaimonCell> paimon = readWithPaimon(Path.of(uri));
      assertThat(paimon).hasSize(30);
      try (BlobBatch ours = BlobReader.of(t.scan()).read("image")) {
        for (int i = 0; i < 30; i++) {
          BlobDescriptor d = (BlobDescriptor) scanned.get(i).get("image");
          PaimonCell p = paimon.get(i);
          if (payload(i) == null) {
            assertThat(p).as("row %d", i).isNull();
            assertThat(d).isNull();
            assertThat(ours.blobs("image").get(i)).isNull();
            continue;
          }
          assertThat(Path.of(p.uri()).toAbsolutePath().toString()).isEqualTo(d.uri());
          assertThat(p.offset()).as("row %d offset", i).isEqualTo(d.offset());
          assertThat(p.length()).as("row %d length", i).isEqualTo(d.length());
          assertThat(p.bytes()).isEqualTo(payload(i));
          assertThat(ours.blobs("image").get(i)).isEqualTo(payload(i));
        }
      }
    }
  }

  @Test
  void weReadTheBlobFilesPaimonWritesWithTheSameDescriptorsAndBytes() throws Exception {
    try (Connection conn = Multimodal.connect(dir.resolve("wh").toString())) {
      Table t = BlobTables.table(conn, "docs");
      // A row of our own gives the table's data directory, where Paimon's file then lives.
      Map<String, Object> seed = new LinkedHashMap<>();
      seed.put("id", -1L);
      seed.put("image", new byte[] {1});
      t.add(List.of(seed));
      Path dataDir =
          Path.of(((BlobDescriptor) t.scan().toList().get(0).get("image")).uri()).getParent();
      Path file = dataDir.resolve("data-written-by-paimon-0.blob");
      LocalFileIO paimonIo = LocalFileIO.create();
      FormatWriter writer =
          new BlobFileFormat()
              .createWriterFactory(BLOB_ROW)
              .create(
                  paimonIo.newOutputStream(new org.apache.paimon.fs.Path(file.toString()), false),
                  "none");
      for (int i = 0; i < 30; i++) {
        byte[] p = payload(i);
        writer.addElement(GenericRow.of(p == null ? null : Blob.fromData(p)));
      }
      writer.close();

      List<PaimonCell> paimon = readWithPaimon(file);
      List<Map<String, Object>> rows = new ArrayList<>();
      try (BlobFileReader ours =
          BlobFileReader.open(
              io.paimon.multimodal.fs.FileIO.local().newInputFile(file.toString()))) {
        assertThat(ours.rowCount()).isEqualTo(30);
        for (int i = 0; i < 30; i++) {
          long[] range = ours.payloadRange(i);
          PaimonCell p = paimon.get(i);
          if (p == null) {
            assertThat(range).as("row %d", i).isNull();
            assertThat(ours.read(i)).isNull();
          } else {
            assertThat(range).as("row %d", i).containsExactly(p.offset(), p.length());
            assertThat(ours.read(i)).isEqualTo(payload(i));
          }
          Map<String, Object> row = new LinkedHashMap<>();
          row.put("id", (long) i);
          row.put(
              "image",
              range == null ? null : new BlobDescriptor(file.toString(), range[0], range[1]));
          rows.add(row);
        }
      }
      // Registered in our table, Paimon's entries are read through BlobReader with their CRCs.
      t.add(rows);
      try (BlobBatch b = BlobReader.of(t.scan().where("id >= 0")).read("image")) {
        for (int i = 0; i < 30; i++) {
          assertThat(b.blobs("image").get(i)).as("row %d", i).isEqualTo(payload(i));
        }
      }
    }
  }
}
