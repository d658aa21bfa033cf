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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.CompactOptions;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.scan.SnapshotRanges;
import io.paimon.multimodal.internal.write.RangeWriter;
import io.paimon.multimodal.internal.write.WriteOptions;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.roaringbitmap.RoaringBitmap;

/**
 * {@link Table#compact()}: data-evolution compaction that keeps every row's {@code _ROW_ID}, as
 * Paimon 2.x compacts without materializing deletion vectors. Within a partition, runs of adjacent
 * row-ID ranges (consecutive row IDs, up to {@code target-file-size} of data files: the {@code
 * .blob} files are not rewritten) that are small or hold update files ({@code _WRITE_COLS} files,
 * newer {@code .blob} files of a column) get one new data file of every column not kept in {@code
 * .blob} files, covering the run with its first row ID, deleted rows included so that every row
 * keeps its position. The {@code .blob} files a read takes are kept (they chain along the new
 * range); the ones updates replaced, and every old data file, are dropped, and the ranges' deletion
 * vectors move to the new file, shifted by each range's offset, all in one COMPACT commit. Adjacent
 * ranges join a run only when the same columns come from {@code .blob} files in both, so that every
 * chain covers the whole run. Prepared anew on each attempt. Thread-safe (stateless between
 * attempts).
 */
public final class Compaction implements Committer.Change {

  static final String COMMIT_KIND = "COMPACT";

  private final TableState table;
  private final WriteOptions options;

  private Compaction(TableState table, WriteOptions options) {
    this.table = table;
    this.options = options;
  }

