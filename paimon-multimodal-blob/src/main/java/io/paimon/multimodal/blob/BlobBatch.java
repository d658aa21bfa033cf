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
package io.paimon.multimodal.blob;

import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The result of a {@link BlobReader}: the scan's scalar columns as Arrow plus, for each requested
 * BLOB column, the payloads as a row-aligned list (element {@code i} belongs to row {@code i} of
 * {@link #scalar()}).
 *
 * <p>Each requested column is read with the accessor of its type:
 *
 * <ul>
 *   <li>{@code BLOB}: {@link #blobs}, one {@code byte[]} per row, null for a null cell;
 *   <li>{@code ARRAY<BLOB>}: {@link #arrays}, per row null (a null array) or the elements in stored
 *       order, each a {@code byte[]} or null; an empty array stays empty;
 *   <li>{@code MAP<K, BLOB>}: {@link #maps}, per row null (a null map) or the entries in stored
 *       order as (key, {@code byte[]} or null); keys are Java values as {@code Scan.toList()} gives
 *       them; an empty map stays empty.
 * </ul>
 *
 * <p>The lists are unmodifiable and stay valid after {@link #close()}; the byte arrays are the
 * caller's. The batch owns the Arrow memory of {@link #scalar()}, which {@link #close()} releases.
 * Not thread-safe for closing; reading from several threads is safe.
 */
public interface BlobBatch extends AutoCloseable {

  /** The number of rows. */
  int rowCount();

  /**
   * The scan's columns minus every BLOB column (BLOB, ARRAY&lt;BLOB&gt;, MAP&lt;K, BLOB&gt;),
   * requested or not; owned by this batch.
   */
  VectorSchemaRoot scalar();

  /** The requested BLOB columns, in request order. */
  List<String> columns();

  /**
   * The payloads of a {@code BLOB} column.
   *
   * @throws IllegalArgumentException if the column was not requested or is not a scalar BLOB
   */
  List<byte[]> blobs(String column);

  /**
   * The payloads of an {@code ARRAY<BLOB>} column.
   *
   * @throws IllegalArgumentException if the column was not requested or is not an ARRAY&lt;BLOB&gt;
   */
  List<List<byte[]>> arrays(String column);

  /**
   * The payloads of a {@code MAP<K, BLOB>} column.
   *
   * @throws IllegalArgumentException if the column was not requested or is not a MAP&lt;K, BLOB&gt;
   */
  List<List<Map.Entry<Object, byte[]>>> maps(String column);

  /** Releases the Arrow memory of {@link #scalar()}; closing twice is harmless. */
  @Override
  void close();
}
