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

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apache.paimon.data.Blob;
import org.apache.paimon.fs.local.LocalFileIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * BLOB columns through Paimon 1.4.2 with our codec as its {@code row} format, in both layouts:
 * payloads in {@code .blob} files (their own manifest entries, one {@code _WRITE_COLS} column each,
 * chained over their data file's row range, rolled at {@code blob.target-file-size}), and {@code
 * blob-descriptor-field} columns kept in the {@code .row} file as serialized descriptors, whether
 * Paimon writes the payloads ({@code blob-external-storage-field}) or the writer points at its own.
 * Null and empty payloads included, with a partition key that is sometimes null.
 */
class PaimonBlobRoundTripTest {

  @TempDir static Path warehouse;

  private static PaimonCatalogs paimon;

  @BeforeAll
  static void openCatalog() throws Exception {
    paimon = PaimonCatalogs.open(warehouse);
  }

  @AfterAll
  static void closeCatalog() throws Exception {
    paimon.close();
  }

  /** Writes, reads back and runs every common check; returns the rows read. */
  private static List<Map<String, Object>> roundTrip(
      String context,
      String name,
      Map<String, String> options,
      List<List<Map<String, Object>>> commits,
      Map<Long, Map<String, Object>> expected,
      SplittableRandom r)
      throws Exception {
    paimon.createTable(name, BlobTables.SCHEMA, List.of(BlobTables.PARTITION), options);
    for (List<Map<String, Object>> commit : commits) {
      paimon.write(name, commit);
    }
    List<Map<String, Object>> read = paimon.readWithRowId(name);
    Map<Long, Long> rowIds = PaimonChecks.assertRowsAsWritten(context, expected, read);
    RandomCase.assertRowIds(context, commits, BlobTables.PARTITION, rowIds);
    PaimonChecks.assertRowRangesReadTheSameRows(context, paimon, name, r, read);
    return read;
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void blobFilesFollowTheirDataFileAndReadBack(long seed) throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    String context = "blob files, seed " + seed;
    String name = "blobs" + seed;
    Map<String, String> options = new LinkedHashMap<>();
    if (seed % 2 == 0) {
      // Roll .blob files inside one data file's row range.
      options.put("blob.target-file-size", "4 kb");
    }
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    try {
      List<Map<String, Object>> read =
          roundTrip(context, name, options, commits, BlobTables.byId(commits), r);
      assertThat(PaimonChecks.assertRowFilesReadBackWithOurCodec(context, paimon, name, read))
          .as("%s: no descriptors in .row files", context)
          .isEmpty();
      List<PaimonCatalogs.PlannedFile> files = paimon.plannedFiles(name);
      for (PaimonCatalogs.PlannedFile f : files) {
        if (!f.isBlobFile()) {
          assertThat(f.writeCols())
              .as("%s: %s", context, f.fileName())
              .containsExactly(RandomTables.ID, "caption", "camera");
        }
      }
      assertBlobFilesTileTheirDataFiles(context, files, "image");
      assertBlobFilesTileTheirDataFiles(context, files, "thumb");
    } catch (AssertionError | Exception e) {
      throw new AssertionError(context + ": " + e.getMessage(), e);
    }
  }

