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
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.scan.ScanImpl;
import io.paimon.multimodal.internal.scan.SnapshotRanges;
import io.paimon.multimodal.internal.write.TableWriter;
import io.paimon.multimodal.internal.write.WriteOptions;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * {@link Table#compact(io.paimon.multimodal.CompactOptions)} with deletions applied, as Paimon 2.x
 * materializes deletion vectors on a data-evolution table: within a partition, runs of adjacent
 * row-ID ranges that hold deleted rows (up to {@code target-file-size}) are read without those rows
 * and written as new files (every column, BLOB payloads copied) that take new row IDs from the
 * snapshot's next row ID, as appended files do; the ranges' files and deletion vectors are dropped,
 * in one COMPACT commit. A range whose rows are all deleted is dropped and nothing is written for
 * it. Ranges without deleted rows are not touched. Prepared anew on each attempt, so a concurrent
 * delete or update is applied too. Thread-safe (stateless between attempts).
 */
final class ApplyDeletions implements Committer.Change {

  private final Table owner;
  private final TableState table;
  private final WriteOptions options;

  ApplyDeletions(Table owner, TableState table, WriteOptions options) {
    this.owner = owner;
    this.table = table;
    this.options = options;
  }

  @Override
  public Committer.Prepared prepare(SnapshotFile parent, List<String> created) throws IOException {
    if (parent == null || parent.indexManifest() == null) {
      return null;
    }
    List<ManifestEntry> entries = new ArrayList<>();
    Set<String> dropped = new HashSet<>();
    for (List<RunPlanner.Range> run :
        RunPlanner.runs(
            RunPlanner.ranges(table, parent),
            options.targetFileSize(),
            RunPlanner.Range::bytes,
            r -> r.range().deleted() != null,
            (a, b) -> true)) {
      entries.addAll(rewrite(parent, run, created));
      entries.addAll(RunPlanner.deletes(run, e -> false));
      dropped.addAll(RunPlanner.normalFiles(run));
    }
    if (entries.isEmpty()) {
      return null;
    }
    IndexChanges index = IndexChanges.of(table, parent, created);
    index.changeVectors(dropped, Map.of(), Map.of());
    return Committer.Prepared.withIndex(
        entries, table.schemaId(), Compaction.COMMIT_KIND, index.writeManifest());
  }

  /** Reads the run's live rows in row-ID order and writes them as files without row IDs. */
  private List<ManifestEntry> rewrite(
      SnapshotFile parent, List<RunPlanner.Range> run, List<String> created) throws IOException {
    SnapshotRanges.Range first = run.get(0).range();
    long start = first.firstRowId();
    long end = run.get(run.size() - 1).range().endRowId();
    RowType type = table.schema().rowType();
    TableWriter writer =
        new TableWriter(table, options, first.partition(), first.partitionPath(table));
    try {
      try (ArrowReader reader =
          ScanImpl.atSnapshotInCurrentSchema(owner.scan(), parent.id())
              .where(Schema.ROW_ID + " >= " + start + " AND " + Schema.ROW_ID + " < " + end)
              .toArrowReader()) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          for (int r = 0; r < batch.getRowCount(); r++) {
            Object[] values = new Object[type.fieldCount()];
            for (int c = 0; c < values.length; c++) {
              String name = type.fields().get(c).name();
              values[c] = ArrowValues.get(name, type.typeAt(c), batch.getVector(name), r);
            }
            writer.write(values);
          }
        }
      }
      List<ManifestEntry> written = writer.finish();
      created.addAll(writer.writtenFiles());
      List<ManifestEntry> out = new ArrayList<>(written.size());
      for (ManifestEntry e : written) {
        out.add(e.withFile(e.file().toBuilder().fileSource(DataFileMeta.SOURCE_COMPACT).build()));
      }
      return out;
    } catch (IOException | RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  @Override
  public String toString() {
    return "compaction applying deletions of " + table.name();
  }
}