  /** Compacts {@code owner}; the latest snapshot if there was nothing to compact. */
  public static Snapshot compact(Table owner, ChangeContext at, CompactOptions options) {
    Committer.Change change =
        options.applyDeletions()
            ? new ApplyDeletions(owner, at.state(), at.writeOptions())
            : new Compaction(at.state(), at.writeOptions());
    try {
      SnapshotFile committed = at.committer().commit(change);
      if (committed != null) {
        return committed.snapshot();
      }
      return owner
          .latestSnapshot()
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "table '" + owner.name() + "' has no snapshot to compact"));
    } catch (IOException e) {
      throw new UncheckedIOException(at.state().paths().root() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Committer.Prepared prepare(SnapshotFile parent, List<String> created) throws IOException {
    if (parent == null) {
      return null;
    }
    int[] columns = fileColumns();
    if (columns.length == 0) {
      return null;
    }
    List<ManifestEntry> entries = new ArrayList<>();
    Set<String> dropped = new HashSet<>();
    Map<String, RoaringBitmap> moved = new HashMap<>();
    Map<String, byte[]> partitionOf = new HashMap<>();
    for (List<RunPlanner.Range> run :
        RunPlanner.runs(
            RunPlanner.ranges(table, parent),
            options.targetFileSize(),
            RunPlanner.Range::dataBytes,
            r -> true,
            (a, b) -> sameBlobColumns(a.range(), b.range()))) {
      if (!worthRewriting(run)) {
        continue;
      }
      ManifestEntry file = rewrite(parent, run, columns, created);
      entries.add(file);
      Set<String> kept = new HashSet<>();
      RoaringBitmap deleted = new RoaringBitmap();
      long start = run.get(0).range().firstRowId();
      for (RunPlanner.Range r : run) {
        for (List<String> chain : r.range().blobChains()) {
          if (chain != null) {
            kept.addAll(chain);
          }
        }
        if (r.range().deleted() != null) {
          int offset = (int) (r.range().firstRowId() - start);
          r.range().deleted().forEach((int p) -> deleted.add(p + offset));
        }
      }
      entries.addAll(RunPlanner.deletes(run, e -> kept.contains(e.file().fileName())));
      dropped.addAll(RunPlanner.normalFiles(run));
      if (!deleted.isEmpty()) {
        moved.put(file.file().fileName(), deleted);
        partitionOf.put(file.file().fileName(), file.partition());
      }
    }
    if (entries.isEmpty()) {
      return null;
    }
    IndexChanges index = IndexChanges.of(table, parent, created);
    index.changeVectors(dropped, moved, partitionOf);
    return index.changed()
        ? Committer.Prepared.withIndex(
            entries, table.schemaId(), COMMIT_KIND, index.writeManifest())
        : Committer.Prepared.keepingIndex(entries, table.schemaId(), COMMIT_KIND);
  }

  /** The table columns the new data files hold: every column not stored in {@code .blob} files. */
  private int[] fileColumns() {
    RowType type = table.schema().rowType();
    List<Integer> out = new ArrayList<>();
    for (int c = 0; c < type.fieldCount(); c++) {
      if (!StorageTypes.containsBlob(type.typeAt(c))
          || table.options().descriptorFields().contains(type.fields().get(c).name())) {
        out.add(c);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Whether the same columns come from {@code .blob} files in both ranges. */
  private static boolean sameBlobColumns(SnapshotRanges.Range a, SnapshotRanges.Range b) {
    for (int c = 0; c < a.blobChains().size(); c++) {
      if ((a.blobChains().get(c) == null) != (b.blobChains().get(c) == null)) {
        return false;
      }
    }
    return true;
  }

  /**
   * More than one range, or a range of several data files, or with replaced {@code .blob} files.
   */
  private static boolean worthRewriting(List<RunPlanner.Range> run) {
    if (run.size() > 1) {
      return true;
    }
    RunPlanner.Range r = run.get(0);
    Set<String> chained = new HashSet<>();
    for (List<String> chain : r.range().blobChains()) {
      if (chain != null) {
        chained.addAll(chain);
      }
    }
    int normals = 0;
    for (ManifestEntry e : r.files()) {
      if (!e.file().isBlobFile()) {
        normals++;
      } else if (!chained.contains(e.file().fileName())) {
        return true;
      }
    }
    return normals > 1;
  }

  /**
   * Reads the run's rows (deleted ones too) in row-ID order and writes their {@code columns} as one
   * data file with the run's first row ID.
   */
  private ManifestEntry rewrite(
      SnapshotFile parent, List<RunPlanner.Range> run, int[] columns, List<String> created)
      throws IOException {
    SnapshotRanges.Range first = run.get(0).range();
    long start = first.firstRowId();
    long end = run.get(run.size() - 1).range().endRowId();
    RowType type = table.schema().rowType();
    List<String> names = new ArrayList<>(columns.length);
    for (int c : columns) {
      names.add(type.fields().get(c).name());
    }
    RangeWriter writer =
        new RangeWriter(
            table,
            options,
            first.partition(),
            first.partitionPath(table),
            start,
            end - start,
            columns);
    try {
      long expected = start;
      try (ArrowReader reader =
          SnapshotRanges.readWithDeleted(
              table, parent, first.partition(), start, end, names, table.allocator())) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          int n = batch.getRowCount();
          BigIntVector rowIds = (BigIntVector) batch.getVector(Schema.ROW_ID);
          if (n > 0 && (rowIds.get(0) != expected || rowIds.get(n - 1) != expected + n - 1)) {
            throw new IOException(
                table.paths().root()
                    + ": compaction read row IDs from "
                    + rowIds.get(0)
                    + " where "
                    + expected
                    + " was due");
          }
          if (writer.appendsArrow()) {
            FieldVector[] vectors = new FieldVector[columns.length];
            for (int k = 0; k < columns.length; k++) {
              vectors[k] = batch.getVector(names.get(k));
            }
            writer.appendArrow(vectors, 0, n);
          } else {
            Object[] values = new Object[type.fieldCount()];
            for (int r = 0; r < n; r++) {
              for (int k = 0; k < columns.length; k++) {
                int c = columns[k];
                values[c] =
                    ArrowValues.get(names.get(k), type.typeAt(c), batch.getVector(names.get(k)), r);
              }
              writer.write(values);
            }
          }
          expected += n;
        }
      }
      if (expected != end) {
        throw new IOException(
            table.paths().root() + ": compaction read row IDs up to " + expected + ", not " + end);
      }
      List<ManifestEntry> written = writer.finish();
      created.addAll(writer.writtenFiles());
      ManifestEntry e = Objects.requireNonNull(written.get(0));
      return e.withFile(e.file().toBuilder().fileSource(DataFileMeta.SOURCE_COMPACT).build());
    } catch (IOException | RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  @Override
  public String toString() {
    return "compaction of " + table.name();
  }
}
