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
package io.paimon.multimodal.window.internal;

import org.apache.arrow.vector.FieldVector;

/**
 * Maps one input's {@code by} values of a row to the dense group id of a {@link GroupDictionary}:
 * adding new tuples while a right input is loaded, looking them up (-1 when absent) for left rows.
 * Without {@code by} columns every row is in group 0. Not thread-safe.
 */
final class GroupReader {

  private final KeyColumn[] columns;
  private final GroupDictionary dictionary;
  private final KeyColumn.ByteSink sink = new KeyColumn.ByteSink();

  GroupReader(KeyColumn[] columns, GroupDictionary dictionary) {
    this.columns = columns;
    this.dictionary = dictionary;
  }

  /** Whether a single-column long dictionary is used for these columns. */
  static boolean usesLongKeys(KeyColumn[] columns) {
    return columns.length == 1 && (columns[0].kind.isLong() || columns[0].kind == KeyKind.FLOATING);
  }

  /** The group of row {@code i}; {@code vectors} are the by columns' vectors in order. */
  int group(FieldVector[] vectors, int i, long row, boolean add) {
    if (columns.length == 0) {
      return 0;
    }
    if (dictionary.longKeys()) {
      long key = columns[0].groupLong(vectors[0], i, row);
      return add ? dictionary.add(key) : dictionary.find(key);
    }
    sink.reset();
    for (int c = 0; c < columns.length; c++) {
      columns[c].encode(vectors[c], i, row, sink);
    }
    return add ? dictionary.add(sink.bytes, sink.length) : dictionary.find(sink.bytes, sink.length);
  }
}
