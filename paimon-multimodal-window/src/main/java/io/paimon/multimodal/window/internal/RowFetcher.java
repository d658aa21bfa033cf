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

import io.paimon.multimodal.RowIdReader;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Reads columns of rows by row ID from one pinned snapshot, as Java values: plain columns through
 * one {@link RowIdReader} (the snapshot planned once, each file opened once), BLOB columns (scalar,
 * ARRAY or MAP of BLOB) as their payload bytes through a {@link BlobReader}, so their ranged reads
 * coalesce and run concurrently. Fetches share a cache of decompressed blocks, so that requests
 * that come back to the same blocks (a shuffling loader's do) decompress each once while it stays
 * cached. A snapshot reached through a tag is checked against the tag before every fetch.
 * Thread-safe; close it.
 */
public final class RowFetcher implements AutoCloseable {

  private final Table table;
  private final long snapshotId;
  private final List<String> plain = new ArrayList<>();
  private final List<DataType> plainTypes = new ArrayList<>();
  private final List<String> blobs = new ArrayList<>();
  private final List<DataType> blobTypes = new ArrayList<>();
  private final Map<String, Integer> slot = new HashMap<>();
  private final RowIdReader fetcher;

  /**
   * @param scan the pinned scan the rows come from (a tag-pinned scan stays checked)
   * @param columns the distinct columns to read
   * @param blockCacheBytes the capacity of the decompressed-block cache fetches share, 0 for none
   */
  public RowFetcher(Scan scan, List<String> columns, long blockCacheBytes) {
    this.table = scan.table();
    for (String c : columns) {
      DataType type = table.schema().columnType(c);
      if (isBlob(type)) {
        slot.put(c, -1 - blobs.size());
        blobs.add(c);
        blobTypes.add(type);
      } else {
        slot.put(c, plain.size());
        plain.add(c);
        plainTypes.add(type);
      }
    }
    // Plain columns only; with none, still a reader: it checks a tag-pinned snapshot per fetch.
    this.fetcher =
        (plain.isEmpty() ? scan.select(Schema.ROW_ID) : scan.select(plain))
            .rowIdReader(blockCacheBytes);
    this.snapshotId = fetcher.snapshotId();
  }

  private static boolean isBlob(DataType type) {
    DataTypeRoot root = type.root();
    if (root == DataTypeRoot.BLOB) {
      return true;
    }
    if (root == DataTypeRoot.ARRAY || root == DataTypeRoot.MAP) {
      List<DataType> children = type.children();
      return children.get(children.size() - 1).root() == DataTypeRoot.BLOB;
    }
    return false;
  }

  /** Where {@link Rows#value} finds {@code column}, one of the columns given when built. */
  public int slot(String column) {
    Integer s = slot.get(column);
    if (s == null) {
      throw new IllegalArgumentException("column '" + column + "' is not fetched");
    }
    return s;
  }

  /** The snapshot rows are read from. */
  public long snapshotId() {
    return snapshotId;
  }

  /**
   * The columns of these rows.
   *
   * @param ids distinct row IDs in ascending order, all in the snapshot
   * @throws SnapshotNotFoundException if the dataset was pinned through a tag that now points at
   *     another snapshot (or was deleted)
   */
  public Rows fetch(long[] ids) {
    Object[][] plainValues = new Object[plain.size()][ids.length];
    Object[][] blobValues = new Object[blobs.size()][];
    if (ids.length > 0) {
      readPlain(ids, plainValues);
      if (!blobs.isEmpty()) {
        readBlobs(ids, blobValues);
      }
    }
    return new Rows(ids, plainValues, blobValues);
  }

  private void readPlain(long[] ids, Object[][] values) {
    try (ArrowReader reader = fetcher.read(ids, ids.length, table.allocator())) {
      int k = 0;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++, k++) {
          for (int c = 0; c < plain.size(); c++) {
            values[c][k] = ArrowValues.get(plain.get(c), plainTypes.get(c), root.getVector(c), i);
          }
        }
      }
      if (k != ids.length) {
        throw new IllegalStateException(
            table.location() + ": fetched " + k + " of " + ids.length + " rows by row ID");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(table.location() + ": " + e.getMessage(), e);
    }
  }

  private void readBlobs(long[] ids, Object[][] values) {
    Scan rows = table.takeRowIds(ids).snapshot(snapshotId).select(Schema.ROW_ID);
    try (BlobBatch batch = BlobReader.of(rows).read(blobs.toArray(new String[0]))) {
      for (int c = 0; c < blobs.size(); c++) {
        String name = blobs.get(c);
        switch (blobTypes.get(c).root()) {
          case BLOB:
            values[c] = batch.blobs(name).toArray();
            break;
          case ARRAY:
            values[c] = batch.arrays(name).toArray();
            break;
          default:
            values[c] = batch.maps(name).toArray();
        }
      }
    }
  }

  @Override
  public void close() {
    fetcher.close();
  }

  /** The values of one fetch, by column and row ID. */
  public final class Rows {
    private final long[] ids;
    private final Object[][] plainValues;
    private final Object[][] blobValues;

    private Rows(long[] ids, Object[][] plainValues, Object[][] blobValues) {
      this.ids = ids;
      this.plainValues = plainValues;
      this.blobValues = blobValues;
    }

    /** The value in row {@code rowId}, which the fetch read, of the column {@link #slot} gave. */
    public Object value(int slot, long rowId) {
      int k = Arrays.binarySearch(ids, rowId);
      if (k < 0) {
        throw new IllegalStateException("row " + rowId + " was not fetched");
      }
      return slot >= 0 ? plainValues[slot][k] : blobValues[-1 - slot][k];
    }
  }
}
