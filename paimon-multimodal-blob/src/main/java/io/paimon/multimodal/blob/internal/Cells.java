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

import io.paimon.multimodal.arrow.ArrowValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The descriptors of the requested columns of a batch's rows, taken out of the scan's Arrow vectors
 * (descriptor structs, lists of them, maps to them). Rows are appended batch after batch; not
 * thread-safe.
 */
final class Cells {

  /** A descriptor: a byte range of an object. */
  record Desc(String uri, long offset, long length) {}

  /** One cell: its descriptors (one for a scalar BLOB; null elements kept) and MAP keys. */
  record Cell(Desc[] elements, Object[] keys) {}

  private final List<BlobColumn> columns;
  private final List<List<Cell>> cells = new ArrayList<>();
  private int rows;

  Cells(List<BlobColumn> columns) {
    this.columns = columns;
    for (int c = 0; c < columns.size(); c++) {
      cells.add(new ArrayList<>());
    }
  }

  int rows() {
    return rows;
  }

  /** The cell of column {@code column} at {@code row}, or null for a null cell. */
  Cell cell(int column, int row) {
    return cells.get(column).get(row);
  }

  /** Appends the rows of a scan batch. */
  void append(VectorSchemaRoot batch) {
    int n = batch.getRowCount();
    for (int c = 0; c < columns.size(); c++) {
      BlobColumn col = columns.get(c);
      List<Cell> out = cells.get(c);
      switch (col.kind()) {
        case BLOB:
          {
            StructVector v = (StructVector) batch.getVector(col.scanIndex());
            for (int i = 0; i < n; i++) {
              out.add(v.isNull(i) ? null : new Cell(new Desc[] {desc(v, i)}, null));
            }
            break;
          }
        case ARRAY:
          {
            ListVector v = (ListVector) batch.getVector(col.scanIndex());
            StructVector elements = (StructVector) v.getDataVector();
            for (int i = 0; i < n; i++) {
              if (v.isNull(i)) {
                out.add(null);
                continue;
              }
              int start = v.getElementStartIndex(i);
              Desc[] d = new Desc[v.getElementEndIndex(i) - start];
              for (int e = 0; e < d.length; e++) {
                d[e] = elements.isNull(start + e) ? null : desc(elements, start + e);
              }
              out.add(new Cell(d, null));
            }
            break;
          }
        case MAP:
          {
            ListVector v = (ListVector) batch.getVector(col.scanIndex());
            StructVector entries = (StructVector) v.getDataVector();
            org.apache.arrow.vector.FieldVector keys = entries.getChildrenFromFields().get(0);
            StructVector values = (StructVector) entries.getChildrenFromFields().get(1);
            for (int i = 0; i < n; i++) {
              if (v.isNull(i)) {
                out.add(null);
                continue;
              }
              int start = v.getElementStartIndex(i);
              int size = v.getElementEndIndex(i) - start;
              Desc[] d = new Desc[size];
              Object[] k = new Object[size];
              for (int e = 0; e < size; e++) {
                k[e] = ArrowValues.get(col.name(), col.keyType(), keys, start + e);
                d[e] = values.isNull(start + e) ? null : desc(values, start + e);
              }
              out.add(new Cell(d, k));
            }
            break;
          }
        default:
          throw new IllegalStateException("unknown kind " + col.kind());
      }
    }
    rows += n;
  }

  private static Desc desc(StructVector v, int i) {
    VarCharVector uri = (VarCharVector) v.getChild("uri");
    BigIntVector offset = (BigIntVector) v.getChild("offset");
    BigIntVector length = (BigIntVector) v.getChild("length");
    return new Desc(new String(uri.get(i), StandardCharsets.UTF_8), offset.get(i), length.get(i));
  }
}
