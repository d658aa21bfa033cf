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
package io.paimon.multimodal.internal.write;

import org.apache.arrow.vector.FieldVector;

/**
 * One Arrow batch of a write, its vectors matched to the table's columns by name: what {@link
 * DataWriter#write(ArrowBatch)} encodes straight from the vectors. Valid while the vectors hold
 * this batch; an {@code ArrowReader}'s next batch is a new {@code ArrowBatch} over the same
 * vectors.
 */
public final class ArrowBatch {

  private final FieldVector[] columns;
  private final int rowCount;
  private final long firstPosition;

  /**
   * @param columns the vector of each table column, in schema order; null where the batch has no
   *     vector for the column (its values are null)
   * @param rowCount the rows of the batch
   * @param firstPosition the position of the batch's first row in the write, which error messages
   *     name rows by
   */
  public ArrowBatch(FieldVector[] columns, int rowCount, long firstPosition) {
    this.columns = columns.clone();
    this.rowCount = rowCount;
    this.firstPosition = firstPosition;
  }

  /** The vector of table column {@code column}, or null if the batch has none. */
  FieldVector column(int column) {
    return columns[column];
  }

  int rowCount() {
    return rowCount;
  }

  /** The position in the write of row {@code row} of this batch. */
  long position(int row) {
    return firstPosition + row;
  }
}
