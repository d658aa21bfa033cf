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

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.deletionvectors.BitmapDeletionVector;
import org.apache.paimon.deletionvectors.DeletionVector;
import org.apache.paimon.deletionvectors.DeletionVectorsIndexFile;
import org.apache.paimon.deletionvectors.append.AppendDeleteFileMaintainer;
import org.apache.paimon.deletionvectors.append.BaseAppendDeleteFileMaintainer;
import org.apache.paimon.index.IndexFileHandler;
import org.apache.paimon.index.IndexFileMeta;
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.manifest.FileKind;
import org.apache.paimon.manifest.IndexManifestEntry;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.Split;

/**
 * Deletes rows of an unaware-bucket append table with deletion vectors through Apache Paimon
 * 1.4.2's own machinery, as its Spark {@code DELETE} does ({@code
 * PaimonSparkWriter.persistDeletionVectors}): per partition an {@link AppendDeleteFileMaintainer}
 * ({@link BaseAppendDeleteFileMaintainer#forUnawareAppend}) over the latest snapshot's {@code
 * DELETION_VECTORS} index files takes one new {@link BitmapDeletionVector} per touched data file
 * (merged with the file's old vector, if any); {@code persist()} writes the new vectors to a new
 * index file ({@link DeletionVectorsIndexFile}), rewrites the untouched vectors of every index file
 * it touched to another new one, and returns ADD entries for the new files and DELETE entries for
 * the touched ones; these go into a {@link CommitMessageImpl} whose {@link DataIncrement} carries
 * only index files, committed with {@link BatchTableCommit#commit(List)}.
 */
final class PaimonDeletionVectors {

  private PaimonDeletionVectors() {}

  /**
   * Deletes the rows with these {@code _ROW_ID}s from the latest snapshot, in one commit; each must
   * be a row of a live data file (row ID = the file's first row ID + its position).
   *
   * @return the new snapshot's id
   */
  static long deleteRowIds(FileStoreTable table, Collection<Long> rowIds) throws Exception {
    Snapshot snapshot = table.snapshotManager().latestSnapshot();
    IndexFileHandler handler = table.store().newIndexFileHandler();
    Map<BinaryRow, AppendDeleteFileMaintainer> maintainers = new LinkedHashMap<>();
    int found = 0;
    for (Split split : table.newReadBuilder().newScan().plan().splits()) {
      DataSplit data = (DataSplit) split;
      for (DataFileMeta f : data.dataFiles()) {
        long first = f.firstRowId();
        DeletionVector dv = new BitmapDeletionVector();
        for (long id : rowIds) {
          if (id >= first && id < first + f.rowCount()) {
            dv.delete(id - first);
            found++;
          }
        }
        if (dv.isEmpty()) {
          continue;
        }
        BinaryRow partition = data.partition().copy();
        maintainers
            .computeIfAbsent(
                partition,
                p -> BaseAppendDeleteFileMaintainer.forUnawareAppend(handler, snapshot, p))
            .notifyNewDeletionVector(f.fileName(), dv);
      }
    }
    if (found != rowIds.size()) {
      throw new IllegalArgumentException(
          "only " + found + " of the row IDs " + rowIds + " are rows of live data files");
    }
    List<CommitMessage> messages = new ArrayList<>();
    for (AppendDeleteFileMaintainer m : maintainers.values()) {
      List<IndexFileMeta> added = new ArrayList<>();
      List<IndexFileMeta> deleted = new ArrayList<>();
      for (IndexManifestEntry e : m.persist()) {
        (e.kind() == FileKind.ADD ? added : deleted).add(e.indexFile());
      }
      messages.add(
          new CommitMessageImpl(
              m.getPartition(),
              m.getBucket(),
              null,
              new DataIncrement(
                  Collections.emptyList(),
                  Collections.emptyList(),
                  Collections.emptyList(),
                  added,
                  deleted),
              CompactIncrement.emptyIncrement()));
    }
    try (BatchTableCommit commit = table.newBatchWriteBuilder().newCommit()) {
      commit.commit(messages);
    }
    return table.snapshotManager().latestSnapshot().id();
  }

  /**
   * The live {@code DELETION_VECTORS} index files of a snapshot: index file name to the data files
   * whose vectors it holds.
   */
  static Map<String, List<String>> indexFiles(FileStoreTable table, long snapshotId) {
    Snapshot snapshot = table.snapshotManager().snapshot(snapshotId);
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (IndexManifestEntry e :
        table
            .store()
            .newIndexFileHandler()
            .scan(snapshot, DeletionVectorsIndexFile.DELETION_VECTORS_INDEX)) {
      out.put(e.indexFile().fileName(), new ArrayList<>(e.indexFile().dvRanges().keySet()));
    }
    return out;
  }
}
