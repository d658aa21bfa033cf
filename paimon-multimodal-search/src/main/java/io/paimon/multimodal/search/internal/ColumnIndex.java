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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.SearchException;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.VectorType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The search index files of one column at one snapshot, in row-ID order, with what each was built
 * with. Immutable.
 *
 * @param column the column's name in the snapshot's schema
 * @param fieldId its field id
 * @param type the index type, or null if the column has no index file
 * @param files the files, by first row ID then name
 * @param specs the spec of each file
 */
record ColumnIndex(
    String column, int fieldId, IndexType type, List<IndexFile> files, List<IndexSpec> specs) {

  /** The index files of {@code column} in snapshot {@code snapshotId}. */
  static ColumnIndex of(Table table, Schema schema, long snapshotId, String column) {
    return of(table.indexFiles(snapshotId), schema, column);
  }

  /** The index files of {@code column} among a snapshot's index files. */
  static ColumnIndex of(List<IndexFile> snapshotFiles, Schema schema, String column) {
    int fieldId = schema.fieldId(column);
    List<IndexFile> files = new ArrayList<>();
    for (IndexFile f : snapshotFiles) {
      if (f.fieldId() == fieldId && IndexType.ofIdentifier(f.type()) != null) {
        files.add(f);
      }
    }
    files.sort(Comparator.comparingLong(IndexFile::firstRowId).thenComparing(IndexFile::fileName));
    IndexType type = null;
    List<IndexSpec> specs = new ArrayList<>();
    for (IndexFile f : files) {
      IndexType t = IndexType.ofIdentifier(f.type());
      if (type != null && t != type) {
        throw new SearchException(
            "column '" + column + "' has both " + type + " and " + t + " index files; drop them");
      }
      type = t;
      IndexSpec spec = IndexSpec.parse(t, f.meta(), f.fileName());
      if (!specs.isEmpty() && !specs.get(0).queryOptions().equals(spec.queryOptions())) {
        throw new SearchException(
            "column '"
                + column
                + "': index files "
                + files.get(0).fileName()
                + " and "
                + f.fileName()
                + " were built with different options ("
                + specs.get(0).queryOptions()
                + ", "
                + spec.queryOptions()
                + "); drop the index and create it again");
      }
      specs.add(spec);
    }
    return new ColumnIndex(column, fieldId, type, List.copyOf(files), List.copyOf(specs));
  }

  /** The spec queries of this index follow (the first file's), or null without files. */
  IndexSpec spec() {
    return specs.isEmpty() ? null : specs.get(0);
  }

  /** Rows held by the files. */
  long indexedRows() {
    long n = 0;
    for (IndexFile f : files) {
      n += f.rowCount();
    }
    return n;
  }

  /** Whether a column of {@code type} can have an index of type {@code index}. */
  static boolean fits(DataType type, IndexType index) {
    if (index == IndexType.VECTOR) {
      return type instanceof VectorType v
          ? v.elementType().root() == DataTypeRoot.FLOAT
          : type.root() == DataTypeRoot.ARRAY
              && type.children().get(0).root() == DataTypeRoot.FLOAT;
    }
    return type.root() == DataTypeRoot.VARCHAR || type.root() == DataTypeRoot.CHAR;
  }

  /**
   * The dimension a vector column's type fixes, or 0 for {@code ARRAY<FLOAT>}.
   *
   * @throws SearchException if the column's type does not fit the index type
   */
  static int checkType(String column, DataType type, IndexType index) {
    if (fits(type, index)) {
      return type instanceof VectorType v ? v.length() : 0;
    }
    if (index == IndexType.VECTOR) {
      throw new SearchException(
          "column '"
              + column
              + "' of type "
              + type
              + " cannot have a VECTOR index: it needs VECTOR<FLOAT, n> or ARRAY<FLOAT>");
    }
    throw new SearchException(
        "column '"
            + column
            + "' of type "
            + type
            + " cannot have a FULL_TEXT index: it needs a string");
  }
}
