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

import io.paimon.blob.BlobFormat;
import io.paimon.blob.BlobFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One byte range of one file that a batch needs: either a whole {@code .blob} entry, whose CRC is
 * verified before its payloads are handed out, or a plain range. Rows needing the same range share
 * one unit.
 *
 * <p>A unit owns the arrays its bytes are read into ({@link #ensureArrays}). Where every target is
 * exactly the payload (a scalar BLOB's entry, or a plain range read as is), that is the payload's
 * own array, which is handed out as the result, plus small arrays for an entry's header and
 * trailer; otherwise one array for the whole range, sliced once complete. The fetch threads read
 * each chunk straight into the arrays of the units it holds (a unit spanning several chunks gets
 * each part from the thread that read it), and the thread that delivers a unit's last part verifies
 * it and prepares its payloads ({@link #complete}) before handing its chunk to the consumer through
 * the fetcher's queue, which orders the accesses. {@link #chunksLeft} belongs to the consumer
 * thread.
 */
final class Unit {

  /** Whether the unit is a verifiable entry or a plain range. */
  enum Kind {
    ENTRY,
    RAW
  }

  private static final VarHandle FETCHES_LEFT;

  static {
    try {
      FETCHES_LEFT = MethodHandles.lookup().findVarHandle(Unit.class, "fetchesLeft", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final String uri;
  final long offset;
  final long length;
  final Kind kind;

  /** Whether the unit was inferred from a scalar descriptor (payload widened to its entry). */
  final boolean widenedPayload;

  final List<Target> targets = new ArrayList<>(1);

  /** The first and last chunk holding the unit's bytes (indexes into the batch's chunks). */
  int firstChunk = -1;

  int lastChunk = -1;

  /** Chunks still to be taken in by the consumer. */
  int chunksLeft;

  /** Chunks still to be read by the fetch threads; see {@link #partRead}. */
  @SuppressWarnings("unused") // through FETCHES_LEFT
  private volatile int fetchesLeft;

  /** Whether every target is exactly the payload, read straight into the array handed out. */
  private boolean direct;

  /** The payload's array if direct, else the whole range's; with an entry's framing if direct. */
  private byte[] bytes;

  private byte[] header;
  private byte[] trailer;

  /**
   * Once the unit is complete, its targets' payloads, or the check that failed; written by the
   * fetch thread that completed it.
   */
  byte[][] slices;

  BlobFormatException failure;

  Unit(String uri, long offset, long length, Kind kind, boolean widenedPayload) {
    this.uri = uri;
    this.offset = offset;
    this.length = length;
    this.kind = kind;
    this.widenedPayload = widenedPayload;
  }

  long end() {
    return offset + length;
  }

  /**
   * Fixes how the unit is read, once its targets and chunks are known and before any of its chunks
   * is submitted.
   */
  void prepare() {
    long payloadStart = kind == Kind.ENTRY ? BlobFormat.ENTRY_HEADER_SIZE : 0;
    long payloadLength = kind == Kind.ENTRY ? length - BlobFormat.ENTRY_OVERHEAD : length;
    boolean whole = payloadLength >= 0;
    for (Target t : targets) {
      whole &= t.sliceOffset() == payloadStart && t.sliceLength() == payloadLength;
    }
    direct = whole;
    FETCHES_LEFT.setVolatile(this, lastChunk - firstChunk + 1);
  }

  /** Allocates the arrays the unit's bytes go to, once, in whichever fetch thread comes first. */
  synchronized void ensureArrays() {
    if (bytes != null) {
      return;
    }
    if (direct && kind == Kind.ENTRY) {
      header = new byte[BlobFormat.ENTRY_HEADER_SIZE];
      trailer = new byte[BlobFormat.ENTRY_TRAILER_SIZE];
      bytes = new byte[(int) (length - BlobFormat.ENTRY_OVERHEAD)];
    } else {
      bytes = new byte[(int) length];
    }
  }

  /**
   * Adds the pieces that receive the unit's bytes {@code [from, to)} (relative to its offset) to
   * {@code pieces}, in file order; {@link #ensureArrays} must have run.
   */
  void addPieces(long from, long to, Pieces pieces) {
    if (header == null) {
      pieces.add(bytes, (int) from, (int) (to - from));
      return;
    }
    int h = header.length;
    long payloadEnd = h + (long) bytes.length;
    if (from < h) {
      pieces.add(header, (int) from, (int) (Math.min(to, h) - from));
    }
    if (to > h && from < payloadEnd) {
      long a = Math.max(from, h);
      long b = Math.min(to, payloadEnd);
      pieces.add(bytes, (int) (a - h), (int) (b - a));
    }
    if (to > payloadEnd) {
      long a = Math.max(from, payloadEnd);
      pieces.add(trailer, (int) (a - payloadEnd), (int) (to - a));
    }
  }

  /**
   * Records that one chunk's part was read into the unit's arrays; true for the thread that read
   * the last part, which then calls {@link #complete}.
   */
  boolean partRead() {
    return (int) FETCHES_LEFT.getAndAdd(this, -1) == 1;
  }

  /**
   * Verifies the complete unit (an entry's magic, size and CRC) and prepares its targets' payloads:
   * for a direct unit the array read into for the first target and copies for the others (rows that
   * share a range each get their own array), else slices of the range.
   */
  void complete() {
    try {
      if (kind == Kind.ENTRY) {
        if (header != null) {
          BlobFormat.verifyEntryParts(header, bytes, trailer, uri, -1, offset);
        } else {
          BlobFormat.verifyEntry(bytes, 0, bytes.length, uri, -1, offset);
        }
      }
      byte[][] out = new byte[targets.size()][];
      for (int i = 0; i < out.length; i++) {
        if (direct) {
          out[i] = i == 0 ? bytes : bytes.clone();
        } else {
          Target t = targets.get(i);
          int from = (int) t.sliceOffset();
          out[i] = Arrays.copyOfRange(bytes, from, from + t.sliceLength());
        }
      }
      slices = out;
    } catch (BlobFormatException e) {
      failure = e;
    } finally {
      header = null;
      bytes = null;
      trailer = null;
    }
  }

  @Override
  public String toString() {
    return kind + " " + uri + " [" + offset + ", " + end() + ")";
  }
}
