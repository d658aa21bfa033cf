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
package io.paimon.multimodal.blob.internal;

import io.paimon.multimodal.ProgressListener;

/**
 * The settings of one BLOB read.
 *
 * @param parallelism ranged reads in flight at once
 * @param prefetchBudget bytes of fetched ranges held before the batch being assembled consumes them
 * @param holeLimit the largest gap merged into one ranged read
 * @param rangeLimit the largest single ranged read
 * @param verifyChecksums whether entries of the table's {@code .blob} files are CRC-checked
 * @param progress the listener of the read's progress
 */
record ReadOptions(
    int parallelism,
    long prefetchBudget,
    long holeLimit,
    long rangeLimit,
    boolean verifyChecksums,
    ProgressListener progress) {

  ReadOptions with(
      int parallelism,
      long prefetchBudget,
      long holeLimit,
      long rangeLimit,
      boolean verifyChecksums) {
    return new ReadOptions(
        parallelism, prefetchBudget, holeLimit, rangeLimit, verifyChecksums, progress);
  }

  ReadOptions withProgress(ProgressListener listener) {
    return new ReadOptions(
        parallelism, prefetchBudget, holeLimit, rangeLimit, verifyChecksums, listener);
  }
}