  /**
   * The {@code .blob} files of one column: one write column each, and chained without gap or
   * overlap over exactly the row ranges of the data files.
   */
  private static void assertBlobFilesTileTheirDataFiles(
      String context, List<PaimonCatalogs.PlannedFile> files, String column) {
    List<long[]> dataRanges = new ArrayList<>();
    List<long[]> blobRanges = new ArrayList<>();
    for (PaimonCatalogs.PlannedFile f : files) {
      long[] range = {f.firstRowId(), f.firstRowId() + f.rowCount()};
      if (!f.isBlobFile()) {
        dataRanges.add(range);
      } else if (f.writeCols().equals(List.of(column))) {
        blobRanges.add(range);
      } else {
        assertThat(f.writeCols()).as("%s: %s", context, f.fileName()).hasSize(1);
      }
    }
    Comparator<long[]> byStart = Comparator.comparingLong(a -> a[0]);
    dataRanges.sort(byStart);
    blobRanges.sort(byStart);
    int b = 0;
    for (long[] data : dataRanges) {
      long next = data[0];
      while (next < data[1]) {
        assertThat(b)
            .as("%s: %s blob files cover %d", context, column, next)
            .isLessThan(blobRanges.size());
        assertThat(blobRanges.get(b)[0])
            .as("%s: %s blob file at %d", context, column, next)
            .isEqualTo(next);
        next = blobRanges.get(b++)[1];
      }
      assertThat(next)
          .as("%s: %s blob files end with their data file", context, column)
          .isEqualTo(data[1]);
    }
    assertThat(b)
        .as("%s: %s blob files outside data files", context, column)
        .isEqualTo(blobRanges.size());
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {5, 6, 7})
  void descriptorsOfPayloadsPaimonStoredExternallyLiveInTheRowFile(long seed) throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    String context = "descriptors, external storage, seed " + seed;
    String name = "external" + seed;
    Path external = warehouse.resolve("external-blobs-" + seed);
    // image as a descriptor in the .row file, thumb in .blob files: both layouts in one table.
    Map<String, String> options =
        PaimonCatalogs.descriptorOptions("image", external.toAbsolutePath().toString());
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    try {
      List<Map<String, Object>> read =
          roundTrip(context, name, options, commits, BlobTables.byId(commits), r);
      List<PaimonChecks.DescriptorCell> cells =
          PaimonChecks.assertRowFilesReadBackWithOurCodec(context, paimon, name, read);
      long nonNullImages = read.stream().filter(row -> row.get("image") != null).count();
      assertThat(cells).as("%s: descriptor cells", context).hasSize((int) nonNullImages);
      for (PaimonChecks.DescriptorCell cell : cells) {
        assertThat(cell.column()).isEqualTo("image");
        assertThat(OracleAssertions.localPath(cell.descriptor().uri()))
            .as("%s: descriptor uri", context)
            .startsWith(external.toAbsolutePath());
      }
      for (PaimonCatalogs.PlannedFile f : paimon.plannedFiles(name)) {
        if (f.isBlobFile()) {
          assertThat(f.writeCols()).as("%s: %s", context, f.fileName()).containsExactly("thumb");
        } else if (f.writeCols() != null) {
          assertThat(f.writeCols()).as("%s: %s", context, f.fileName()).contains("image");
        }
      }
    } catch (AssertionError | Exception e) {
      throw new AssertionError(context + ": " + e.getMessage(), e);
    }
  }

  @Test
  void descriptorsTheWriterGivesAreStoredAsGiven() throws Exception {
    SplittableRandom r = new SplittableRandom(8);
    String context = "descriptors given by the writer";
    String name = "given";
    Path payloads = warehouse.resolve("payloads.bin");
    LocalFileIO io = LocalFileIO.create();
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    // The payloads go into one file of ours; the table gets Blob.fromFile ranges of it.
    Map<Long, Map<String, Object>> expected = BlobTables.byId(commits);
    Map<Long, long[]> ranges = new LinkedHashMap<>();
    List<List<Map<String, Object>>> toWrite = new ArrayList<>();
    try (OutputStream out = Files.newOutputStream(payloads)) {
      long offset = 0;
      for (List<Map<String, Object>> commit : commits) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map<String, Object> row : commit) {
          Map<String, Object> copy = new LinkedHashMap<>(row);
          byte[] image = (byte[]) row.get("image");
          if (image != null) {
            out.write(new byte[] {(byte) 0xEE});
            offset++;
            out.write(image);
            ranges.put((Long) row.get(RandomTables.ID), new long[] {offset, image.length});
            copy.put("image", Blob.fromFile(io, payloads.toString(), offset, image.length));
            offset += image.length;
          }
          rows.add(copy);
        }
        toWrite.add(rows);
      }
    }
    try {
      List<Map<String, Object>> read =
          roundTrip(
              context, name, PaimonCatalogs.descriptorOptions("image", null), toWrite, expected, r);
      Map<Long, Long> idByRowId =
          read.stream()
              .collect(
                  Collectors.toMap(
                      row -> (Long) row.get(PaimonCatalogs.ROW_ID),
                      row -> (Long) row.get(RandomTables.ID)));
      List<PaimonChecks.DescriptorCell> cells =
          PaimonChecks.assertRowFilesReadBackWithOurCodec(context, paimon, name, read);
      assertThat(cells).hasSize(ranges.size());
      for (PaimonChecks.DescriptorCell cell : cells) {
        long[] range = ranges.get(idByRowId.get(cell.rowId()));
        assertThat(cell.descriptor().uri()).isEqualTo(payloads.toString());
        assertThat(new long[] {cell.descriptor().offset(), cell.descriptor().length()})
            .as("%s: descriptor of row %d", context, cell.rowId())
            .containsExactly(range);
      }
    } catch (AssertionError | Exception e) {
      throw new AssertionError(context + ": " + e.getMessage(), e);
    }
  }

  @Test
  void inlineBytesInADescriptorColumnAreRefusedWithoutExternalStorage() throws Exception {
    paimon.createTable(
        "inline", BlobTables.SCHEMA, List.of(), PaimonCatalogs.descriptorOptions("image", null));
    Map<String, Object> row = new LinkedHashMap<>();
    row.put(RandomTables.ID, 0L);
    row.put("image", new byte[] {1, 2, 3});
    assertThatThrownBy(() -> paimon.write("inline", List.of(row)))
        .hasStackTraceContaining(
            "BLOB column 'image' of a row data file needs a Blob with a descriptor");
  }
}
