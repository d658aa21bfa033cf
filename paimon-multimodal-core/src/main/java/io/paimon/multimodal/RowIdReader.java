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
package io.paimon.multimodal;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Reads rows by row ID from one snapshot, any number of times ({@link Scan#rowIdReader()}): the
 * snapshot was planned once when the reader was made, and each data file is opened (footer, block
 * index, statistics) at most once over the reader's life, so a training job or an alignment that
 * fetches many small sets of rows does not pay for planning or opening per fetch.
 *
 * <pre>{@code
 * try (RowIdReader byId = docs.scan().select("id", "label").pinned().rowIdReader()) {
 *   try (ArrowReader rows = byId.read(new long[] {42, 7, 42}, 1024, allocator)) {
 *     while (rows.loadNextBatch()) { consume(rows.getVectorSchemaRoot()); }
 *   }
 * }
 * }</pre>
 *
 * <p>Thread-safe: several threads may read at once (the files it opened are shared; each read has
 * its own {@link ArrowReader}, which is not thread-safe). The readers it returns must be closed
 * before it is.
 */
public interface RowIdReader extends AutoCloseable {

  /** The snapshot rows are read from; 0 for a table that had no commit. */
  long snapshotId();

  /** The Arrow schema of the rows it returns: the scan's projection. */
  org.apache.arrow.vector.types.pojo.Schema arrowSchema();

  /**
   * The rows with these row IDs, in this order with duplicates kept, in batches of at most {@code
   * batchSize} rows allocated from {@code allocator}. The caller closes the reader.
   *
   * @throws RowIdNotFoundException naming row IDs the snapshot does not hold (or that were
   *     deleted), before anything is read
   * @throws SnapshotNotFoundException if the scan was pinned through a tag that has since moved or
   *     been deleted
   */
  ArrowReader read(long[] rowIds, int batchSize, BufferAllocator allocator);

  /** Closes the files it opened. */
  @Override
  void close();
}
