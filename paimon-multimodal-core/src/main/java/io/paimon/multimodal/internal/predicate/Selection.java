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
package io.paimon.multimodal.internal.predicate;

import java.util.Arrays;

/**
 * The rows of a batch that a predicate selects: their indexes in ascending order. Immutable and
 * thread-safe.
 */
public final class Selection {

  private final int rowCount;
  private final int[] indexes;

  Selection(int rowCount, int[] indexes) {
    this.rowCount = rowCount;
    this.indexes = indexes;
  }

  /** Selects the rows whose mask code is TRUE. */
  static Selection ofMask(byte[] mask) {
    int count = 0;
    for (byte b : mask) {
      if (b == Truth.TRUE_CODE) {
        count++;
      }
    }
    int[] indexes = new int[count];
    int j = 0;
    for (int i = 0; i < mask.length; i++) {
      if (mask[i] == Truth.TRUE_CODE) {
        indexes[j++] = i;
      }
    }
    return new Selection(mask.length, indexes);
  }

  /** The number of rows of the batch the selection was made from. */
  public int rowCount() {
    return rowCount;
  }

  /** The number of selected rows. */
  public int count() {
    return indexes.length;
  }

  /** Whether every row of the batch is selected. */
  public boolean isAll() {
    return indexes.length == rowCount;
  }

  /**
   * The {@code i}-th selected row index.
   *
   * @throws IndexOutOfBoundsException unless {@code 0 <= i < count()}
   */
  public int index(int i) {
    return indexes[i];
  }

  /** A copy of the selected row indexes, ascending. */
  public int[] toArray() {
    return indexes.clone();
  }

  @Override
  public String toString() {
    return "Selection" + Arrays.toString(indexes) + " of " + rowCount;
  }
}
