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
package io.paimon.row;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * An {@link ArrowReader} over a {@code .row} file: each {@link #loadNextBatch()} decodes up to the
 * batch size of the selected rows into the one {@link org.apache.arrow.vector.VectorSchemaRoot} it
 * owns, which is reloaded per batch (copy or transfer what you keep). {@link #rowNumber(int)} tells
 * the file row number of each row in the current batch, so callers can derive row IDs.
 *
 * <p>Not thread-safe. Closing frees the vectors and stops the read-ahead thread.
 */
public abstract class RowArrowReader extends ArrowReader {

  /** Creates a reader whose vectors come from {@code allocator}. */
  protected RowArrowReader(BufferAllocator allocator) {
    super(allocator);
  }

  /**
   * The row number in the file of row {@code i} of the current batch.
   *
   * @throws IndexOutOfBoundsException if {@code i} is outside the current batch
   */
  public abstract long rowNumber(int i);
}
