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

import io.paimon.blob.BlobChecksumException;
import io.paimon.blob.BlobFormat;
import io.paimon.blob.BlobFormatException;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.blob.BlobReadException;
import io.paimon.multimodal.blob.BlobReadException.Reason;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * What one read shares across its batches (settings, requested columns, fetcher, entry locator) and
 * the planning of a batch: each descriptor becomes a target in a {@link Unit} (a verifiable entry
 * of one of the table's {@code .blob} files, or a plain range), identical units are shared, and the
 * units are planned into ranged reads. Used by the consumer thread.
 */
final class ReadContext {

  /** The largest payload a {@code byte[]} holds, with room for an entry's framing. */
  private static final long MAX_PAYLOAD = Integer.MAX_VALUE - 64;

  private final ReadOptions options;
  private final List<BlobColumn> columns;
  private final Fetcher fetcher;
  private final EntryLocator locator;
  private final String dataDirPrefix;

  /** The files of the read's descriptors, shared by its batches' {@link Cells}. */
  final Cells.Uris uris = new Cells.Uris();

  ReadContext(
      ReadOptions options,
      List<BlobColumn> columns,
      Fetcher fetcher,
      EntryLocator locator,
      String dataDir) {
    this.options = options;
    this.columns = columns;
    this.fetcher = fetcher;
    this.locator = locator;
    this.dataDirPrefix = dataDir.endsWith("/") ? dataDir : dataDir + "/";
  }

  List<BlobColumn> columns() {
    return columns;
  }

  ReadOptions options() {
    return options;
  }

  /**
   * Whether {@code uri} is one of the table's own {@code .blob} files, whose entries carry CRCs.
   */
  private boolean checked(int uriId, String uri) {
    if (uriId >= checkedUris.length) {
      checkedUris =
          java.util.Arrays.copyOf(checkedUris, Math.max(uriId + 1, 2 * checkedUris.length));
    }
    byte known = checkedUris[uriId];
    if (known == 0) {
      boolean checked =
          options.verifyChecksums() && uri.startsWith(dataDirPrefix) && uri.endsWith(".blob");
      known = checked ? (byte) 1 : (byte) 2;
      checkedUris[uriId] = known;
    }
    return known == 1;
  }

  /** Per file id of {@link #uris}: 0 not yet known, 1 checked, 2 not. */
  private byte[] checkedUris = new byte[8];

  /** Plans the reads of a batch. */
  PlannedBatch plan(VectorSchemaRoot scalar, Cells cells, long firstRow) {
    PlannedBatch batch = new PlannedBatch(this, scalar, cells, firstRow);
    loadIndexes(cells, firstRow);
    List<Unit> toFetch = new ArrayList<>();
    for (int c = 0; c < columns.size(); c++) {
      BlobColumn col = columns.get(c);
      for (int r = 0; r < cells.rows(); r++) {
        int first = cells.first(c, r);
        int size = cells.size(c, r);
        for (int e = 0; e < size; e++) {
          if (!cells.isNullElement(c, first + e)) {
            Unit u = place(cells, col, c, r, e, first + e, firstRow);
            if (u.length == 0) {
              batch.deliverEmpty(u);
            } else {
              toFetch.add(u);
            }
          }
        }
      }
    }
    try {
      batch.chunks = RangePlanner.plan(toFetch, options.holeLimit(), options.rangeLimit());
    } catch (RangePlanner.OverlapException e) {
      Target t = e.second.targets.get(0);
      throw batch.error(
          Reason.MALFORMED,
          e.second,
          "entry ["
              + e.second.offset
              + ", "
              + e.second.end()
              + ") of row "
              + (firstRow + t.row())
              + " overlaps entry ["
              + e.first.offset
              + ", "
              + e.first.end()
              + ") of row "
              + (firstRow + e.first.targets.get(0).row())
              + ": the descriptors do not match the file",
          null);
    }
    for (Unit u : toFetch) {
      u.prepare();
    }
    for (Chunk chunk : batch.chunks) {
      chunk.batch = batch;
    }
    batch.expectUnits(toFetch.size());
    return batch;
  }

  /** The unit holding element {@code e} (at {@code at} in the column) of cell (c, r). */
  private Unit place(Cells cells, BlobColumn col, int c, int r, int e, int at, long firstRow) {
    String uri = cells.uri(c, at);
    long offset = cells.offset(c, at);
    long declared = cells.length(c, at);
    long length = declared;
    if (length == BlobDescriptor.UNKNOWN_LENGTH) {
      length = objectLength(col, firstRow + r, uri) - offset;
      if (length < 0) {
        throw new BlobReadException(
            Reason.SHORT_READ,
            firstRow + r,
            col.name(),
            uri,
            "descriptor offset " + offset + " lies past the end of the object",
            null);
      }
    }
    if (length > MAX_PAYLOAD) {
      throw new BlobReadException(
          Reason.MALFORMED,
          firstRow + r,
          col.name(),
          uri,
          "payload of " + length + " bytes does not fit a byte[]",
          null);
    }
    Unit.Kind kind;
    long unitOffset;
    long unitLength;
    if (declared == BlobDescriptor.UNKNOWN_LENGTH || !checked(cells.uriId(c, at), uri)) {
      kind = Unit.Kind.RAW;
      unitOffset = offset;
      unitLength = length;
    } else if (col.kind() == BlobColumn.Kind.BLOB) {
      // A scalar cell's descriptor covers exactly its entry's payload: the entry is the range
      // widened by its framing, no index needed. PlannedBatch falls back to the index if not.
      kind = Unit.Kind.ENTRY;
      unitOffset = offset - BlobFormat.ENTRY_HEADER_SIZE;
      unitLength = length + BlobFormat.ENTRY_OVERHEAD;
      if (unitOffset < 0) {
        throw new BlobReadException(
            Reason.MALFORMED,
            firstRow + r,
            col.name(),
            uri,
            "descriptor offset " + offset + " lies inside the first entry's header",
            null);
      }
    } else {
      long[] entry = locator.entryHolding(uri, offset, length);
      if (entry == null) {
        throw new BlobReadException(
            Reason.MALFORMED,
            firstRow + r,
            col.name(),
            uri,
            "descriptor range ["
                + offset
                + ", "
                + (offset + length)
                + ") lies inside no entry's payload",
            null);
      }
      kind = Unit.Kind.ENTRY;
      unitOffset = entry[0];
      unitLength = entry[1];
    }
    boolean widened = kind == Unit.Kind.ENTRY && col.kind() == BlobColumn.Kind.BLOB;
    // Rows sharing a range get one unit each here; RangePlanner merges them.
    Unit u = new Unit(uri, unitOffset, unitLength, kind, widened);
    u.targets.add(new Target(c, r, e, offset - unitOffset, (int) length));
    return u;
  }

  private final Map<String, Long> objectLengths = new HashMap<>();

  private long objectLength(BlobColumn col, long row, String uri) {
    Long known = objectLengths.get(uri);
    if (known != null) {
      return known;
    }
    try {
      long n = fetcher.file(uri).length();
      objectLengths.put(uri, n);
      return n;
    } catch (IOException e) {
      throw ioError(e, row, col.name(), uri);
    }
  }

  /** Reads, concurrently, the indexes of the files that nested descriptors point into. */
  private void loadIndexes(Cells cells, long firstRow) {
    Map<String, long[]> firstUse = new LinkedHashMap<>();
    for (int c = 0; c < columns.size(); c++) {
      if (columns.get(c).kind() == BlobColumn.Kind.BLOB) {
        continue;
      }
      for (int r = 0; r < cells.rows(); r++) {
        int first = cells.first(c, r);
        int size = cells.size(c, r);
        for (int at = first; at < first + size; at++) {
          if (!cells.isNullElement(c, at)
              && cells.length(c, at) != BlobDescriptor.UNKNOWN_LENGTH
              && checked(cells.uriId(c, at), cells.uri(c, at))
              && !locator.isLoaded(cells.uri(c, at))) {
            firstUse.putIfAbsent(cells.uri(c, at), new long[] {c, r});
          }
        }
      }
    }
    Map<String, Future<Void>> loads = new LinkedHashMap<>();
    for (String uri : firstUse.keySet()) {
      loads.put(
          uri,
          fetcher.call(
              () -> {
                locator.load(uri);
                return null;
              }));
    }
    for (Map.Entry<String, Future<Void>> load : loads.entrySet()) {
      long[] use = firstUse.get(load.getKey());
      try {
        load.getValue().get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new BlobReadException(
            Reason.CANCELLED, -1, null, load.getKey(), "interrupted reading the index", e);
      } catch (ExecutionException e) {
        throw ioError(
            e.getCause(), firstRow + use[1], columns.get((int) use[0]).name(), load.getKey());
      }
    }
  }

  /**
   * The entry holding a scalar descriptor's payload that is not framed as an entry of its own, or
   * null if there is none other than the range itself.
   */
  long[] entryAround(Unit u, PlannedBatch batch) {
    try {
      locator.load(u.uri);
    } catch (IOException e) {
      Target t = u.targets.get(0);
      throw ioError(e, batch.firstRow + t.row(), columns.get(t.column()).name(), u.uri);
    }
    long payload = u.offset + BlobFormat.ENTRY_HEADER_SIZE;
    long[] entry = locator.entryHolding(u.uri, payload, u.length - BlobFormat.ENTRY_OVERHEAD);
    if (entry == null || (entry[0] == u.offset && entry[1] == u.length)) {
      return null;
    }
    return entry;
  }

  /** Reads and verifies the entry {@code entry} = {start, size} of {@code u}'s file. */
  byte[] readEntry(Unit u, long[] entry, PlannedBatch batch) {
    if (entry[1] > MAX_PAYLOAD) {
      throw batch.error(Reason.MALFORMED, u, "entry of " + entry[1] + " bytes is too large", null);
    }
    byte[] bytes = new byte[(int) entry[1]];
    Target t = u.targets.get(0);
    try {
      fetcher.file(u.uri).readFully(entry[0], bytes, 0, bytes.length);
      BlobFormat.verifyEntry(bytes, 0, bytes.length, u.uri, -1, entry[0]);
    } catch (BlobChecksumException e) {
      throw batch.error(Reason.CHECKSUM_MISMATCH, u, e.getMessage(), e);
    } catch (IOException e) {
      throw ioError(e, batch.firstRow + t.row(), columns.get(t.column()).name(), u.uri);
    }
    return bytes;
  }

  /** The error for a failed ranged read of {@code chunk}, naming the first row it serves. */
  BlobReadException fetchError(Chunk chunk) {
    Unit u = chunk.units.get(0);
    if (chunk.error instanceof EOFException) {
      // The file is shorter than the run: name the first row whose range it cuts off.
      try {
        long size = fetcher.file(chunk.uri).length();
        for (Unit candidate : chunk.units) {
          if (candidate.end() > size) {
            u = candidate;
            break;
          }
        }
      } catch (IOException e) {
        chunk.error.addSuppressed(e);
      }
    }
    Target t = u.targets.get(0);
    return ioError(
        chunk.error,
        chunk.batch.firstRow + t.row(),
        columns.get(t.column()).name(),
        chunk.uri,
        "range [" + chunk.offset + ", " + chunk.end() + "): ");
  }

  static BlobReadException ioError(Throwable e, long row, String column, String file) {
    return ioError(e, row, column, file, "");
  }

  /** {@code where} (the range read, say) leads the detail; the file stays the bare URI. */
  static BlobReadException ioError(
      Throwable e, long row, String column, String file, String where) {
    Reason reason;
    if (e instanceof NoSuchFileException || e instanceof FileNotFoundException) {
      reason = Reason.MISSING_FILE;
    } else if (e instanceof EOFException) {
      reason = Reason.SHORT_READ;
    } else if (e instanceof BlobChecksumException) {
      reason = Reason.CHECKSUM_MISMATCH;
    } else if (e instanceof BlobFormatException) {
      reason = Reason.MALFORMED;
    } else if (e instanceof java.io.InterruptedIOException) {
      reason = Reason.CANCELLED;
    } else {
      reason = Reason.IO_ERROR;
    }
    return new BlobReadException(reason, row, column, file, where + e.getMessage(), e);
  }
}
