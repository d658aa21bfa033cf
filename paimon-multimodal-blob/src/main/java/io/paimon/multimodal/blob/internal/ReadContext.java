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

  private record UnitKey(String uri, long offset, long length, Unit.Kind kind) {}

  private final ReadOptions options;
  private final List<BlobColumn> columns;
  private final Fetcher fetcher;
  private final EntryLocator locator;
  private final String dataDirPrefix;

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
  private boolean checked(String uri) {
    return options.verifyChecksums() && uri.startsWith(dataDirPrefix) && uri.endsWith(".blob");
  }

  /** Plans the reads of a batch. */
  PlannedBatch plan(VectorSchemaRoot scalar, Cells cells, long firstRow) {
    PlannedBatch batch = new PlannedBatch(this, scalar, cells, firstRow);
    loadIndexes(cells, firstRow);
    Map<UnitKey, Unit> units = new LinkedHashMap<>();
    for (int c = 0; c < columns.size(); c++) {
      BlobColumn col = columns.get(c);
      for (int r = 0; r < cells.rows(); r++) {
        Cells.Cell cell = cells.cell(c, r);
        if (cell == null) {
          continue;
        }
        for (int e = 0; e < cell.elements().length; e++) {
          Cells.Desc d = cell.elements()[e];
          if (d != null) {
            place(units, col, c, r, e, d, firstRow);
          }
        }
      }
    }
    List<Unit> toFetch = new ArrayList<>(units.size());
    for (Unit u : units.values()) {
      if (u.length == 0) {
        batch.deliverEmpty(u);
      } else {
        toFetch.add(u);
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
    for (Chunk chunk : batch.chunks) {
      chunk.batch = batch;
    }
    batch.expectUnits(toFetch.size());
    return batch;
  }

  private void place(
      Map<UnitKey, Unit> units, BlobColumn col, int c, int r, int e, Cells.Desc d, long firstRow) {
    long offset = d.offset();
    long length = d.length();
    if (length == BlobDescriptor.UNKNOWN_LENGTH) {
      length = objectLength(col, firstRow + r, d) - offset;
      if (length < 0) {
        throw new BlobReadException(
            Reason.SHORT_READ,
            firstRow + r,
            col.name(),
            d.uri(),
            "descriptor offset " + offset + " lies past the end of the object",
            null);
      }
    }
    if (length > MAX_PAYLOAD) {
      throw new BlobReadException(
          Reason.MALFORMED,
          firstRow + r,
          col.name(),
          d.uri(),
          "payload of " + length + " bytes does not fit a byte[]",
          null);
    }
    Unit.Kind kind;
    long unitOffset;
    long unitLength;
    if (d.length() == BlobDescriptor.UNKNOWN_LENGTH || !checked(d.uri())) {
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
            d.uri(),
            "descriptor offset " + offset + " lies inside the first entry's header",
            null);
      }
    } else {
      long[] entry = locator.entryHolding(d.uri(), offset, length);
      if (entry == null) {
        throw new BlobReadException(
            Reason.MALFORMED,
            firstRow + r,
            col.name(),
            d.uri(),
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
    Unit u =
        units.computeIfAbsent(
            new UnitKey(d.uri(), unitOffset, unitLength, kind),
            k -> new Unit(k.uri(), k.offset(), k.length(), k.kind(), widened));
    u.targets.add(new Target(c, r, e, offset - unitOffset, (int) length));
  }

  private final Map<String, Long> objectLengths = new HashMap<>();

  private long objectLength(BlobColumn col, long row, Cells.Desc d) {
    Long known = objectLengths.get(d.uri());
    if (known != null) {
      return known;
    }
    try {
      long n = fetcher.file(d.uri()).length();
      objectLengths.put(d.uri(), n);
      return n;
    } catch (IOException e) {
      throw ioError(e, row, col.name(), d.uri());
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
        Cells.Cell cell = cells.cell(c, r);
        if (cell == null) {
          continue;
        }
        for (Cells.Desc d : cell.elements()) {
          if (d != null
              && d.length() != BlobDescriptor.UNKNOWN_LENGTH
              && checked(d.uri())
              && !locator.isLoaded(d.uri())) {
            firstUse.putIfAbsent(d.uri(), new long[] {c, r});
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
