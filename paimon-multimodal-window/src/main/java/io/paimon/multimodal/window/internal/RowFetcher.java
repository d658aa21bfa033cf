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
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.VectorCopy;
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
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Reads columns of the frames of a {@link FrameIndex}, by position, from one pinned snapshot, into
 * {@link ColumnValues}: fixed-width columns as primitive arrays copied straight from the Arrow
 * vectors of the read, other columns as Java values, BLOB columns (scalar, ARRAY or MAP of BLOB) as
 * their payload bytes. One {@link RowIdReader} made when the fetcher is (the snapshot planned once,
 * each data file opened at most once) reads every fetch; BLOB payloads are read from the
 * descriptors it returns ({@link BlobReader#read(VectorSchemaRoot, String...)}), so a fetch plans
 * nothing, and their ranged reads coalesce and run concurrently.
 *
 * <p><b>The cache.</b> Reads share a cache of at most {@code blockCacheBytes}. When every fetched
 * column is fixed-width and the decoded values of all frames take at most half of it, the fetcher
 * keeps them ("kept frames"): a request reads the frames it needs that were never read (with the
 * other unread frames of their aligned runs of 64 positions), and every frame read is served from
 * memory after (frames are never evicted; the bound holds by construction); the rest of the
 * capacity caches decompressed blocks, so that the first requests, which find most frames missing,
 * decompress each block once. Otherwise every request reads the rows it needs, and the whole
 * capacity caches decompressed blocks. Either way a request makes at most one read, which decodes
 * each of its rows once.
 *
 * <p>A snapshot reached through a tag is checked against the tag at every request, even one served
 * from memory. Thread-safe: requests read at once (the {@link RowIdReader} is shared); only the
 * reads that fill kept frames are serialized, so that no frame is read twice; {@link #close()}
 * waits for the reads in flight. Close it.
 */
public final class RowFetcher implements AutoCloseable {

  private static final long[] NO_IDS = new long[0];
  private static final int[] NO_POSITIONS = new int[0];

  private final Table table;
  private final FrameIndex index;
  private final List<String> columns;
  private final List<DataType> types = new ArrayList<>();
  private final Map<String, Integer> slots = new HashMap<>();
  private final List<String> blobs = new ArrayList<>();
  private final BlobReader blobReader;

  /** Heap bytes of the decoded values of every frame when they are kept, -1 when not. */
  private final long residentBytes;

  private final long snapshotId;

  /** Held shared by every read of {@link #reader}, exclusively by {@link #close()}. */
  private final ReentrantReadWriteLock open = new ReentrantReadWriteLock();

  /** Serializes the reads that fill kept frames, and their allocation. */
  private final ReentrantLock keptWrites = new ReentrantLock();

  private final RowIdReader reader;

  /** The values of every frame, allocated by the first request; null when not kept. */
  private volatile Resident resident;

  private volatile boolean closed;

  /**
   * @param scan the pinned scan the rows come from (a tag-pinned scan stays checked)
   * @param index the frames, whose positions requests name
   * @param columns the distinct columns to read
   * @param blockCacheBytes the capacity of the cache fetches share, 0 for none
   */
  public RowFetcher(Scan scan, FrameIndex index, List<String> columns, long blockCacheBytes) {
    this.table = scan.table();
    this.index = index;
    this.columns = List.copyOf(columns);
    long perFrame = 0;
    boolean fixedWidth = true;
    for (int c = 0; c < this.columns.size(); c++) {
      String name = this.columns.get(c);
      DataType type = scan.schema().columnType(name);
      types.add(type);
      slots.put(name, c);
      if (isBlob(type)) {
        blobs.add(name);
      }
      long bytes = ColumnValues.bytesPerSlot(type);
      if (bytes < 0) {
        fixedWidth = false;
      } else {
        perFrame += bytes;
      }
    }
    long frames = index.rowCount();
    // The values, plus a presence bit per frame.
    long bytes =
        fixedWidth && perFrame <= Long.MAX_VALUE / 4 / Math.max(1, frames)
            ? frames * perFrame + frames / 8 + 8
            : -1;
    this.residentBytes =
        blockCacheBytes > 0 && bytes >= 0 && bytes <= blockCacheBytes / 2 ? bytes : -1;
    this.reader =
        scan.select(this.columns)
            .rowIdReader(residentBytes >= 0 ? blockCacheBytes - residentBytes : blockCacheBytes);
    this.snapshotId = reader.snapshotId();
    this.blobReader = blobs.isEmpty() ? null : BlobReader.of(scan);
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

  /** Where {@link Rows#column} finds {@code column}, one of the columns given when built. */
  public int slot(String column) {
    Integer s = slots.get(column);
    if (s == null) {
      throw new IllegalArgumentException("column '" + column + "' is not fetched");
    }
    return s;
  }

  /** The snapshot rows are read from. */
  public long snapshotId() {
    return snapshotId;
  }

  /** Whether the decoded values of every frame are kept once read. */
  public boolean keepsFrames() {
    return residentBytes >= 0;
  }

  /**
   * The columns of the frames at positions {@code [from[i], to[i]]} for {@code i < count}.
   *
   * @throws SnapshotNotFoundException if the dataset was pinned through a tag that now points at
   *     another snapshot (or was deleted)
   * @throws IllegalStateException if the fetcher is closed
   */
  public Rows fetch(int[] from, int[] to, int count) {
    open.readLock().lock();
    try {
      if (closed) {
        throw new IllegalStateException(
            "the window dataset of table '" + table.name() + "' is closed; no sample can be read");
      }
      if (count == 0) {
        return new Rows(new ColumnValues[columns.size()], NO_POSITIONS);
      }
      return residentBytes >= 0 ? fetchKept(from, to, count) : fetchRead(from, to, count);
    } finally {
      open.readLock().unlock();
    }
  }

  /** A request without kept frames: its rows read now. Call holding the read lock. */
  private Rows fetchRead(int[] from, int[] to, int count) {
    int[] positions = distinct(from, to, count);
    ColumnValues[] values = new ColumnValues[columns.size()];
    for (int c = 0; c < values.length; c++) {
      values[c] = new ColumnValues(columns.get(c), types.get(c), positions.length);
    }
    VectorSchemaRoot descriptors = read(positions, values, false);
    if (descriptors != null) {
      try (VectorSchemaRoot d = descriptors;
          BlobBatch batch = blobReader.read(d, blobs.toArray(new String[0]))) {
        for (String name : blobs) {
          ColumnValues v = values[slots.get(name)];
          List<?> payloads;
          switch (v.type.root()) {
            case BLOB:
              payloads = batch.blobs(name);
              break;
            case ARRAY:
              payloads = batch.arrays(name);
              break;
            default:
              payloads = batch.maps(name);
          }
          for (int k = 0; k < positions.length; k++) {
            v.set(k, payloads.get(k));
          }
        }
      }
    }
    return new Rows(values, positions);
  }

  /**
   * A request served from the kept frames, reading those never read. Call holding the read lock.
   */
  private Rows fetchKept(int[] from, int[] to, int count) {
    Resident kept = resident();
    int[] missing = kept.missing(from, to, count);
    if (missing.length > 0) {
      keptWrites.lock();
      try {
        // Another request may have read some of them meanwhile.
        missing = kept.missing(missing);
        if (missing.length > 0) {
          read(missing, kept.values, true);
          kept.markPresent(missing);
        }
      } finally {
        keptWrites.unlock();
      }
    }
    if (missing.length == 0) {
      // Nothing read, but the tag must still be checked.
      try {
        reader.read(NO_IDS, 1, table.allocator()).close();
      } catch (IOException e) {
        throw new UncheckedIOException(table.location() + ": " + e.getMessage(), e);
      }
    }
    return kept.rows;
  }

  private Resident resident() {
    Resident r = resident;
    if (r == null) {
      keptWrites.lock();
      try {
        r = resident;
        if (r == null) {
          ColumnValues[] values = new ColumnValues[columns.size()];
          for (int c = 0; c < values.length; c++) {
            values[c] = new ColumnValues(columns.get(c), types.get(c), index.rowCount());
          }
          r = new Resident(values, index.rowCount());
          resident = r;
        }
      } finally {
        keptWrites.unlock();
      }
    }
    return r;
  }

  /**
   * Reads the frames at these ascending positions into {@code values}: frame {@code positions[k]}
   * into slot {@code positions[k]} ({@code byPosition}) or slot {@code k}. Returns the BLOB
   * columns' descriptors, for the caller to close, or null without BLOB columns. Call holding the
   * read lock (and, to fill kept frames, {@link #keptWrites}).
   */
  private VectorSchemaRoot read(int[] positions, ColumnValues[] values, boolean byPosition) {
    long[] ids = new long[positions.length];
    for (int k = 0; k < ids.length; k++) {
      ids[k] = index.rowId(positions[k]);
    }
    VectorSchemaRoot descriptors = null;
    try (ArrowReader rows = reader.read(ids, ids.length, table.allocator())) {
      int k = 0;
      while (rows.loadNextBatch()) {
        VectorSchemaRoot root = rows.getVectorSchemaRoot();
        int n = root.getRowCount();
        if (k + n > ids.length) {
          throw new IllegalStateException(
              table.location() + ": fetched more than the " + ids.length + " rows asked for");
        }
        if (!blobs.isEmpty() && descriptors == null) {
          List<Field> fields = new ArrayList<>();
          for (String b : blobs) {
            fields.add(root.getVector(b).getField());
          }
          descriptors =
              VectorSchemaRoot.create(
                  new org.apache.arrow.vector.types.pojo.Schema(fields), table.allocator());
        }
        for (int c = 0; c < values.length; c++) {
          String name = columns.get(c);
          if (descriptors != null && blobs.contains(name)) {
            VectorCopy.copyRows(root.getVector(name), null, 0, n, descriptors.getVector(name), k);
          } else {
            values[c].fill(root.getVector(name), n, byPosition ? positions : null, k);
          }
        }
        k += n;
      }
      if (k != ids.length) {
        throw new IllegalStateException(
            table.location() + ": fetched " + k + " of " + ids.length + " rows by row ID");
      }
      if (descriptors != null) {
        descriptors.setRowCount(k);
      }
      return descriptors;
    } catch (IOException e) {
      if (descriptors != null) {
        descriptors.close();
      }
      throw new UncheckedIOException(table.location() + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      if (descriptors != null) {
        descriptors.close();
      }
      throw e;
    }
  }

  /** The positions of all these ranges, ascending, each once. */
  private static int[] distinct(int[] from, int[] to, int count) {
    long total = 0;
    for (int i = 0; i < count; i++) {
      total += to[i] - from[i] + 1;
    }
    int[] all = new int[Math.toIntExact(total)];
    int n = 0;
    for (int i = 0; i < count; i++) {
      for (int p = from[i]; p <= to[i]; p++) {
        all[n++] = p;
      }
    }
    return sortedDistinct(all, n);
  }

  private static int[] sortedDistinct(int[] a, int n) {
    Arrays.sort(a, 0, n);
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (m == 0 || a[i] != a[m - 1]) {
        a[m++] = a[i];
      }
    }
    return m == a.length ? a : Arrays.copyOf(a, m);
  }

  @Override
  public void close() {
    open.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      reader.close();
      resident = null;
    } finally {
      open.writeLock().unlock();
    }
  }

  /**
   * The values of every frame, and which frames have been read (set bits, published). A request
   * that misses a frame reads every unread frame of the aligned runs of {@link #AROUND} positions
   * its windows touch: shuffled requests, which touch every data block for a few frames each, then
   * find their frames in memory after a few dozen requests instead of reading every block again for
   * hundreds of them, at the price of reading the rest of one or two runs per window up front.
   */
  private static final class Resident {

    /** The positions read together: those of one word of the presence bitmap. */
    static final int AROUND = 64;

    final ColumnValues[] values;
    final AtomicLongArray present;
    final Rows rows;
    final int frames;

    Resident(ColumnValues[] values, int frames) {
      this.values = values;
      this.frames = frames;
      this.present = new AtomicLongArray((frames + 63) >>> 6);
      this.rows = new Rows(values, null);
    }

    boolean isPresent(int p) {
      return (present.get(p >>> 6) & (1L << p)) != 0;
    }

    /** Whether every position in {@code [from, to]} has been read. */
    boolean allPresent(int from, int to) {
      int last = to >>> 6;
      for (int w = from >>> 6; w <= last; w++) {
        long mask = -1L;
        if (w == from >>> 6) {
          mask &= -1L << from;
        }
        if (w == last) {
          mask &= -1L >>> (63 - (to & 63));
        }
        if ((present.get(w) & mask) != mask) {
          return false;
        }
      }
      return true;
    }

    /**
     * The positions not read yet of every block of {@link #AROUND} positions these ranges touch,
     * ascending, each once.
     */
    int[] missing(int[] from, int[] to, int count) {
      int[] words = null;
      int n = 0;
      for (int i = 0; i < count; i++) {
        if (allPresent(from[i], to[i])) {
          continue;
        }
        if (words == null) {
          words = new int[16];
        }
        for (int w = from[i] >>> 6; w <= to[i] >>> 6; w++) {
          if (n == words.length) {
            words = Arrays.copyOf(words, 2 * n);
          }
          words[n++] = w;
        }
      }
      if (words == null) {
        return NO_POSITIONS;
      }
      words = sortedDistinct(words, n);
      int[] out = new int[64 * words.length];
      int m = 0;
      for (int w : words) {
        long absent = ~present.get(w);
        int end = Math.min(frames, (w + 1) << 6);
        for (int p = w << 6; p < end; p++) {
          if ((absent & (1L << p)) != 0) {
            out[m++] = p;
          }
        }
      }
      return Arrays.copyOf(out, m);
    }

    /** Those of these ascending positions not read yet. */
    int[] missing(int[] positions) {
      int n = 0;
      int[] out = new int[positions.length];
      for (int p : positions) {
        if (!isPresent(p)) {
          out[n++] = p;
        }
      }
      return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /** Publishes these ascending positions as read; the values were written before. */
    void markPresent(int[] positions) {
      int i = 0;
      while (i < positions.length) {
        int word = positions[i] >>> 6;
        long bits = 0;
        while (i < positions.length && positions[i] >>> 6 == word) {
          bits |= 1L << positions[i];
          i++;
        }
        // One writer at a time (keptWrites): a volatile write of the word publishes the values.
        present.set(word, present.get(word) | bits);
      }
    }
  }

  /** The values of one fetch: slot {@code position} of every frame kept, or of the fetched ones. */
  public static final class Rows {
    private final ColumnValues[] values;

    /** The fetched positions, ascending, whose values are in slots 0, 1, ...; null: all frames. */
    private final int[] positions;

    private Rows(ColumnValues[] values, int[] positions) {
      this.values = values;
      this.positions = positions;
    }

    /**
     * What to add to a position to find its slot, for the positions of one fetched range starting
     * at {@code from} (consecutive positions of a range have consecutive slots).
     */
    int base(int from) {
      if (positions == null) {
        return 0;
      }
      int k = Arrays.binarySearch(positions, from);
      if (k < 0) {
        throw new IllegalStateException("frame " + from + " was not fetched");
      }
      return k - from;
    }

    /** The column {@link #slot} named. */
    ColumnValues column(int slot) {
      return values[slot];
    }
  }
}
