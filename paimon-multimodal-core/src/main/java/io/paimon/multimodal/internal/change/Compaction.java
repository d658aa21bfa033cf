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

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.scan.SnapshotRanges;
import io.paimon.multimodal.internal.write.TableWriter;
import io.paimon.multimodal.internal.write.WriteOptions;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * {@link Table#compact()}: data-evolution compaction that keeps every row's {@code _ROW_ID}. Within
 * a partition, runs of adjacent row-ID ranges (consecutive row IDs) whose files are small or that
 * hold update files ({@code _WRITE_COLS} files or newer {@code .blob} files of a column) are read
 * whole and written again as full files (every column, BLOB payloads copied) with the same first
 * row ID, replacing all their files in one COMPACT commit. A run's size is bounded by {@code
 * target-file-size}. Ranges with deletion vectors are left as they are: their deleted rows still
 * hold positions (row IDs) that a compacted file without a physical {@code _ROW_ID} column could
 * not keep. Prepared anew on each attempt. Thread-safe (stateless between attempts).
 */
public final class Compaction implements Committer.Change {

  static final String COMMIT_KIND = "COMPACT";

  private final Table owner;
  private final TableState table;
  private final WriteOptions options;

  Compaction(Table owner, TableState table, WriteOptions options) {
    this.owner = owner;
    this.table = table;
    this.options = options;
  }

