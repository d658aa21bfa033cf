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

import java.util.List;

/**
 * Row IDs asked for (a take, a row-ID reader, an update by row ID) that no live row of the snapshot
 * has: never read, or deleted. The message and {@link #rowIds()} name at most ten of them,
 * ascending; {@link #count()} says how many there were. Nothing was read or written.
 */
public class RowIdNotFoundException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  private final List<Long> rowIds;
  private final long count;

  /**
   * @param rowIds up to ten of the unknown row IDs, ascending
   * @param count how many distinct row IDs were unknown
   * @param message what was wrong, naming the table, the IDs and the snapshot
   */
  public RowIdNotFoundException(List<Long> rowIds, long count, String message) {
    super(message);
    this.rowIds = List.copyOf(rowIds);
    this.count = count;
  }

  /** Up to ten of the unknown row IDs, ascending. */
  public List<Long> rowIds() {
    return rowIds;
  }

  /** How many distinct row IDs were unknown. */
  public long count() {
    return count;
  }
}
