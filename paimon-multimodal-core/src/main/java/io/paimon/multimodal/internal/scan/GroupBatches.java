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
package io.paimon.multimodal.internal.scan;

import io.paimon.blob.BlobFileReader;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.blob.BlobFileColumn;
import io.paimon.multimodal.internal.meta.MetadataCache;
import io.paimon.row.ArrowSchemas;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.roaringbitmap.RoaringBitmap;

/**
 * The Arrow batches of one {@link DataGroup}, narrowed to the read columns and optionally to some
 * rows, with the rows that pass the scan's filter: Paimon's data-evolution read. The data file that
 * supplies most of the read columns drives the read ({@link FileBatches}: row selection, row-group
 * pruning, the two-pass filter); every other column is filled for the same rows from the newer data
 * file that holds it, from its {@code .blob} files (descriptors only; payloads stay unread), or
 * with nulls. A group of one file reads exactly as that file. Batches are in data-file form (BLOB
 * as descriptor bytes), columns in read order, named by the table's columns. Owns its readers and
 * vectors until closed. Not thread-safe.
 */
final class GroupBatches implements AutoCloseable {

  final DataGroup group;
  private final TableState table;
  private final FileBatches primary;
  private final BufferAllocator allocator;
  private final RowType tableType;

  /** Per read column: its slot in the primary's batch, or -1 when another source fills it. */
  private final int[] primarySlot;

  private final FieldVector[] owned;

  /** Per read column: whether no file of the group holds it, so it reads as null. */
  private final boolean[] nullColumn;

  private final List<SecondaryFile> secondaries = new ArrayList<>();

  /**
   * Per secondary file, its streaming read when this group is scanned whole (all live rows), so
   * that a range with update files decodes each once, in parallel; null for row selections (takes),
   * whose few rows are read per batch.
   */
  private final List<SecondaryCursor> cursors;

  private final Map<Integer, List<PlannedFile>> blobChains = new LinkedHashMap<>();
  private final Map<String, BlobFileColumn> blobColumns = new LinkedHashMap<>();
  private final Map<String, RowFileReader> secondaryReaders = new LinkedHashMap<>();
  private final List<OpenFiles.Lease> leases = new ArrayList<>();
  private final OpenFiles openFiles;
  private final int[] readColumns;
  private final ScanFilter lateFilter;
  private final BigIntVector rowIds;
  private final boolean passThrough;
  private VectorSchemaRoot composite;
  private long[] positions = new long[0];
  private long secondaryBytes;

  /** Rows of the current batch that passed, or null when all did. */
  int[] selected;

  int batchRows;

  /** A newer data file supplying some read columns, read for each batch's rows. */
  private record SecondaryFile(PlannedFile file, int[] fileColumns, int[] readSlots) {}

