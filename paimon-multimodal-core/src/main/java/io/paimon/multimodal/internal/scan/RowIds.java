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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.internal.TableState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Checks that a snapshot holds row IDs before a by-ID read starts. */
final class RowIds {

  private RowIds() {}

  /**
   * Fails naming the first ten of {@code ids} that no group of the snapshot holds or that its
   * deletion vectors removed.
   *
   * @param groups the snapshot's groups, in row-ID order
   */
  static void checkKnown(TableState table, List<DataGroup> groups, long[] ids, long snapshotId) {
    long[] sorted = Arrays.stream(ids).distinct().sorted().toArray();
    List<Long> unknown = new ArrayList<>();
    long unknownCount = 0;
    int f = 0;
    for (long id : sorted) {
      while (f < groups.size() && groups.get(f).endRowId() <= id) {
        f++;
      }
      boolean known = f < groups.size() && groups.get(f).firstRowId() <= id;
      if (known && groups.get(f).deleted() != null) {
        known = !groups.get(f).deleted().contains((int) (id - groups.get(f).firstRowId()));
      }
      if (!known) {
        unknownCount++;
        if (unknown.size() < 10) {
          unknown.add(id);
        }
      }
    }
    if (unknownCount > 0) {
      throw new IllegalArgumentException(
          "table '"
              + table.name()
              + "' has no rows with IDs "
              + unknown
              + (unknownCount > unknown.size()
                  ? " and " + (unknownCount - unknown.size()) + " more"
                  : "")
              + " in snapshot "
              + snapshotId);
    }
  }
}
