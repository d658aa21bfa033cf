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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.search.SearchException;
import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;

/**
 * An index file opened for searching: its one Lucene segment (none when every row of its range was
 * deleted before it was built) and the row ID of each document. Thread-safe for searching; closed
 * when its last user releases it ({@link #retain()} / {@link #release()}).
 */
final class OpenShard implements Closeable {

  private final IndexFile file;
  private final IndexSpec spec;
  private final DirectoryReader reader;
  private final LeafReader leaf;
  private final long[] rowIds;
  private final boolean ascending;
  private final long residentBytes;
  private final AtomicInteger users = new AtomicInteger(1);

  private OpenShard(
      IndexFile file,
      IndexSpec spec,
      DirectoryReader reader,
      LeafReader leaf,
      long[] rowIds,
      long residentBytes) {
    this.file = file;
    this.spec = spec;
    this.reader = reader;
    this.leaf = leaf;
    this.rowIds = rowIds;
    this.residentBytes = residentBytes;
    boolean sorted = true;
    for (int i = 1; i < rowIds.length && sorted; i++) {
      sorted = rowIds[i - 1] < rowIds[i];
    }
    this.ascending = sorted;
  }

  /**
   * Opens an index file of {@code table} through its {@code FileIO}: copied into memory if {@code
   * resident} (for many searches), else read with ranged reads as Lucene asks (for one).
   *
   * @throws SearchException if the file is not the one segment its manifest entry describes
   */
  static OpenShard open(Table table, IndexFile file, IndexSpec spec, boolean resident) {
    String path = table.indexFilePath(file.fileName());
    PackedDirectory dir = null;
    DirectoryReader reader = null;
    try {
      InputFile in = table.io().newInputFile(path, file.fileSize());
      dir = resident ? PackedDirectory.resident(in) : PackedDirectory.ranged(in);
      reader = DirectoryReader.open(dir);
      if (reader.leaves().size() > 1) {
        throw new SearchException(
            "index file " + path + " holds " + reader.leaves().size() + " segments, not one");
      }
      LeafReader leaf = reader.leaves().isEmpty() ? null : reader.leaves().get(0).reader();
      long[] rowIds = new long[leaf == null ? 0 : leaf.maxDoc()];
      if (rowIds.length != file.rowCount()) {
        throw new SearchException(
            "index file "
                + path
                + " holds "
                + rowIds.length
                + " rows; its manifest entry says "
                + file.rowCount());
      }
      if (leaf != null) {
        NumericDocValues ids = leaf.getNumericDocValues(ShardWriter.ROW_ID);
        int n = 0;
        if (ids != null) {
          for (int doc = ids.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = ids.nextDoc()) {
            long rowId = ids.longValue();
            if (!file.covers(rowId)) {
              throw new SearchException(
                  "index file "
                      + path
                      + ": document "
                      + doc
                      + " has row ID "
                      + rowId
                      + " outside its range "
                      + file.firstRowId()
                      + ".."
                      + file.lastRowId());
            }
            rowIds[doc] = rowId;
            n++;
          }
        }
        if (n != rowIds.length) {
          throw new SearchException(
              "index file " + path + ": " + (rowIds.length - n) + " documents have no row ID");
        }
      }
      OpenShard shard = new OpenShard(file, spec, reader, leaf, rowIds, dir.residentBytes());
      reader = null;
      dir = null;
      return shard;
    } catch (IOException e) {
      throw new SearchException("index file " + path + " cannot be read: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      if (e instanceof SearchException) {
        throw e;
      }
      throw new SearchException("index file " + path + " is damaged: " + e, e);
    } finally {
      closeQuietly(reader);
      closeQuietly(dir);
    }
  }

  private static void closeQuietly(Closeable c) {
    if (c != null) {
      try {
        c.close();
      } catch (IOException | RuntimeException e) {
        // already failing
      }
    }
  }

  IndexFile file() {
    return file;
  }

  IndexSpec spec() {
    return spec;
  }

  /** The segment, or null if the file holds no document. */
  LeafReader leaf() {
    return leaf;
  }

  /** The row ID of each document (do not change). */
  long[] rowIds() {
    return rowIds;
  }

  /** Whether the documents' row IDs ascend with their numbers (as the writer adds them). */
  boolean ascending() {
    return ascending;
  }

  /** The heap bytes the open file holds (0 if it reads the file as needed). */
  long residentBytes() {
    return residentBytes;
  }

  /** Adds a user; false if the shard is already closed. */
  boolean retain() {
    for (int n = users.get(); n > 0; n = users.get()) {
      if (users.compareAndSet(n, n + 1)) {
        return true;
      }
    }
    return false;
  }

  /** Drops a user, closing the shard after the last. */
  void release() {
    if (users.decrementAndGet() == 0) {
      try {
        reader.close();
        reader.directory().close();
      } catch (IOException e) {
        // a read-only reader has nothing to lose
      }
    }
  }

  @Override
  public void close() {
    release();
  }
}