  /**
   * Reads {@code group}'s table columns {@code readColumns}, of its rows (positions from the
   * group's first row ID) in {@code rows} (all live rows when null), with {@code filter} applied
   * (null for none). Its data files come from {@code openFiles} when given (each opened at most
   * once for the whole read), else they are opened here with {@code readOptions} and closed with
   * this.
   */
  GroupBatches(
      TableState table,
      DataGroup group,
      int[] readColumns,
      RoaringBitmap rows,
      ScanFilter filter,
      BufferAllocator allocator,
      int batchSize,
      RowFileOptions readOptions,
      OpenFiles openFiles)
      throws IOException {
    this.table = table;
    this.openFiles = openFiles;
    this.group = group;
    this.allocator = allocator;
    this.readColumns = readColumns;
    this.tableType = table.schema().rowType();
    List<PlannedFile> normals = group.normals();
    int best = 0;
    int bestCount = -1;
    for (int k = 0; k < normals.size(); k++) {
      int count = 0;
      for (int c : readColumns) {
        if (group.normalOf(c) == k) {
          count++;
        }
      }
      if (count > bestCount) {
        best = k;
        bestCount = count;
      }
    }
    PlannedFile main = normals.get(best);
    int primaryIndex = best;
    this.primarySlot = new int[readColumns.length];
    this.nullColumn = new boolean[readColumns.length];
    List<Integer> mainColumns = new ArrayList<>();
    Map<Integer, List<Integer>> bySecondary = new LinkedHashMap<>();
    boolean others = false;
    for (int j = 0; j < readColumns.length; j++) {
      int c = readColumns[j];
      int k = group.normalOf(c);
      if (k == primaryIndex) {
        primarySlot[j] = mainColumns.size();
        mainColumns.add(main.fileColumnOf()[c]);
        continue;
      }
      primarySlot[j] = -1;
      others = true;
      if (k >= 0) {
        bySecondary.computeIfAbsent(k, x -> new ArrayList<>()).add(j);
      } else if (group.blobChains().get(c) != null) {
        blobChains.put(j, group.blobChains().get(c));
      } else {
        nullColumn[j] = true;
      }
    }
    for (Map.Entry<Integer, List<Integer>> e : bySecondary.entrySet()) {
      PlannedFile f = normals.get(e.getKey());
      int[] slots = e.getValue().stream().mapToInt(Integer::intValue).toArray();
      int[] cols = new int[slots.length];
      for (int i = 0; i < slots.length; i++) {
        cols[i] = f.fileColumnOf()[readColumns[slots[i]]];
      }
      secondaries.add(new SecondaryFile(f, cols, slots));
    }
    boolean filterOnMain = filter == null || primaryHolds(filter, primaryIndex);
    this.lateFilter = filterOnMain ? null : filter;
    RoaringBitmap selection = rows;
    if (group.deleted() != null && !group.deleted().isEmpty()) {
      RoaringBitmap live = RoaringBitmap.bitmapOfRange(0, group.rowCount());
      live.andNot(group.deleted());
      selection = selection == null ? live : RoaringBitmap.and(selection, live);
    }
    this.passThrough = !others;
    this.cursors =
        rows == null && openFiles == null && !secondaries.isEmpty() ? new ArrayList<>() : null;
    this.owned = new FieldVector[readColumns.length];
    BigIntVector ids = null;
    FileBatches p =
        new FileBatches(
            table,
            main,
            mainColumns.stream().mapToInt(Integer::intValue).toArray(),
            selection,
            filterOnMain ? filter : null,
            allocator,
            batchSize,
            readOptions,
            openFiles);
    try {
      for (int j = 0; j < readColumns.length; j++) {
        if (primarySlot[j] < 0) {
          DataType fileForm = StorageTypes.toFileType(tableType.typeAt(readColumns[j]));
          owned[j] =
              ArrowSchemas.toArrowField(tableType.fields().get(readColumns[j]).name(), fileForm)
                  .createVector(allocator);
        }
      }
      if (lateFilter != null && lateFilter.referencesRowId()) {
        ids = new BigIntVector(Schema.ROW_ID, allocator);
      }
      if (cursors != null) {
        for (SecondaryFile sf : secondaries) {
          cursors.add(
              new SecondaryCursor(
                  table,
                  sf.file(),
                  sf.fileColumns(),
                  selection,
                  readOptions,
                  allocator,
                  batchSize));
        }
      }
    } catch (IOException | RuntimeException e) {
      closeOwned();
      closeCursors();
      p.close();
      throw e;
    }
    this.primary = p;
    this.rowIds = ids;
  }

  private boolean primaryHolds(ScanFilter filter, int primaryIndex) {
    for (String name : filter.referencedColumns()) {
      if (Schema.ROW_ID.equals(name)) {
        continue;
      }
      if (group.normalOf(tableType.fieldIndex(name)) != primaryIndex) {
        return false;
      }
    }
    return true;
  }

  long firstRowId() {
    return group.firstRowId();
  }

  /** The file driving the read, for messages. */
  String path() {
    return primary.path;
  }

  /** The position in the group of row {@code i} of the current batch. */
  long rowNumber(int i) {
    return primary.reader.rowNumber(i);
  }

  RowArrowReader reader() {
    return primary.reader;
  }

  long bytesRead() {
    long streamed = 0;
    if (cursors != null) {
      for (SecondaryCursor c : cursors) {
        streamed += c.bytesRead();
      }
    }
    return primary.reader.bytesRead() + secondaryBytes + streamed;
  }

