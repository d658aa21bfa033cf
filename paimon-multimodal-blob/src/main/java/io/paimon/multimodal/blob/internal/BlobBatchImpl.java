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

import io.paimon.multimodal.blob.BlobBatch;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;

/** The {@link BlobBatch} built from a finished {@link PlannedBatch}. */
final class BlobBatchImpl implements BlobBatch {

  private final VectorSchemaRoot scalar;
  private final List<BlobColumn> columns;
  private final byte[][][][] values;
  private final Cells cells;

  BlobBatchImpl(
      VectorSchemaRoot scalar, List<BlobColumn> columns, byte[][][][] values, Cells cells) {
    this.scalar = scalar;
    this.columns = columns;
    this.values = values;
    this.cells = cells;
  }

  @Override
  public int rowCount() {
    return cells.rows();
  }

  @Override
  public VectorSchemaRoot scalar() {
    return scalar;
  }

  @Override
  public List<String> columns() {
    List<String> names = new ArrayList<>(columns.size());
    for (BlobColumn c : columns) {
      names.add(c.name());
    }
    return Collections.unmodifiableList(names);
  }

  private int column(String name, BlobColumn.Kind kind, String accessor) {
    for (int c = 0; c < columns.size(); c++) {
      BlobColumn col = columns.get(c);
      if (col.name().equals(name)) {
        if (col.kind() != kind) {
          throw new IllegalArgumentException(
              "column '"
                  + name
                  + "' is "
                  + describe(col.kind())
                  + "; read it with "
                  + accessorOf(col.kind())
                  + ", not "
                  + accessor);
        }
        return c;
      }
    }
    throw new IllegalArgumentException(
        "column '" + name + "' was not requested; the batch holds " + columns());
  }

  private static String describe(BlobColumn.Kind kind) {
    switch (kind) {
      case BLOB:
        return "a BLOB column";
      case ARRAY:
        return "an ARRAY<BLOB> column";
      default:
        return "a MAP<K, BLOB> column";
    }
  }

  private static String accessorOf(BlobColumn.Kind kind) {
    switch (kind) {
      case BLOB:
        return "blobs()";
      case ARRAY:
        return "arrays()";
      default:
        return "maps()";
    }
  }

  @Override
  public List<byte[]> blobs(String column) {
    byte[][][] cellsOf = values[column(column, BlobColumn.Kind.BLOB, "blobs()")];
    byte[][] out = new byte[cellsOf.length][];
    for (int r = 0; r < out.length; r++) {
      out[r] = cellsOf[r] == null ? null : cellsOf[r][0];
    }
    return Collections.unmodifiableList(Arrays.asList(out));
  }

  @Override
  public List<List<byte[]>> arrays(String column) {
    byte[][][] cellsOf = values[column(column, BlobColumn.Kind.ARRAY, "arrays()")];
    List<List<byte[]>> out = new ArrayList<>(cellsOf.length);
    for (byte[][] cell : cellsOf) {
      out.add(cell == null ? null : Collections.unmodifiableList(Arrays.asList(cell)));
    }
    return Collections.unmodifiableList(out);
  }

  @Override
  public List<List<Map.Entry<Object, byte[]>>> maps(String column) {
    int c = column(column, BlobColumn.Kind.MAP, "maps()");
    byte[][][] cellsOf = values[c];
    List<List<Map.Entry<Object, byte[]>>> out = new ArrayList<>(cellsOf.length);
    for (int r = 0; r < cellsOf.length; r++) {
      byte[][] cell = cellsOf[r];
      if (cell == null) {
        out.add(null);
        continue;
      }
      int first = cells.first(c, r);
      List<Map.Entry<Object, byte[]>> entries = new ArrayList<>(cell.length);
      for (int e = 0; e < cell.length; e++) {
        entries.add(new AbstractMap.SimpleImmutableEntry<>(cells.key(c, first + e), cell[e]));
      }
      out.add(Collections.unmodifiableList(entries));
    }
    return Collections.unmodifiableList(out);
  }

  @Override
  public void close() {
    scalar.close();
  }
}
