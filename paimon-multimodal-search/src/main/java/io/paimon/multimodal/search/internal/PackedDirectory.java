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

import io.paimon.multimodal.fs.InputFile;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.store.BaseDirectory;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.store.ByteBuffersIndexInput;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NoLockFactory;

/**
 * A read-only Lucene directory over one packed index file ({@link PackedIndex}), read either with
 * ranged reads of the file as Lucene asks ({@link #ranged}) or from a copy of the whole file in
 * memory ({@link #resident}); closing it closes the file. Thread-safe, as Lucene's readers need.
 */
final class PackedDirectory extends BaseDirectory {

  /** The size of the heap chunks of a resident file (a power of two, as Lucene's input needs). */
  private static final int CHUNK = 1 << 20;

  /** How many bytes at the end of a file a ranged open reads at once, to find its table. */
  private static final int TAIL_WINDOW = 64 << 10;

  private final InputFile file;
  private final Map<String, PackedIndex.Entry> entries;
  private final ByteBuffersDataInput resident;

  private PackedDirectory(
      InputFile file, Map<String, PackedIndex.Entry> entries, ByteBuffersDataInput resident) {
    super(NoLockFactory.INSTANCE);
    this.file = file;
    this.entries = entries;
    this.resident = resident;
  }

  /**
   * Reads each Lucene buffer with one positional read of {@code file}: opening is cheap, searching
   * pays a read per buffer Lucene refills (a graph search refills often), so it suits a search that
   * opens the file once.
   */
  static PackedDirectory ranged(InputFile file) throws IOException {
    long length = file.length();
    // The tail and, for all but large segments, the table come in one read at the end.
    int window = (int) Math.min(length, TAIL_WINDOW);
    byte[] tail = new byte[window];
    file.readFully(length - window, tail, 0, window);
    long start = length - window;
    return new PackedDirectory(
        file,
        PackedIndex.read(
            file.name(),
            length,
            (position, buf, off, len) -> {
              if (position >= start && position + len <= length) {
                System.arraycopy(tail, (int) (position - start), buf, off, len);
              } else {
                file.readFully(position, buf, off, len);
              }
            }),
        null);
  }

  /**
   * Copies the whole of {@code file} into heap memory with large sequential reads, then reads only
   * memory: suits a file searched many times. Chunks are allocated as the bytes arrive, so a file
   * shorter than its entry claims fails at its end, having allocated little more than it held.
   */
  static PackedDirectory resident(InputFile file) throws IOException {
    try {
      long length = file.length();
      List<ByteBuffer> chunks = new ArrayList<>();
      for (long at = 0; at < length; at += CHUNK) {
        byte[] chunk = new byte[(int) Math.min(CHUNK, length - at)];
        file.readFully(at, chunk, 0, chunk.length);
        chunks.add(ByteBuffer.wrap(chunk));
      }
      ByteBuffersDataInput bytes = new ByteBuffersDataInput(chunks);
      // The table is parsed from the copy: loading costs the chunk reads and nothing more.
      Map<String, PackedIndex.Entry> entries =
          PackedIndex.read(
              file.name(),
              length,
              (position, buf, off, len) -> bytes.slice(position, len).readBytes(buf, off, len));
      return new PackedDirectory(file, entries, bytes);
    } finally {
      file.close();
    }
  }

  /** The bytes held in memory: the file's length if resident, else 0. */
  long residentBytes() {
    return resident == null ? 0 : resident.length();
  }

  @Override
  public String[] listAll() {
    return entries.keySet().stream().sorted().toArray(String[]::new);
  }

  @Override
  public long fileLength(String name) throws IOException {
    return entry(name).length();
  }

  @Override
  public IndexInput openInput(String name, IOContext context) throws IOException {
    ensureOpen();
    PackedIndex.Entry e = entry(name);
    String description = file.name() + ":" + name;
    if (resident != null) {
      return new ByteBuffersIndexInput(resident.slice(e.offset(), e.length()), description);
    }
    return new FileIndexInput(description, file, e.offset(), e.length());
  }

  private PackedIndex.Entry entry(String name) throws FileNotFoundException {
    PackedIndex.Entry e = entries.get(name);
    if (e == null) {
      throw new FileNotFoundException(file.name() + " holds no " + name);
    }
    return e;
  }

  @Override
  public void deleteFile(String name) {
    throw readOnly();
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) {
    throw readOnly();
  }

  @Override
  public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) {
    throw readOnly();
  }

  @Override
  public void sync(Collection<String> names) {}

  @Override
  public void syncMetaData() {}

  @Override
  public void rename(String source, String dest) {
    throw readOnly();
  }

  @Override
  public Set<String> getPendingDeletions() {
    return Set.of();
  }

  @Override
  public void close() throws IOException {
    isOpen = false;
    if (resident == null) {
      file.close();
    }
  }

  private UnsupportedOperationException readOnly() {
    return new UnsupportedOperationException(file.name() + " is a read-only packed index");
  }
}