  /** Loads the next batch and filters it; false at the end of the group. */
  boolean next() throws IOException {
    if (!primary.next()) {
      return false;
    }
    VectorSchemaRoot main = primary.batch();
    batchRows = main.getRowCount();
    if (passThrough) {
      composite = main;
      selected = primary.selected;
      return true;
    }
    int n = batchRows;
    if (positions.length < n) {
      positions = new long[Math.max(n, positions.length * 2)];
    }
    for (int i = 0; i < n; i++) {
      positions[i] = primary.reader.rowNumber(i);
    }
    for (int k = 0; k < secondaries.size(); k++) {
      if (cursors != null) {
        SecondaryFile sf = secondaries.get(k);
        FieldVector[] targets = new FieldVector[sf.readSlots().length];
        for (int i = 0; i < targets.length; i++) {
          targets[i] = owned[sf.readSlots()[i]];
        }
        cursors.get(k).fill(positions, n, targets);
      } else {
        fillSecondary(secondaries.get(k), n);
      }
    }
    for (Map.Entry<Integer, List<PlannedFile>> e : blobChains.entrySet()) {
      fillBlobs(e.getValue(), owned[e.getKey()], n);
    }
    List<FieldVector> vectors = new ArrayList<>(readColumns.length);
    List<FieldVector> mainVectors = main.getFieldVectors();
    for (int j = 0; j < readColumns.length; j++) {
      if (primarySlot[j] >= 0) {
        vectors.add(mainVectors.get(primarySlot[j]));
      } else {
        if (nullColumn[j]) {
          owned[j].reset();
          owned[j].setInitialCapacity(Math.max(1, n));
          owned[j].allocateNew();
          owned[j].setValueCount(n);
        }
        vectors.add(owned[j]);
      }
    }
    composite = new VectorSchemaRoot(vectors);
    composite.setRowCount(n);
    if (lateFilter == null) {
      selected = primary.selected;
    } else {
      selected = lateFilter.select(rowIds == null ? composite : withRowIds(n));
    }
    return true;
  }

  private void fillSecondary(SecondaryFile s, int n) throws IOException {
    RoaringBitmap rows = new RoaringBitmap();
    for (int i = 0; i < n; i++) {
      rows.add((int) positions[i]);
    }
    RowFileReader opened = secondaryReader(s.file());
    try (RowFileReader projected = opened.project(s.fileColumns());
        RowFileReader picked = projected.select(rows);
        RowArrowReader reader = picked.arrowReader(allocator, Math.max(1, n))) {
      int at = 0;
      for (int j : s.readSlots()) {
        owned[j].reset();
      }
      while (reader.loadNextBatch()) {
        VectorSchemaRoot b = reader.getVectorSchemaRoot();
        int m = b.getRowCount();
        for (int i = 0; i < s.readSlots().length; i++) {
          VectorCopy.copyRows(b.getVector(i), null, 0, m, owned[s.readSlots()[i]], at);
        }
        at += m;
      }
      for (int j : s.readSlots()) {
        owned[j].setValueCount(at);
      }
      secondaryBytes += reader.bytesRead();
    }
  }

  /** A newer data file of the group, opened once (its footer and index read once per group). */
  private RowFileReader secondaryReader(PlannedFile f) throws IOException {
    RowFileReader opened = secondaryReaders.get(f.path());
    if (opened == null && openFiles != null) {
      OpenFiles.Lease lease = openFiles.open(f);
      leases.add(lease);
      opened = lease.reader();
      secondaryReaders.put(f.path(), opened);
    }
    if (opened == null) {
      opened = f.open(table.io(), RowFileOptions.defaults().readAheadBlocks(0));
      if (opened.rowCount() != f.meta().rowCount()) {
        long actual = opened.rowCount();
        opened.close();
        throw new IOException(
            f.path()
                + " holds "
                + actual
                + " rows, its manifest entry says "
                + f.meta().rowCount());
      }
      secondaryReaders.put(f.path(), opened);
    }
    return opened;
  }

