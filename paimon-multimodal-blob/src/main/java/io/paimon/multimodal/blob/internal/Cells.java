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
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The descriptors of the requested columns of a batch's rows, read out of the scan's Arrow vectors
 * (descriptor structs, lists of them, maps to them) into primitive arrays: per column, each row's
 * range of elements, and per element the file (an id into the read's {@link Uris}), offset and
 * length, with -1 as the file of a null element. Rows are appended batch after batch; not
 * thread-safe.
 */
final class Cells {

  /** The files descriptors point into, each decoded once per read; not thread-safe. */
  static final class Uris {
    private final Map<String, Integer> ids = new HashMap<>();
    private String[] names = new String[4];
    private int count;

    /** The id of the URI {@code data[start, end)} (UTF-8), or of the one before if equal. */
    private int id(ArrowBuf data, int start, int end, Column col) {
      byte[] last = col.lastUriBytes;
      if (last != null
          && last.length == end - start
          && ByteFunctionHelpers.compare(data, start, end, last, 0, last.length) == 0) {
        return col.lastUri;
      }
      byte[] bytes = new byte[end - start];
      data.getBytes(start, bytes);
      String uri = new String(bytes, StandardCharsets.UTF_8);
      Integer known = ids.get(uri);
      int id;
      if (known != null) {
        id = known;
      } else {
        if (count == names.length) {
          names = Arrays.copyOf(names, 2 * count);
        }
        names[count] = uri;
        id = count++;
        ids.put(uri, id);
      }
      col.lastUriBytes = bytes;
      col.lastUri = id;
      return id;
    }

    /** The URI of an id. */
    String name(int id) {
      return names[id];
    }
  }

  /** One requested column's cells. */
  private static final class Column {
    /** Row r's elements are [start[r], start[r + 1]); -1 - start for a null cell. */
    int[] start = new int[17];

    int elements;
    int[] uri = new int[16];
    long[] offset = new long[16];
    long[] length = new long[16];

    /** MAP keys as Java values, per element. */
    Object[] keys;

    byte[] lastUriBytes;
    int lastUri;

    void ensureElements(int n) {
      if (n > uri.length) {
        int size = Math.max(n, 2 * uri.length);
        uri = Arrays.copyOf(uri, size);
        offset = Arrays.copyOf(offset, size);
        length = Arrays.copyOf(length, size);
        if (keys != null) {
          keys = Arrays.copyOf(keys, size);
        }
      }
    }
  }

  private final List<BlobColumn> columns;
  private final Uris uris;
  private final Column[] cols;
  private int rows;

  Cells(List<BlobColumn> columns, Uris uris) {
    this.columns = columns;
    this.uris = uris;
    this.cols = new Column[columns.size()];
    for (int c = 0; c < cols.length; c++) {
      cols[c] = new Column();
      if (columns.get(c).kind() == BlobColumn.Kind.MAP) {
        cols[c].keys = new Object[16];
      }
    }
  }

  int rows() {
    return rows;
  }

  /** Whether the cell of column {@code column} at {@code row} is null. */
  boolean isNull(int column, int row) {
    return cols[column].start[row] < 0;
  }

  /** The index of the cell's first element (of a non-null cell). */
  int first(int column, int row) {
    return cols[column].start[row];
  }

  /** The number of elements of a cell; 0 for a null cell. */
  int size(int column, int row) {
    int[] start = cols[column].start;
    int from = start[row];
    if (from < 0) {
      return 0;
    }
    int to = start[row + 1];
    return (to < 0 ? -1 - to : to) - from;
  }

  /** Whether an element is null. */
  boolean isNullElement(int column, int element) {
    return cols[column].uri[element] < 0;
  }

  /** The file id of an element's descriptor; see {@link Uris}. */
  int uriId(int column, int element) {
    return cols[column].uri[element];
  }

  String uri(int column, int element) {
    return uris.name(cols[column].uri[element]);
  }

  long offset(int column, int element) {
    return cols[column].offset[element];
  }

  long length(int column, int element) {
    return cols[column].length[element];
  }

  /** The key of a MAP element. */
  Object key(int column, int element) {
    return cols[column].keys[element];
  }

  /** Appends the rows of a scan batch. */
  void append(VectorSchemaRoot batch) {
    int n = batch.getRowCount();
    for (int c = 0; c < cols.length; c++) {
      BlobColumn col = columns.get(c);
      Column out = cols[c];
      if (out.start.length < rows + n + 1) {
        out.start = Arrays.copyOf(out.start, Math.max(rows + n + 1, 2 * out.start.length));
      }
      switch (col.kind()) {
        case BLOB:
          {
            StructVector v = (StructVector) batch.getVector(col.scanIndex());
            out.ensureElements(out.elements + n);
            Children d = new Children(v);
            for (int i = 0; i < n; i++) {
              if (v.isNull(i)) {
                out.start[rows + i] = -1 - out.elements;
              } else {
                out.start[rows + i] = out.elements;
                put(out, d, i, out.elements++);
              }
            }
            break;
          }
        case ARRAY:
        case MAP:
          {
            ListVector v = (ListVector) batch.getVector(col.scanIndex());
            StructVector entries = (StructVector) v.getDataVector();
            FieldVector keys = null;
            StructVector values = entries;
            if (col.kind() == BlobColumn.Kind.MAP) {
              keys = entries.getChildrenFromFields().get(0);
              values = (StructVector) entries.getChildrenFromFields().get(1);
            }
            Children d = new Children(values);
            for (int i = 0; i < n; i++) {
              if (v.isNull(i)) {
                out.start[rows + i] = -1 - out.elements;
                continue;
              }
              out.start[rows + i] = out.elements;
              int from = v.getElementStartIndex(i);
              int size = v.getElementEndIndex(i) - from;
              out.ensureElements(out.elements + size);
              for (int e = 0; e < size; e++) {
                int at = out.elements++;
                if (keys != null) {
                  out.keys[at] = ArrowValues.get(col.name(), col.keyType(), keys, from + e);
                }
                if (values.isNull(from + e)) {
                  out.uri[at] = -1;
                } else {
                  put(out, d, from + e, at);
                }
              }
            }
            break;
          }
        default:
          throw new IllegalStateException("unknown kind " + col.kind());
      }
      out.start[rows + n] = out.elements;
    }
    rows += n;
  }

  /** The child vectors of a descriptor struct. */
  private static final class Children {
    final ArrowBuf uriOffsets;
    final ArrowBuf uriData;
    final BigIntVector offset;
    final BigIntVector length;

    Children(StructVector v) {
      VarCharVector uri = (VarCharVector) v.getChild("uri");
      this.uriOffsets = uri.getOffsetBuffer();
      this.uriData = uri.getDataBuffer();
      this.offset = (BigIntVector) v.getChild("offset");
      this.length = (BigIntVector) v.getChild("length");
    }
  }

  private void put(Column out, Children d, int i, int at) {
    int start = d.uriOffsets.getInt((long) i * VarCharVector.OFFSET_WIDTH);
    int end = d.uriOffsets.getInt((long) (i + 1) * VarCharVector.OFFSET_WIDTH);
    out.uri[at] = uris.id(d.uriData, start, end, out);
    out.offset[at] = d.offset.get(i);
    out.length[at] = d.length.get(i);
  }
}
