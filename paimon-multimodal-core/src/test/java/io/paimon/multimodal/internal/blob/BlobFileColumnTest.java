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
package io.paimon.multimodal.internal.blob;

import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.ARRAY;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.BLOB;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.INT_MAP;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.STRING_MAP;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.addRandomCell;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.descriptors;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.payloads;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.value;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.writeBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.blob.BlobFileWriter;
import io.paimon.blob.BlobNestedCodec;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.blob.BlobColumnFixtures.Cells;
import io.paimon.multimodal.internal.blob.BlobColumnFixtures.MemoryFileIO;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.complex.ListVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BlobFileColumn} yields exactly the file-form vectors the {@code .row} reader gives for the
 * descriptors {@link TableWriter} stores, whose ranges hold the payloads; reads only what its
 * contract says; and meets Paimon's own {@code .blob} files and damaged ones as specified.
 */
class BlobFileColumnTest {

  private static final Schema TABLE =
      Schema.builder()
          .column("id", DataTypes.BIGINT().notNull())
          .column("image", BLOB)
          .column("frames", ARRAY)
          .column("by_int", INT_MAP)
          .column("by_string", STRING_MAP)
          .column("by_bigint", DataTypes.MAP(DataTypes.BIGINT(), BLOB))
          .column("by_tinyint", DataTypes.MAP(DataTypes.TINYINT(), BLOB))
          .column("by_smallint", DataTypes.MAP(DataTypes.SMALLINT(), BLOB))
          .column("by_boolean", DataTypes.MAP(DataTypes.BOOLEAN(), BLOB))
          .column("by_decimal", DataTypes.MAP(DataTypes.DECIMAL(10, 2), BLOB))
          .column("by_wide_decimal", DataTypes.MAP(DataTypes.DECIMAL(30, 4), BLOB))
          .column("by_date", DataTypes.MAP(DataTypes.DATE(), BLOB))
          .column("by_time", DataTypes.MAP(DataTypes.TIME(3), BLOB))
          .column("by_bytes", DataTypes.MAP(DataTypes.BYTES(), BLOB))
          .column("never", BLOB)
          .build();

  private static final long[] SEEDS = {1, 2, 3};

  @TempDir Path dir;