  /** Compacts {@code owner}; the latest snapshot if there was nothing to compact. */
  public static Snapshot compact(Table owner, ChangeContext at) {
    try {
      SnapshotFile committed =
          at.committer().commit(new Compaction(owner, at.state(), at.writeOptions()));
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

  /** One row-ID range with its live files. */
  private record Range(SnapshotRanges.Range range, List<ManifestEntry> files, long bytes) {}

  @Override
  public Committer.Prepared prepare(SnapshotFile parent, List<String> created) throws IOException {
    if (parent == null) {
      return null;
    }
    List<SnapshotRanges.Range> ranges = SnapshotRanges.ranges(table, parent);
    List<ManifestEntry> live = SnapshotRanges.liveEntries(table, parent);
    live.sort((a, b) -> Long.compare(a.file().requireFirstRowId(), b.file().requireFirstRowId()));
    List<Range> all = new ArrayList<>();
    int f = 0;
    for (SnapshotRanges.Range r : ranges) {
      List<ManifestEntry> files = new ArrayList<>();
      long bytes = 0;
      while (f < live.size() && live.get(f).file().requireFirstRowId() < r.endRowId()) {
        files.add(live.get(f));
        bytes += live.get(f).file().fileSize();
        f++;
      }
      all.add(new Range(r, files, bytes));
    }
    long target = options.targetFileSize();
    List<ManifestEntry> entries = new ArrayList<>();
    int i = 0;
    while (i < all.size()) {
      if (!compactable(all.get(i), parent)) {
        i++;
        continue;
      }
      int j = i + 1;
      long bytes = all.get(i).bytes();
      while (j < all.size()
          && compactable(all.get(j), parent)
          && Arrays.equals(all.get(j).range().partition(), all.get(i).range().partition())
          && all.get(j).range().firstRowId() == all.get(j - 1).range().endRowId()
          && bytes + all.get(j).bytes() <= target) {
        bytes += all.get(j).bytes();
        j++;
      }
      List<Range> run = all.subList(i, j);
      if (worthRewriting(run)) {
        entries.addAll(rewrite(parent, run, created));
      }
      i = j;
    }
    return entries.isEmpty()
        ? null
        : Committer.Prepared.keepingIndex(entries, table.schemaId(), COMMIT_KIND);
  }

  /** A range without deletion vectors. */
  private boolean compactable(Range r, SnapshotFile parent) throws IOException {
    return !deletedIn(r, parent);
  }

  private boolean deletedIn(Range r, SnapshotFile parent) throws IOException {
    if (parent.indexManifest() == null) {
      return false;
    }
    long live =
        owner
            .scan()
            .snapshot(parent.id())
            .where(
                Schema.ROW_ID
                    + " >= "
                    + r.range().firstRowId()
                    + " AND "
                    + Schema.ROW_ID
                    + " < "
                    + r.range().endRowId())
            .count();
    return live != r.range().rowCount();
  }

  /** More than one range, or a range of several files of a column (update files). */
  private boolean worthRewriting(List<Range> run) {
    if (run.size() > 1) {
      return true;
    }
    List<ManifestEntry> files = run.get(0).files();
    int normals = 0;
    List<String> blobColumns = new ArrayList<>();
    for (ManifestEntry e : files) {
      DataFileMeta m = e.file();
      if (m.isBlobFile()) {
        String column = m.writeCols() == null ? "" : String.join(",", m.writeCols());
        if (blobColumns.contains(column) && m.firstRowId() == run.get(0).range().firstRowId()) {
          return true;
        }
        blobColumns.add(column);
      } else {
        normals++;
      }
    }
    return normals > 1;
  }

  /** Reads the run's rows in row-ID order and writes them as full files with the same row IDs. */
  private List<ManifestEntry> rewrite(SnapshotFile parent, List<Range> run, List<String> created)
      throws IOException {
    SnapshotRanges.Range first = run.get(0).range();
    long start = first.firstRowId();
    long end = run.get(run.size() - 1).range().endRowId();
    RowType type = table.schema().rowType();
    TableWriter writer =
        new TableWriter(table, unrolled(), first.partition(), first.partitionPath(table));
    try {
      long expected = start;
      try (ArrowReader reader =
          owner
              .scan()
              .snapshot(parent.id())
              .withRowId()
              .where(Schema.ROW_ID + " >= " + start + " AND " + Schema.ROW_ID + " < " + end)
              .toArrowReader()) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          var rowIds = (org.apache.arrow.vector.BigIntVector) batch.getVector(Schema.ROW_ID);
          for (int r = 0; r < batch.getRowCount(); r++) {
            if (rowIds.get(r) != expected) {
              throw new IOException(
                  table.paths().root()
                      + ": compaction read row ID "
                      + rowIds.get(r)
                      + " where "
                      + expected
                      + " was due");
            }
            Object[] values = new Object[type.fieldCount()];
            for (int c = 0; c < values.length; c++) {
              String name = type.fields().get(c).name();
              values[c] = ArrowValues.get(name, type.typeAt(c), batch.getVector(name), r);
            }
            writer.write(values);
            expected++;
          }
        }
      }
      if (expected != end) {
        throw new IOException(
            table.paths().root() + ": compaction read row IDs up to " + expected + ", not " + end);
      }
      List<ManifestEntry> written = writer.finish();
      created.addAll(writer.writtenFiles());
      List<ManifestEntry> out = new ArrayList<>();
      for (Range r : run) {
        for (ManifestEntry e : r.files()) {
          out.add(
              new ManifestEntry(
                  FileKind.DELETE, e.partition(), e.bucket(), e.totalBuckets(), e.file()));
        }
      }
      // Row IDs as the commit would assign them, from the run's first row ID: each data file
      // takes the next rows, its .blob files the same rows.
      long next = start;
      long dataStart = start;
      for (ManifestEntry e : written) {
        DataFileMeta m = e.file();
        long at;
        if (m.isBlobFile()) {
          at = dataStart;
        } else {
          at = next;
          dataStart = next;
          next += m.rowCount();
        }
        out.add(
            e.withFile(
                m.toBuilder().firstRowId(at).fileSource(DataFileMeta.SOURCE_COMPACT).build()));
      }
      return out;
    } catch (IOException | RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  /** The write options with files never rolled by size: one run becomes one file set. */
  private WriteOptions unrolled() {
    java.util.Map<String, String> o = new java.util.HashMap<>(table.schema().options());
    o.put(WriteOptions.TARGET_FILE_SIZE, Long.toString(Long.MAX_VALUE / 4));
    o.put(WriteOptions.BLOB_TARGET_FILE_SIZE, Long.toString(Long.MAX_VALUE / 4));
    return WriteOptions.of(o);
  }

  @Override
  public String toString() {
    return "compaction of " + table.name();
  }
}
