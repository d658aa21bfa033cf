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

import io.paimon.multimodal.Scan;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The lazy result of one or more alignment steps over a left input: exactly one output row per left
 * row, in left order, with the left columns first and then each step's right columns. Nothing is
 * read until a terminal ({@link #toArrowReader}, {@link #toArrow}, {@link #toList}) runs; each
 * terminal reads the inputs at the snapshots they were pinned to when this was created ({@link
 * #resolvedSnapshots()}). Immutable and thread-safe; chaining returns a new instance.
 *
 * <p>A terminal first loads the right sides' keys and row positions (per right row: its time as a
 * {@code long} and its row ID, 16 bytes, plus a share of the group dictionary), then streams the
 * left rows in batches; the payload values of the right rows a batch matches are fetched by row ID
 * from the pinned right snapshot for that batch only. Memory is therefore 16 bytes per right row
 * plus a bounded multiple of the batch size. BLOB columns are carried as descriptors.
 *
 * <p>Every error in the inputs (a null key, a key that cannot be compared) is thrown by the
 * terminal before it returns any row.
 */
public interface Aligned {

  /** {@code Alignment.joinAsof(this, right, spec)}; {@code on}/{@code by} default to step 1's. */
  Aligned joinAsof(Scan right, AsofJoin spec);

  /** {@code Alignment.interpolate(this, right, spec)}; {@code on}/{@code by} inherited. */
  Aligned interpolate(Scan right, Interpolation spec);

  /** {@code Alignment.joinWindow(this, right, spec)}; {@code on}/{@code by} inherited. */
  Aligned joinWindow(Scan right, WindowJoin spec);

  /** The snapshot each input is read at, in input order (the left input first); 0 for empty. */
  List<Long> resolvedSnapshots();

  /** The output columns. */
  Schema arrowSchema();

  /**
   * Streams the result in batches of at most {@code batchSize} rows (one per left batch). The
   * reader owns one root reloaded per batch; close it.
   *
   * @throws AlignmentException for a null or unusable key in any input, before any batch
   * @throws IllegalArgumentException if {@code batchSize} is not positive
   */
  ArrowReader toArrowReader(int batchSize);

  /** The whole result in one root that the caller closes. */
  VectorSchemaRoot toArrow();

  /**
   * The whole result as maps from column name to Java value (BLOBs as {@link
   * io.paimon.multimodal.BlobDescriptor}, interpolated vectors as {@code double[]}).
   */
  List<Map<String, Object>> toList();
}