  private RootAllocator allocator;
  private final MemoryFileIO memory = new MemoryFileIO();
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeEverything() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
    assertThat(memory.open).as("input files left open").isZero();
    // Throws if any Arrow buffer leaked.
    allocator.close();
  }

  // ---- against the .row codec (descriptors in a .row file, payloads in the .blob file)

  @Test
  void producesTheVectorsTheRowReaderGivesForTheStoredDescriptors() throws IOException {
    for (long seed : SEEDS) {
      Written t = writeTable(seed, 250);
      RowType fileType = StorageTypes.toFileType(TABLE.rowType());
      List<DataField> blobFields = blobFields();
      List<BlobFileColumn> columns = openColumns(t);
      List<FieldVector> targets = new ArrayList<>();
      for (DataField f : blobFields) {
        targets.add(track(fileFormVector(f.name(), f.type())));
      }
      String rowPath = t.rowPath;
      try (RowFileReader rows =
              RowFile.open(
                  FileIO.local().newInputFile(rowPath), fileType, RowFileOptions.defaults());
          RowArrowReader arrow = rows.arrowReader(allocator, 37)) {
        VectorSchemaRoot root = arrow.getVectorSchemaRoot();
        long at = 0;
        while (arrow.loadNextBatch()) {
          int n = root.getRowCount();
          assertThat(arrow.rowNumber(0)).isEqualTo(at);
          for (int b = 0; b < blobFields.size(); b++) {
            String name = blobFields.get(b).name();
            FieldVector expected = root.getVector(name);
            // The same target every batch: reset and refilled.
            columns.get(b).readRange(at, n, targets.get(b));
            assertThat(targets.get(b).getField()).isEqualTo(expected.getField());
            assertThat(targets.get(b).getValueCount()).isEqualTo(n);
            assertThat(VectorEqualsVisitor.vectorEquals(expected, targets.get(b)))
                .as("seed %d, column %s, rows [%d, %d)", seed, name, at, at + n)
                .isTrue();
          }
          at += n;
        }
        assertThat(at).isEqualTo(t.rows.size());
      }
    }
  }

  @Test
  void descriptorRangesHoldThePayloads() throws IOException {
    for (long seed : SEEDS) {
      Written t = writeTable(seed, 120);
      List<DataField> blobFields = blobFields();
      List<BlobFileColumn> columns = openColumns(t);
      for (int b = 0; b < blobFields.size(); b++) {
        DataField f = blobFields.get(b);
        int c = TABLE.rowType().fieldIndex(f.name());
        String uri = t.blobPaths.get(b);
        FieldVector all = track(fileFormVector(f.name(), f.type()));
        columns.get(b).readRange(0, t.rows.size(), all);
        for (int r = 0; r < t.rows.size(); r++) {
          List<byte[]> expected = payloads(t.rows.get(r)[c]);
          List<BlobDescriptor> actual = descriptors(all, r);
          String where = "seed " + seed + ", column " + f.name() + ", row " + r;
          if (expected == null) {
            assertThat(actual).as(where).isNull();
            continue;
          }
          assertThat(actual).as(where).hasSize(expected.size());
          for (int e = 0; e < expected.size(); e++) {
            if (expected.get(e) == null) {
              assertThat(actual.get(e)).as(where).isNull();
            } else {
              assertThat(actual.get(e).uri()).isEqualTo(uri);
              assertThat(bytesAt(actual.get(e))).as(where).isEqualTo(expected.get(e));
            }
          }
        }
      }
    }
  }

  @Test
  void readsRandomPositionsWithRepeatsLikeTheRange() throws IOException {
    for (long seed : SEEDS) {
      Written t = writeTable(seed, 150);
      List<DataField> blobFields = blobFields();
      List<BlobFileColumn> columns = openColumns(t);
      Random rnd = new Random(seed);
      for (int b = 0; b < blobFields.size(); b++) {
        DataField f = blobFields.get(b);
        FieldVector all = track(fileFormVector(f.name(), f.type()));
        FieldVector some = track(fileFormVector(f.name(), f.type()));
        columns.get(b).readRange(0, t.rows.size(), all);
        for (int round = 0; round < 5; round++) {
          int n = rnd.nextInt(300);
          long[] positions = new long[n + rnd.nextInt(3)];
          for (int i = 0; i < positions.length; i++) {
            // Few distinct rows, so repeats are common.
            positions[i] = rnd.nextInt(round == 0 ? 4 : t.rows.size());
          }
          columns.get(b).read(positions, n, some);
          assertThat(some.getValueCount()).isEqualTo(n);
          RangeEqualsVisitor equal = new RangeEqualsVisitor(some, all);
          for (int i = 0; i < n; i++) {
            assertThat(equal.rangeEquals(new Range(i, (int) positions[i], 1)))
                .as(
                    "seed %d, column %s, target row %d = position %d",
                    seed, f.name(), i, positions[i])
                .isTrue();
          }
        }
      }
    }
  }

  // ---- against BlobFileWriter's returned ranges, on files with every kind of cell

  @Test
  void descriptorsAreTheRangesTheWriterReturned() throws IOException {
    for (DataType type : List.of(BLOB, ARRAY, INT_MAP, STRING_MAP)) {
      for (long seed : SEEDS) {
        Random rnd = new Random(seed);
        String path = "mem/" + type.root() + "-" + seed + ".blob";
        // Per row: null for a null or placeholder cell, else each element's {offset, length}.
        List<List<long[]>> expected = new ArrayList<>();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BlobFileWriter w = new BlobFileWriter(out, path, type)) {
          for (int r = 0; r < 200; r++) {
            int pick = rnd.nextInt(8);
            if (pick == 0) {
              w.addNull();
              expected.add(null);
            } else if (pick == 1) {
              w.addPlaceholder();
              expected.add(null);
            } else {
              expected.add(addRandomCell(w, type, rnd));
            }
          }
        }
        memory.put(path, out.toByteArray());
        BlobFileColumn column = track(BlobFileColumn.open(memory, path, type, "c"));
        assertThat(column.rowCount()).isEqualTo(expected.size());
        FieldVector all = track(fileFormVector("c", type));
        column.readRange(0, expected.size(), all);
        for (int r = 0; r < expected.size(); r++) {
          List<BlobDescriptor> actual = descriptors(all, r);
          String where = type + ", seed " + seed + ", row " + r;
          if (expected.get(r) == null) {
            assertThat(actual).as(where).isNull();
            continue;
          }
          List<BlobDescriptor> want = new ArrayList<>();
          for (long[] range : expected.get(r)) {
            want.add(range == null ? null : new BlobDescriptor(path, range[0], range[1]));
          }
          assertThat(actual).as(where).isEqualTo(want);
        }
      }
    }
  }

  @Test
  void anEmptyFileHasNoRows() throws IOException {
    for (DataType type : List.of(BLOB, ARRAY, STRING_MAP)) {
      BlobFileColumn column =
          track(BlobFileColumn.open(memory, blobFile(type, w -> {}), type, "c"));
      assertThat(column.rowCount()).isZero();
      FieldVector target = track(fileFormVector("c", type));
      column.readRange(0, 0, target);
      assertThat(target.getValueCount()).isZero();
      column.read(new long[0], 0, target);
      assertThat(target.getValueCount()).isZero();
      assertThatThrownBy(() -> column.readRange(0, 1, target))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("[0, 1)");
    }
  }

  @Test
  void anAllNullFileReadsAllNullsWithoutIo() throws IOException {
    for (DataType type : List.of(BLOB, ARRAY, INT_MAP)) {
      String path =
          blobFile(
              type,
              w -> {
                for (int r = 0; r < 50; r++) {
                  w.addNull();
                }
              });
      BlobFileColumn column = track(BlobFileColumn.open(memory, path, type, "c"));
      memory.reads.clear();
      FieldVector target = track(fileFormVector("c", type));
      column.readRange(0, 50, target);
      assertThat(target.getNullCount()).isEqualTo(50);
      assertThat(memory.reads).isEmpty();
    }
  }

  @Test
  void emptyArraysAndMapsDifferFromNullOnesAndPlaceholdersReadAsNull() throws IOException {
    for (DataType type : List.of(ARRAY, INT_MAP)) {
      String path =
          blobFile(
              type,
              w -> {
                if (type == ARRAY) {
                  w.addArray(List.of());
                  w.addArray(Arrays.asList(null, new byte[0], null));
                } else {
                  w.addMap(List.of());
                  w.addMap(List.of(new SimpleEntry<>(7, null), new SimpleEntry<>(8, new byte[0])));
                }
                w.addNull();
                w.addPlaceholder();
              });
      BlobFileColumn column = track(BlobFileColumn.open(memory, path, type, "c"));
      ListVector target = (ListVector) track(fileFormVector("c", type));
      column.readRange(0, 4, target);
      assertThat(descriptors(target, 0)).isEmpty();
      List<BlobDescriptor> second = descriptors(target, 1);
      assertThat(second).hasSize(type == ARRAY ? 3 : 2);
      assertThat(second.get(0)).isNull();
      assertThat(second.get(1).length()).isZero();
      assertThat(target.isNull(2)).isTrue();
      assertThat(target.isNull(3)).isTrue();
    }
  }

  // ---- what is read

  @Test
  void scalarCellsCostNoIoAfterTheIndex() throws IOException {
    String path =
        blobFile(
            BLOB,
            w -> {
              for (int r = 0; r < 100; r++) {
                w.add(new byte[1000 + r]);
                w.addNull();
              }
            });
    BlobFileColumn column = track(BlobFileColumn.open(memory, path, BLOB, "c"));
    memory.reads.clear();
    FieldVector target = track(fileFormVector("c", BLOB));
    column.readRange(0, 200, target);
    column.read(new long[] {199, 0, 0, 56}, 4, target);
    assertThat(memory.reads).isEmpty();
    assertThat(descriptors(target, 3).get(0).length()).isEqualTo(1028);
  }

  @Test
  void nestedCellsReadTheirListsAndKeysButNotTheirValues() throws IOException {
    for (DataType type : List.of(ARRAY, STRING_MAP)) {
      Random rnd = new Random(42);
      int rows = 40;
      long[] budget = new long[rows];
      String path =
          blobFile(
              type,
              w -> {
                for (int r = 0; r < rows; r++) {
                  int count = 1 + rnd.nextInt(5);
                  List<byte[]> values = new ArrayList<>();
                  List<SimpleEntry<Object, byte[]>> entries = new ArrayList<>();
                  long keyBytes = 0;
                  for (int e = 0; e < count; e++) {
                    byte[] value = new byte[4096];
                    rnd.nextBytes(value);
                    values.add(value);
                    String key = "key-" + e;
                    keyBytes += key.length();
                    entries.add(new SimpleEntry<>(key, value));
                  }
                  if (type == ARRAY) {
                    w.addArray(values);
                  } else {
                    w.addMap(entries);
                  }
                  // Header, list sizes, the lists' worst case and the keys.
                  budget[r] = 9 + 8 + 20L * count + keyBytes;
                }
              });
      BlobFileColumn column = track(BlobFileColumn.open(memory, path, type, "c"));
      FieldVector target = track(fileFormVector("c", type));
      long[] positions = {5, 5, 17, 5, 17, 3, 3};
      memory.reads.clear();
      column.read(positions, positions.length, target);
      int readsPerCell = type == ARRAY ? 2 : 3;
      assertThat(memory.reads).as(type.toString()).hasSizeLessThanOrEqualTo(3 * readsPerCell);
      long read = memory.reads.stream().mapToLong(r -> r[1]).sum();
      assertThat(read).as(type.toString()).isLessThanOrEqualTo(budget[5] + budget[17] + budget[3]);

      memory.reads.clear();
      column.read(new long[] {5}, 1, target);
      int one = memory.reads.size();
      memory.reads.clear();
      column.read(new long[] {5, 5, 5, 5}, 4, target);
      assertThat(memory.reads).as("a repeated row is read once per call").hasSize(one);
    }
  }

  // ---- argument and type checks

  @Test
  void positionsOutsideTheFileAreRejectedNamingFileAndPosition() throws IOException {
    String path = blobFile(BLOB, w -> w.add(new byte[3]));
    BlobFileColumn column = track(BlobFileColumn.open(memory, path, BLOB, "c"));
    FieldVector target = track(fileFormVector("c", BLOB));
    assertThatThrownBy(() -> column.read(new long[] {0, 1}, 2, target))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(path)
        .hasMessageContaining("position 1 ");
    assertThatThrownBy(() -> column.read(new long[] {-1}, 1, target))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("position -1 ");
    assertThatThrownBy(() -> column.read(new long[] {0}, 2, target))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("n = 2");
    assertThatThrownBy(() -> column.readRange(1, 1, target))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(path)
        .hasMessageContaining("[1, 2)");
    assertThatThrownBy(() -> column.readRange(Long.MAX_VALUE, 2, target))
        .isInstanceOf(IllegalArgumentException.class);
    // A positions array longer than n is fine: only the first n count.
    column.read(new long[] {0, 99}, 1, target);
    assertThat(target.getValueCount()).isOne();
  }

  @Test
  void aTargetOfAnotherTypeIsRejected() throws IOException {
    String path = blobFile(INT_MAP, w -> w.addMap(List.of()));
    BlobFileColumn column = track(BlobFileColumn.open(memory, path, INT_MAP, "c"));
    for (DataType other : List.of(BLOB, ARRAY, STRING_MAP, DataTypes.INT())) {
      FieldVector target = track(fileFormVector("c", other));
      assertThatThrownBy(() -> column.readRange(0, 1, target))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("is not of the file form");
    }
    IntVector ints = track(new IntVector("c", allocator));
    assertThatThrownBy(() -> column.read(new long[] {0}, 1, ints))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not of the file form");
  }

  @Test
  void columnTypesABlobFileCannotHoldAreRejectedBeforeOpening() {
    for (DataType type :
        List.of(
            DataTypes.STRING(),
            DataTypes.BYTES(),
            DataTypes.ARRAY(DataTypes.INT()),
            DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
            DataTypes.MAP(DataTypes.DOUBLE(), BLOB))) {
      // The file does not exist: the type is checked first.
      assertThatThrownBy(() -> BlobFileColumn.open(memory, "mem/missing.blob", type, "c"))
          .as(type.toString())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageMatching("(?s).*(holds BLOB|does not support key type).*");
    }
  }

  @Test
  void closingClosesTheFile() throws IOException {
    String path = blobFile(BLOB, w -> w.add(new byte[3]));
    BlobFileColumn column = BlobFileColumn.open(memory, path, BLOB, "c");
    assertThat(memory.open).isOne();
    column.close();
    assertThat(memory.open).isZero();
  }

  // ---- helpers

  private record Written(String rowPath, List<String> blobPaths, List<Object[]> rows) {}

  /**
   * Writes {@code n} random rows of {@link #TABLE}: each BLOB column to a {@code .blob} file with
   * {@link BlobFileWriter}, and a {@code .row} file of every column in data-file form whose BLOB
   * cells are the descriptors of the payloads' ranges, as {@link BlobFileWriter} reported them: the
   * vectors a {@code .row} reader decodes from it are what {@link BlobFileColumn} must produce.
   */
  private Written writeTable(long seed, int n) throws IOException {
    Random rnd = new Random(seed);
    Path base = dir.resolve("t" + seed + "-" + n);
    Files.createDirectories(base);
    List<Object[]> rows = new ArrayList<>();
    RowType type = TABLE.rowType();
    for (int r = 0; r < n; r++) {
      Object[] row = new Object[type.fieldCount()];
      row[0] = (long) r;
      for (int c = 1; c < row.length; c++) {
        String name = type.fields().get(c).name();
        row[c] = name.equals("never") || rnd.nextInt(6) == 0 ? null : value(type.typeAt(c), rnd);
      }
      rows.add(row);
    }
    List<Object[]> stored = new ArrayList<>();
    for (Object[] row : rows) {
      stored.add(row.clone());
    }
    List<String> blobPaths = new ArrayList<>();
    for (int c = 0; c < type.fieldCount(); c++) {
      DataType t = type.typeAt(c);
      if (!StorageTypes.containsBlob(t)) {
        continue;
      }
      String path = base.resolve("data-" + c + ".blob").toString();
      blobPaths.add(path);
      try (BlobFileWriter w = new BlobFileWriter(FileIO.local().newOutputStream(path), path, t)) {
        for (Object[] row : stored) {
          row[c] = storeCell(w, path, t, row[c]);
        }
      }
    }
    String rowPath = base.resolve("data-0.row").toString();
    try (RowFileWriter w =
        RowFile.newWriter(
            FileIO.local().newOutputStream(rowPath),
            rowPath,
            StorageTypes.toFileType(type),
            RowFileOptions.defaults())) {
      for (Object[] row : stored) {
        w.write(Row.wrap(row));
      }
    }
    return new Written(rowPath, blobPaths, rows);
  }

  /** Adds a cell to a {@code .blob} file and returns its data-file form (descriptor bytes). */
  @SuppressWarnings("unchecked")
  private static Object storeCell(BlobFileWriter w, String uri, DataType type, Object value)
      throws IOException {
    if (value == null) {
      w.addNull();
      return null;
    }
    if (type.root() == DataTypeRoot.BLOB) {
      long[] range = w.add((byte[]) value);
      return new BlobDescriptor(uri, range[0], range[1]).serialize();
    }
    if (type.root() == DataTypeRoot.ARRAY) {
      List<byte[]> cells = (List<byte[]>) value;
      BlobNestedCodec.Layout layout = w.addArray(cells).layout();
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < cells.size(); i++) {
        out.add(
            cells.get(i) == null
                ? null
                : new BlobDescriptor(uri, layout.valueOffset(i), layout.valueLength(i))
                    .serialize());
      }
      return out;
    }
    Map<Object, byte[]> map = (Map<Object, byte[]>) value;
    BlobNestedCodec.Layout layout = w.addMap(new ArrayList<>(map.entrySet())).layout();
    Map<Object, Object> out = new LinkedHashMap<>();
    int i = 0;
    for (Map.Entry<Object, byte[]> e : map.entrySet()) {
      out.put(
          e.getKey(),
          e.getValue() == null
              ? null
              : new BlobDescriptor(uri, layout.valueOffset(i), layout.valueLength(i)).serialize());
      i++;
    }
    return out;
  }

  private static List<DataField> blobFields() {
    return TABLE.rowType().fields().stream()
        .filter(f -> StorageTypes.containsBlob(f.type()))
        .collect(Collectors.toList());
  }

  private List<BlobFileColumn> openColumns(Written t) throws IOException {
    List<BlobFileColumn> columns = new ArrayList<>();
    List<DataField> fields = blobFields();
    for (int b = 0; b < fields.size(); b++) {
      String path = t.blobPaths.get(b);
      columns.add(
          track(
              BlobFileColumn.open(
                  FileIO.local(), path, fields.get(b).type(), fields.get(b).name())));
    }
    return columns;
  }

  /** A random table value of a BLOB-bearing type: BLOB, ARRAY&lt;BLOB&gt; or MAP&lt;K, BLOB&gt;. */
  private byte[] bytesAt(BlobDescriptor d) throws IOException {
    byte[] out = new byte[Math.toIntExact(d.length())];
    FileIO io = d.uri().startsWith("mem/") ? memory : FileIO.local();
    try (InputFile in = io.newInputFile(d.uri())) {
      in.readFully(d.offset(), out, 0, out.length);
    }
    return out;
  }

  private FieldVector fileFormVector(String name, DataType type) {
    return BlobColumnFixtures.fileFormVector(allocator, name, type);
  }

  private <T extends AutoCloseable> T track(T resource) {
    toClose.add(resource);
    return resource;
  }

  /** Writes a file into {@link #memory} and returns its path. */
  private String blobFile(DataType type, Cells cells) {
    String path = "mem/" + type.root() + "-" + memory.files.size() + ".blob";
    memory.put(path, writeBytes(type, cells));
    return path;
  }
}
