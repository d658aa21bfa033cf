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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.RowIdReader;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.row.CloseableIterator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class BlobReaderTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private LatencyFileIO io;
  private Connection conn;

  @BeforeEach
  void open() {
    io = LatencyFileIO.counting(storage.fileIO());
    conn = storage.connect(dir, base -> io);
  }

  @AfterEach
  void close() {
    conn.close();
  }

  private static int[] sizes(int count, int size) {
    int[] s = new int[count];
    Arrays.fill(s, size);
    return s;
  }

  /** Flips bits of one stored byte, rewriting the file through the storage. */
  private void flipByte(String uri, long position, int bits) throws IOException {
    byte[] bytes = storage.fileIO().readAllBytes(uri);
    bytes[Math.toIntExact(position)] ^= (byte) bits;
    storage.fileIO().overwrite(uri, bytes);
  }

  private static String firstImageUri(Table t) {
    return ((BlobDescriptor) t.scan().limit(1).toList().get(0).get("image")).uri();
  }

  @Test
  void readsScalarBlobsRowAlignedAndDropsEveryBlobColumnFromTheScalarRoot() {
    Table t = BlobTables.table(conn, "docs");
    int[] sizes = {100, -1, 0, 5000, 7, -1, 300};
    t.add(BlobTables.images(1, 0, sizes.length, sizes));
    try (BlobBatch b = BlobReader.of(t.scan().where("id >= 1")).read("image")) {
      assertThat(b.rowCount()).isEqualTo(6);
      assertThat(b.columns()).containsExactly("image");
      List<String> scalar = new ArrayList<>();
      for (Field f : b.scalar().getSchema().getFields()) {
        scalar.add(f.getName());
      }
      assertThat(scalar).containsExactly("id", "tag");
      assertThat(b.scalar().getRowCount()).isEqualTo(6);
      List<byte[]> images = b.blobs("image");
      for (int r = 0; r < 6; r++) {
        long id = ((BigIntVector) b.scalar().getVector("id")).get(r);
        int size = sizes[(int) id];
        assertThat(images.get(r))
            .as("row %d", r)
            .isEqualTo(size < 0 ? null : BlobTables.payload(1, id, size));
      }
    }
  }

  @Test
  void readsAColumnTheScanDidNotSelectAndKeepsTheScanColumns() {
    Table t = BlobTables.table(conn, "docs");
    t.add(BlobTables.images(2, 0, 5, sizes(5, 10)));
    try (BlobBatch b = BlobReader.of(t.scan().select("tag").withRowId()).read("image")) {
      assertThat(b.scalar().getSchema().getFields())
          .extracting(Field::getName)
          .containsExactly("tag", "_ROW_ID");
      assertThat(b.blobs("image")).hasSize(5).allSatisfy(x -> assertThat(x).hasSize(10));
      assertThatThrownBy(() -> b.arrays("image"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'image' is a BLOB column; read it with blobs()");
      assertThatThrownBy(() -> b.blobs("pages"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'pages' was not requested");
    }
  }

  @Test
  void readsThePayloadsOfRowsTheCallerHoldsInTheirOrderAndLeavesThemToTheCaller()
      throws IOException {
    Table t = BlobTables.table(conn, "docs");
    int[] sizes = {100, -1, 0, 5000, 7};
    t.add(BlobTables.images(3, 0, sizes.length, sizes));
    Scan pinned = t.scan().pinned();
    long[] rowIds =
        pinned.withRowId().toList().stream()
            .mapToLong(r -> (Long) r.get("_ROW_ID"))
            .sorted()
            .toArray();
    long[] wanted = {rowIds[3], rowIds[0], rowIds[1], rowIds[3]};
    try (RowIdReader byId = pinned.select("id", "image").rowIdReader();
        ArrowReader rows = byId.read(wanted, 16, t.allocator())) {
      assertThat(rows.loadNextBatch()).isTrue();
      VectorSchemaRoot root = rows.getVectorSchemaRoot();
      assertThat(root.getRowCount()).isEqualTo(4);
      for (int pass = 0; pass < 2; pass++) {
        try (BlobBatch b = BlobReader.of(pinned).read(root, "image")) {
          assertThat(b.rowCount()).isEqualTo(4);
          assertThat(b.scalar().getSchema().getFields())
              .extracting(Field::getName)
              .containsExactly("id");
          List<byte[]> images = b.blobs("image");
          for (int r = 0; r < 4; r++) {
            long id = ((BigIntVector) b.scalar().getVector("id")).get(r);
            assertThat(id).isEqualTo(((BigIntVector) root.getVector("id")).get(r));
            int size = sizes[(int) id];
            assertThat(images.get(r))
                .as("row %d", r)
                .isEqualTo(size < 0 ? null : BlobTables.payload(3, id, size));
          }
          assertThat(images.get(0)).isNotSameAs(images.get(3));
        }
      }
      // Still the caller's: readable after the payload reads.
      assertThat(((BigIntVector) root.getVector("id")).get(1)).isEqualTo(0L);
      assertThatThrownBy(() -> BlobReader.of(pinned).read(root, "pages"))
          .isInstanceOf(SchemaException.class)
          .hasMessage("the rows hold no column 'pages' to read payloads of; they hold [id, image]");
      assertThatThrownBy(() -> BlobReader.of(pinned).read(root, "id"))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("column 'id' of type BIGINT");
    }
  }

  @Test
  void rejectsUnknownNonBlobRepeatedOrMissingColumnsAndABudgetBelowTheRangeLimit() {
    Table t = BlobTables.table(conn, "docs");
    BlobReader r = BlobReader.of(t.scan());
    assertThatThrownBy(() -> r.read("nope"))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("has no column 'nope'")
        .hasMessageContaining("[image, pages, renditions]");
    assertThatThrownBy(() -> r.read("tag"))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("column 'tag' of type STRING is not a BLOB");
    assertThatThrownBy(() -> r.read("image", "image"))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("'image' is requested twice");
    assertThatThrownBy(() -> r.stream())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("at least one BLOB column");
    assertThatThrownBy(() -> r.rangeLimit(2 << 20).prefetchBudget(1 << 20).read("image"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not exceed prefetchBudget");
    assertThatThrownBy(() -> r.parallelism(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parallelism must be positive, got 0");
    assertThatThrownBy(() -> r.holeLimit(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("holeLimit");
  }

  @Test
  void contiguousRowsOfOneFileTakeCeilOfBytesOverRangeLimitRequests() {
    Table t = BlobTables.table(conn, "docs");
    int rows = 40;
    int[] s = new int[rows];
    Random random = new Random(3);
    long entryBytes = 0;
    for (int i = 0; i < rows; i++) {
      s[i] = 1000 + random.nextInt(20_000);
      entryBytes += s[i] + 16;
    }
    t.add(BlobTables.images(3, 0, rows, s));
    for (long limit : new long[] {50_000, 64 << 10, 100_000, 1 << 20}) {
      io.reset();
      try (BlobBatch b = BlobReader.of(t.scan()).rangeLimit(limit).read("image")) {
        assertThat(b.blobs("image")).hasSize(rows);
      }
      assertThat(io.requests()).as("limit %d", limit).isEqualTo((entryBytes + limit - 1) / limit);
      assertThat(io.bytes()).isEqualTo(entryBytes);
      // Without checksums the payloads are 16 bytes apart: a hole limit of 16 still merges them.
      io.reset();
      try (BlobBatch b =
          BlobReader.of(t.scan())
              .verifyChecksums(false)
              .holeLimit(16)
              .rangeLimit(limit)
              .read("image")) {
        assertThat(b.blobs("image").get(rows - 1))
            .isEqualTo(BlobTables.payload(3, rows - 1, s[rows - 1]));
      }
      long span = entryBytes - 16;
      assertThat(io.requests()).isEqualTo((span + limit - 1) / limit);
    }
  }

  @Test
  void scatteredRowsCoalesceOnlyAcrossHolesWithinTheLimit() {
    Table t = BlobTables.table(conn, "docs");
    t.add(BlobTables.images(4, 0, 100, sizes(100, 1000)));
    Scan every10th = t.scan().where("tag = 't3'");
    io.reset();
    try (BlobBatch b = BlobReader.of(every10th).holeLimit(0).read("image")) {
      assertThat(b.rowCount()).isEqualTo(10);
    }
    assertThat(io.requests()).isEqualTo(10);
    assertThat(io.bytes()).isEqualTo(10 * 1016);
    io.reset();
    // Gaps are 9 entries of 1016 bytes: a hole limit of 9144 merges them into one run.
    try (BlobBatch b = BlobReader.of(every10th).holeLimit(9 * 1016).read("image")) {
      for (int r = 0; r < 10; r++) {
        assertThat(b.blobs("image").get(r)).isEqualTo(BlobTables.payload(4, 10 * r + 3, 1000));
      }
    }
    assertThat(io.requests()).isEqualTo(1);
    assertThat(io.bytes()).isEqualTo(91 * 1016);
    io.reset();
    try (BlobBatch b = BlobReader.of(every10th).holeLimit(9 * 1016 - 1).read("image")) {
      assertThat(b.rowCount()).isEqualTo(10);
    }
    assertThat(io.requests()).isEqualTo(10);
  }

  @Test
  void duplicateRowsShareOneReadButGetTheirOwnArrays() {
    Table t = BlobTables.table(conn, "docs");
    t.add(BlobTables.images(5, 0, 10, sizes(10, 500)));
    io.reset();
    try (BlobBatch b = BlobReader.of(t.takeRowIds(3, 3, 7, 3)).holeLimit(0).read("image")) {
      List<byte[]> images = b.blobs("image");
      assertThat(images.get(0)).isEqualTo(BlobTables.payload(5, 3, 500)).isNotSameAs(images.get(1));
      assertThat(images.get(1)).isEqualTo(images.get(0));
      assertThat(images.get(2)).isEqualTo(BlobTables.payload(5, 7, 500));
    }
    assertThat(io.requests()).isEqualTo(2);
  }

  @Test
  void readsArrayAndMapColumnsWithNullAndEmptyContainersNullElementsAndExternalObjects()
      throws Exception {
    // An external object on the table's storage, outside the table.
    String external = conn.warehouse() + "/external.bin";
    byte[] ext = BlobTables.payload(9, 9, 4000);
    storage.fileIO().overwrite(external, ext);
    BlobDescriptor slice = new BlobDescriptor(external, 100, 50);
    BlobDescriptor whole = new BlobDescriptor(external, 3000, -1);
    Table t = BlobTables.table(conn, "docs");
    byte[] a = {1, 2, 3};
    byte[] c = {};
    List<Map<String, Object>> rows = new ArrayList<>();
    rows.add(row(0, Arrays.asList(a, null, c, slice), map("x", a, "y", null, "z", whole)));
    rows.add(row(1, null, null));
    rows.add(row(2, List.of(), Map.of()));
    rows.add(row(3, Arrays.asList((Object) null), map("only", null)));
    t.add(rows);
    for (boolean verify : new boolean[] {true, false}) {
      try (BlobBatch b =
          BlobReader.of(t.scan()).verifyChecksums(verify).read("renditions", "pages", "image")) {
        List<List<byte[]>> pages = b.arrays("pages");
        assertThat(pages.get(0)).hasSize(4);
        assertThat(pages.get(0).get(0)).isEqualTo(a);
        assertThat(pages.get(0).get(1)).isNull();
        assertThat(pages.get(0).get(2)).isEmpty();
        assertThat(pages.get(0).get(3)).isEqualTo(Arrays.copyOfRange(ext, 100, 150));
        assertThat(pages.get(1)).isNull();
        assertThat(pages.get(2)).isEmpty();
        assertThat(pages.get(3)).containsExactly((byte[]) null);
        List<List<Map.Entry<Object, byte[]>>> maps = b.maps("renditions");
        assertThat(maps.get(0)).extracting(Map.Entry::getKey).containsExactly("x", "y", "z");
        assertThat(maps.get(0).get(0).getValue()).isEqualTo(a);
        assertThat(maps.get(0).get(1).getValue()).isNull();
        assertThat(maps.get(0).get(2).getValue()).isEqualTo(Arrays.copyOfRange(ext, 3000, 4000));
        assertThat(maps.get(1)).isNull();
        assertThat(maps.get(2)).isEmpty();
        assertThat(maps.get(3)).hasSize(1);
        assertThat(maps.get(3).get(0).getValue()).isNull();
        assertThat(b.blobs("image")).containsOnlyNulls();
      }
    }
  }

  private static Map<String, Object> row(long id, List<Object> pages, Map<String, Object> maps) {
    Map<String, Object> r = new java.util.LinkedHashMap<>();
    r.put("id", id);
    r.put("pages", pages);
    r.put("renditions", maps);
    return r;
  }

  private static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void aFlippedByteIsAChecksumErrorNamingRowColumnAndFile() throws Exception {
    Table t = BlobTables.table(conn, "docs");
    t.add(BlobTables.images(6, 0, 20, sizes(20, 100)));
    String uri = firstImageUri(t);
    BlobDescriptor row7 = (BlobDescriptor) t.scan().where("id = 7").toList().get(0).get("image");
    flipByte(uri, row7.offset() + 10, 0x40);
    assertThatThrownBy(() -> BlobReader.of(t.scan().where("id >= 5")).read("image"))
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(BlobReadException.Reason.CHECKSUM_MISMATCH);
              assertThat(e.row()).isEqualTo(2);
              assertThat(e.column()).isEqualTo("image");
              assertThat(e.file()).isEqualTo(uri);
            })
        .hasMessageContaining("at row 2, column 'image', file " + uri)
        .hasMessageContaining("CRC32 mismatch");
    try (BlobBatch b =
        BlobReader.of(t.scan().where("id = 7")).verifyChecksums(false).read("image")) {
      assertThat(b.blobs("image").get(0)).isNotEqualTo(BlobTables.payload(6, 7, 100));
    }
  }

  @Test
  void aMissingOrTruncatedFileIsAnErrorNamingRowColumnAndFile() throws Exception {
    Table store = BlobTables.table(conn, "store");
    store.add(BlobTables.images(7, 0, 20, sizes(20, 100)));
    // A table of references into the other table's .blob file: its scan needs nothing of that file,
    // so damage to it surfaces in the BLOB read, at the row that points into it.
    Table t = BlobTables.tableWithReferences(conn, "docs");
    List<Map<String, Object>> refs = new ArrayList<>();
    for (Map<String, Object> r : store.scan().select("id", "image").toList()) {
      Map<String, Object> row = new java.util.LinkedHashMap<>();
      row.put("id", r.get("id"));
      row.put("ref", r.get("image"));
      refs.add(row);
    }
    t.add(refs);
    String uri = firstImageUri(store);
    byte[] whole = storage.fileIO().readAllBytes(uri);
    storage.fileIO().overwrite(uri, Arrays.copyOf(whole, 116 * 12 + 50));
    // One request at a time, so the first failing row is the one reported.
    assertThatThrownBy(
            () -> BlobReader.of(t.scan().where("id >= 10")).holeLimit(0).parallelism(1).read("ref"))
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(BlobReadException.Reason.SHORT_READ);
              assertThat(e.row()).isEqualTo(2);
              assertThat(e.column()).isEqualTo("ref");
            })
        .hasMessageContaining(uri);
    // The table that owns the file cannot even find its payloads: its scan names the file.
    assertThatThrownBy(() -> BlobReader.of(store.scan()).read("image")).hasMessageContaining(uri);
    storage.fileIO().delete(uri);
    assertThatThrownBy(() -> BlobReader.of(t.scan()).read("ref"))
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(BlobReadException.Reason.MISSING_FILE);
              assertThat(e.row()).isEqualTo(0);
            })
        .hasMessageContaining(uri);
    assertThat(fetchThreads()).isEmpty();
  }

  /**
   * The threads still running a BLOB read's fetch task (reads run on the connection's shared I/O
   * pool, so a fetch shows as a thread whose stack is inside the fetcher). A closed read has
   * interrupted its fetches and waited for them, so none should be left; a thread still returning
   * from one gets a moment first.
   */
  static List<Thread> fetchThreads() {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(1);
    while (true) {
      List<Thread> out = new ArrayList<>();
      for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
        if (e.getKey() != Thread.currentThread()
            && e.getKey().isAlive()
            && fetching(e.getValue())) {
          out.add(e.getKey());
        }
      }
      if (out.isEmpty() || System.nanoTime() > deadline) {
        return out;
      }
      Thread.onSpinWait();
    }
  }

  private static boolean fetching(StackTraceElement[] stack) {
    for (StackTraceElement frame : stack) {
      if (frame.getClassName().startsWith("io.paimon.multimodal.blob.internal.Fetcher")) {
        return true;
      }
    }
    return false;
  }

  @Test
  void streamYieldsScanBatchesInOrderAndAnEmptyResultReadsAsAnEmptyBatch() {
    Table t = BlobTables.table(conn, "docs");
    t.add(BlobTables.images(8, 0, 50, sizes(50, 64)));
    long next = 0;
    int batches = 0;
    try (CloseableIterator<BlobBatch> it =
        BlobReader.of(t.scan().batchSize(7)).parallelism(3).stream("image")) {
      while (it.hasNext()) {
        try (BlobBatch b = it.next()) {
          batches++;
          assertThat(b.rowCount()).isLessThanOrEqualTo(7);
          for (int r = 0; r < b.rowCount(); r++) {
            long id = ((BigIntVector) b.scalar().getVector("id")).get(r);
            assertThat(id).isEqualTo(next++);
            assertThat(b.blobs("image").get(r)).isEqualTo(BlobTables.payload(8, id, 64));
          }
        }
      }
    }
    assertThat(next).isEqualTo(50);
    assertThat(batches).isEqualTo(8);
    try (BlobBatch b = BlobReader.of(t.scan().where("id < 0")).read("image")) {
      assertThat(b.rowCount()).isZero();
      assertThat(b.blobs("image")).isEmpty();
      assertThat(b.scalar().getSchema().getFields()).hasSize(2);
    }
    try (CloseableIterator<BlobBatch> it =
        BlobReader.of(t.scan().where("id < 0")).stream("image")) {
      assertThat(it.hasNext()).isFalse();
    }
  }

  @Test
  void descriptorsWhoseEntriesOverlapInATableFileAreRejectedAsMalformed() {
    Table t = BlobTables.tableWithReferences(conn, "docs");
    t.add(BlobTables.images(14, 0, 3, sizes(3, 200)));
    BlobDescriptor first = (BlobDescriptor) t.scan().where("id = 0").toList().get(0).get("image");
    // A user-registered descriptor shifted 8 bytes into the first payload: its entry would
    // overlap the real one.
    Map<String, Object> row = new java.util.LinkedHashMap<>();
    row.put("id", 10L);
    row.put("ref", new BlobDescriptor(first.uri(), first.offset() + 8, first.length()));
    t.add(List.of(row));
    // Read together with the real entries, it is caught overlapping one of them.
    assertThatThrownBy(() -> BlobReader.of(t.scan()).read("image", "ref"))
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.MALFORMED))
        .hasMessageContaining("overlaps entry");
    // Alone, its bytes do not frame an entry.
    assertThatThrownBy(() -> BlobReader.of(t.scan().where("id = 10")).read("ref"))
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.MALFORMED))
        .hasMessageContaining("bad entry magic");
    // Without checksums it is a plain range, as the user described it.
    try (BlobBatch b =
        BlobReader.of(t.scan().where("id = 10")).verifyChecksums(false).read("ref")) {
      assertThat(b.blobs("ref").get(0)).hasSize(200);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void anArrayElementDescriptorStoredInAScalarColumnIsCheckedAgainstItsNestedEntry()
      throws Exception {
    Table t = BlobTables.tableWithReferences(conn, "docs");
    byte[] a = BlobTables.payload(15, 1, 300);
    byte[] b = BlobTables.payload(15, 2, 40);
    Map<String, Object> row = new java.util.LinkedHashMap<>();
    row.put("id", 0L);
    row.put("pages", Arrays.asList(a, b));
    t.add(List.of(row));
    List<Object> pages = (List<Object>) t.scan().toList().get(0).get("pages");
    BlobDescriptor second = (BlobDescriptor) pages.get(1);
    Map<String, Object> copy = new java.util.LinkedHashMap<>();
    copy.put("id", 1L);
    copy.put("ref", second);
    t.add(List.of(copy));
    try (BlobBatch batch = BlobReader.of(t.scan().where("id = 1")).read("ref")) {
      assertThat(batch.blobs("ref").get(0)).isEqualTo(b);
    }
    // Damage the first element: the nested entry's CRC now fails for the copied descriptor too.
    BlobDescriptor firstElement = (BlobDescriptor) pages.get(0);
    flipByte(firstElement.uri(), firstElement.offset(), 1);
    assertThatThrownBy(() -> BlobReader.of(t.scan().where("id = 1")).read("ref"))
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.CHECKSUM_MISMATCH));
  }
}