  private void fillBlobs(List<PlannedFile> chain, FieldVector target, int n) throws IOException {
    if (chain.size() == 1) {
      blobColumn(chain.get(0)).read(positions, n, target);
      return;
    }
    // Rows ascend, so each file of the chain supplies one run of them.
    target.reset();
    int at = 0;
    for (PlannedFile f : chain) {
      long start = f.firstRowId() - group.firstRowId();
      long end = start + f.meta().rowCount();
      int from = at;
      while (at < n && positions[at] < end) {
        at++;
      }
      if (at == from) {
        continue;
      }
      long[] local = new long[at - from];
      for (int i = from; i < at; i++) {
        local[i - from] = positions[i] - start;
      }
      try (FieldVector part = target.getField().createVector(allocator)) {
        blobColumn(f).read(local, local.length, part);
        VectorCopy.copyRows(part, null, 0, local.length, target, from);
      }
    }
    target.setValueCount(n);
  }

  private BlobFileColumn blobColumn(PlannedFile f) throws IOException {
    BlobFileColumn c = blobColumns.get(f.path());
    if (c == null) {
      DataType type = tableType.typeAt(f.tableColumnOf()[0]);
      String column = f.fileType().fields().get(0).name();
      // A .blob file's row index is metadata like a manifest: read once per connection, so a
      // later scan of the same rows starts fetching payloads without a round trip per file.
      BlobFileColumn[] opened = new BlobFileColumn[1];
      BlobFileReader.Index index =
          table
              .manifests()
              .derived(
                  "blob-index/" + f.path(),
                  () -> {
                    opened[0] = BlobFileColumn.open(table.io(), f.path(), type, column);
                    BlobFileReader.Index i = opened[0].index();
                    return new MetadataCache.Loaded<>(i, i.weight());
                  });
      c =
          opened[0] != null
              ? opened[0]
              : BlobFileColumn.open(table.io(), f.path(), type, column, index);
      if (c.rowCount() != f.meta().rowCount()) {
        long actual = c.rowCount();
        c.close();
        throw new IOException(
            f.path()
                + " holds "
                + actual
                + " rows, its manifest entry says "
                + f.meta().rowCount());
      }
      blobColumns.put(f.path(), c);
    }
    return c;
  }

  private VectorSchemaRoot withRowIds(int n) {
    rowIds.reset();
    rowIds.setInitialCapacity(Math.max(1, n));
    rowIds.allocateNew();
    for (int i = 0; i < n; i++) {
      rowIds.set(i, group.firstRowId() + positions[i]);
    }
    rowIds.setValueCount(n);
    List<FieldVector> vectors = new ArrayList<>(composite.getFieldVectors());
    vectors.add(rowIds);
    return new VectorSchemaRoot(vectors);
  }

  VectorSchemaRoot batch() {
    return composite;
  }

  /** Rows of the current batch that go on. */
  int passing() {
    return selected == null ? batchRows : selected.length;
  }

  private void closeCursors() {
    if (cursors != null) {
      for (SecondaryCursor c : cursors) {
        try {
          c.close();
        } catch (IOException e) {
          // closing what a failed open left behind
        }
      }
    }
  }

  private void closeOwned() {
    for (FieldVector v : owned) {
      if (v != null) {
        v.close();
      }
    }
  }

  @Override
  public void close() throws IOException {
    IOException failure = null;
    if (openFiles == null) {
      for (RowFileReader r : secondaryReaders.values()) {
        try {
          r.close();
        } catch (IOException e) {
          failure = failure == null ? e : failure;
        }
      }
    }
    for (OpenFiles.Lease lease : leases) {
      try {
        lease.close();
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (cursors != null) {
      for (SecondaryCursor c : cursors) {
        try {
          c.close();
        } catch (IOException e) {
          failure = failure == null ? e : failure;
        }
      }
    }
    for (BlobFileColumn c : blobColumns.values()) {
      try {
        c.close();
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
    }
    closeOwned();
    if (rowIds != null) {
      rowIds.close();
    }
    primary.close();
    if (failure != null) {
      throw failure;
    }
  }
}
