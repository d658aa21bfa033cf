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
package io.paimon.multimodal.window;

import io.paimon.multimodal.ProgressListener;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.window.internal.TrainingDatasetImpl;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The map-style counterpart of {@link TrainingStream} (a PyTorch {@code Dataset} with {@code
 * __len__} and {@code __getitem__}): sample {@code i} is the {@code i}-th row of a scan, fetched by
 * its row ID from the snapshot the scan was pinned to when the dataset was built, so later commits
 * change nothing. The dataset holds a compact index of the rows' IDs (12 bytes per run of
 * consecutive IDs: one run per row range of an unfiltered scan, at worst one per row), never the
 * rows; a fetch of many indices reads each data block it needs once ({@link
 * io.paimon.multimodal.RowIdReader}).
 *
 * <pre>{@code
 * try (TrainingDataset data = TrainingDataset.of(frames.scan().where("split = 'train'"))) {
 *   DistributedSampler sampler = data.shard(rank, worldSize).shuffle(42);
 *   int[] mine = sampler.indices(epoch);
 *   for (int from = 0; from < mine.length; from += 256) {
 *     int[] batch = Arrays.copyOfRange(mine, from, Math.min(mine.length, from + 256));
 *     List<Map<String, Object>> samples = data.getItems(batch);   // or getBatch(batch): Arrow
 *   }
 * }
 * }</pre>
 *
 * <p>Thread-safe: several threads may fetch at once. Close it to release the files it opened.
 */
public interface TrainingDataset extends AutoCloseable {

  /**
   * A dataset of the rows of {@code scan} (its where, limit or taken row IDs choose them, its
   * projection their columns), in the scan's order; the scan is pinned now unless it is pinned.
   *
   * @throws IllegalArgumentException if the scan has more than {@code Integer.MAX_VALUE} rows
   */
  static TrainingDataset of(Scan scan) {
    return of(scan, DEFAULT_BLOCK_CACHE_BYTES);
  }

  /**
   * As {@link #of(Scan)}, with a cache of at most {@code blockCacheBytes} of decompressed data
   * blocks shared by all fetches (0 for none): random indices hit many blocks, and a block read
   * once is then decoded from memory by every later fetch of its rows, in this epoch and the next.
   * Size it to the table's decompressed bytes for the fastest random access.
   *
   * @throws IllegalArgumentException if {@code blockCacheBytes} is negative, or as {@link
   *     #of(Scan)}
   */
  static TrainingDataset of(Scan scan, long blockCacheBytes) {
    return of(scan, blockCacheBytes, ProgressListener.NONE);
  }

  /**
   * As {@link #of(Scan, long)}, reporting the build's progress (the rows whose row IDs it has read)
   * to {@code listener}.
   */
  static TrainingDataset of(Scan scan, long blockCacheBytes, ProgressListener listener) {
    return TrainingDatasetImpl.build(scan, blockCacheBytes, listener);
  }

  /** The block cache of {@link #of(Scan)}: 64 MiB. */
  long DEFAULT_BLOCK_CACHE_BYTES = 64L << 20;

  /** The number of samples. */
  int size();

  /** The snapshot every sample is read from. */
  long snapshotId();

  /**
   * The row ID of sample {@code index} (a negative index counts from the end).
   *
   * @throws IndexOutOfBoundsException if {@code index} is not in {@code [-size(), size())}
   */
  long rowId(int index);

  /**
   * Sample {@code index} (a negative index counts from the end): column name to value, in the
   * scan's column order, as {@link io.paimon.multimodal.Scan#toList()} gives a row.
   *
   * @throws IndexOutOfBoundsException if {@code index} is not in {@code [-size(), size())}
   */
  Map<String, Object> get(int index);

  /**
   * The samples at these indices, in this order with duplicates kept, fetched together.
   *
   * @throws IndexOutOfBoundsException naming the first index outside {@code [-size(), size())}
   */
  List<Map<String, Object>> getItems(int... indices);

  /**
   * As {@link #getItems(int...)}, as one Arrow batch of the scan's schema (row {@code k} is sample
   * {@code indices[k]}), allocated from the scan's allocator; the caller closes it.
   */
  VectorSchemaRoot getBatch(int... indices);

  /** A {@link DistributedSampler} of this dataset for rank {@code rank} of {@code worldSize}. */
  default DistributedSampler shard(int rank, int worldSize) {
    return DistributedSampler.of(size()).shard(rank, worldSize);
  }

  /** Closes the files the fetches opened. */
  @Override
  void close();
}
