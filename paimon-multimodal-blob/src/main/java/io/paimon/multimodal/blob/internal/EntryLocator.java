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

import io.paimon.blob.BlobFileReader;
import io.paimon.blob.BlobFormat;
import io.paimon.multimodal.fs.FileIO;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the {@code .blob} entry that holds a byte range, from the file's row index (read and
 * validated by {@link BlobFileReader}, two small reads per file, cached for the whole read). Needed
 * where a descriptor alone does not say where its entry starts and ends: elements of ARRAY and MAP
 * cells, which lie inside a nested payload. Thread-safe.
 */
final class EntryLocator {

  /** The entries of one file: starts ascending, and sizes. */
  private record Entries(long[] starts, long[] sizes) {}

  private final FileIO io;
  private final ConcurrentHashMap<String, Entries> files = new ConcurrentHashMap<>();

  EntryLocator(FileIO io) {
    this.io = io;
  }

  boolean isLoaded(String uri) {
    return files.containsKey(uri);
  }

  /**
   * Reads the index of {@code uri} if not yet cached.
   *
   * @throws IOException if the file is missing or its index is malformed
   */
  void load(String uri) throws IOException {
    if (files.containsKey(uri)) {
      return;
    }
    try (BlobFileReader reader = BlobFileReader.open(io.newInputFile(uri))) {
      int rows = (int) reader.rowCount();
      long[] starts = new long[rows];
      long[] sizes = new long[rows];
      int n = 0;
      for (int r = 0; r < rows; r++) {
        long at = reader.entryOffset(r);
        if (at >= 0) {
          starts[n] = at;
          sizes[n++] = reader.entrySize(r);
        }
      }
      files.putIfAbsent(uri, new Entries(Arrays.copyOf(starts, n), Arrays.copyOf(sizes, n)));
    }
  }

  /**
   * The entry of {@code uri} (already {@link #load loaded}) whose payload holds {@code [offset,
   * offset + length)}: {start, size}, or null if no entry does.
   */
  long[] entryHolding(String uri, long offset, long length) {
    Entries e = files.get(uri);
    int i = Arrays.binarySearch(e.starts, offset);
    if (i < 0) {
      i = -i - 2;
    }
    if (i < 0) {
      return null;
    }
    long start = e.starts[i];
    long size = e.sizes[i];
    long payloadStart = start + BlobFormat.ENTRY_HEADER_SIZE;
    long payloadEnd = start + size - BlobFormat.ENTRY_TRAILER_SIZE;
    if (offset < payloadStart || offset + length > payloadEnd) {
      return null;
    }
    return new long[] {start, size};
  }
}
