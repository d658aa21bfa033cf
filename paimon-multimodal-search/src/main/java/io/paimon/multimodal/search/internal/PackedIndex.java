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
import io.paimon.multimodal.search.SearchException;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layout of one index file: the files of a Lucene directory (one committed segment) packed end
 * to end, so that a shard is one object on any storage and is read with ranged reads.
 *
 * <pre>
 *   "PMMLUC01"                                  8 bytes
 *   file bytes, end to end                      the offsets below point here
 *   table: int count, then per file: short name length, UTF-8 name, long offset, long length
 *   long table offset, int table length, "PMMLUC01"
 * </pre>
 *
 * All integers big-endian. Reading checks every offset against the file's length before it
 * allocates, so a damaged file is a {@link SearchException} naming the file and offset.
 */
final class PackedIndex {

  private static final byte[] MAGIC = "PMMLUC01".getBytes(StandardCharsets.US_ASCII);
  private static final int TAIL = 8 + 4 + MAGIC.length;

  /** One packed file: where its bytes sit in the index file. */
  record Entry(String name, long offset, long length) {}

  private PackedIndex() {}

  /**
   * Writes the files of {@code dir} (a finished Lucene directory on local disk) to {@code out}.
   *
   * @return the number of bytes written
   */
  static long write(Path dir, List<String> names, OutputStream out) throws IOException {
    DataOutputStream data = new DataOutputStream(out);
    data.write(MAGIC);
    long position = MAGIC.length;
    List<Entry> entries = new ArrayList<>();
    byte[] buffer = new byte[1 << 16];
    for (String name : names) {
      long length = 0;
      try (InputStream in = Files.newInputStream(dir.resolve(name))) {
        for (int n; (n = in.read(buffer)) > 0; ) {
          data.write(buffer, 0, n);
          length += n;
        }
      }
      entries.add(new Entry(name, position, length));
      position += length;
    }
    int tableStart = data.size();
    data.writeInt(entries.size());
    for (Entry e : entries) {
      byte[] name = e.name().getBytes(StandardCharsets.UTF_8);
      data.writeShort(name.length);
      data.write(name);
      data.writeLong(e.offset());
      data.writeLong(e.length());
    }
    int tableLength = data.size() - tableStart;
    data.writeLong(position);
    data.writeInt(tableLength);
    data.write(MAGIC);
    data.flush();
    return position + tableLength + TAIL;
  }

  /**
   * The table of a packed index file.
   *
   * @throws SearchException if the file is not a packed index or its table does not fit it
   */
  static Map<String, Entry> read(InputFile file) throws IOException {
    return read(file.name(), file.length(), file::readFully);
  }

  /** Positional reads of an index file's bytes, from storage or from memory. */
  @FunctionalInterface
  interface Bytes {
    void readFully(long position, byte[] buf, int off, int len) throws IOException;
  }

  /**
   * The table of the packed index file {@code name} of {@code length} bytes, read through {@code
   * file}: two small reads, then the table.
   *
   * @throws SearchException if the file is not a packed index or its table does not fit it
   */
  static Map<String, Entry> read(String name, long length, Bytes file) throws IOException {
    if (length < MAGIC.length + 4 + TAIL) {
      throw new SearchException(
          "index file " + name + ": " + length + " bytes is too short for a packed index");
    }
    byte[] tail = new byte[TAIL];
    file.readFully(length - TAIL, tail, 0, TAIL);
    ByteBuffer t = ByteBuffer.wrap(tail);
    long tableOffset = t.getLong();
    int tableLength = t.getInt();
    byte[] magic = new byte[MAGIC.length];
    t.get(magic);
    byte[] head = new byte[MAGIC.length];
    file.readFully(0, head, 0, head.length);
    if (!java.util.Arrays.equals(magic, MAGIC) || !java.util.Arrays.equals(head, MAGIC)) {
      throw new SearchException(
          "index file " + name + ": no packed-index magic at offset 0 and " + (length - 8));
    }
    if (tableOffset < MAGIC.length
        || tableLength < 4
        || tableOffset + tableLength != length - TAIL) {
      throw new SearchException(
          "index file "
              + name
              + ": its table at offset "
              + tableOffset
              + " ("
              + tableLength
              + " bytes) does not end where the tail starts, at offset "
              + (length - TAIL));
    }
    byte[] table = new byte[tableLength];
    file.readFully(tableOffset, table, 0, tableLength);
    ByteBuffer b = ByteBuffer.wrap(table);
    int count = b.getInt();
    if (count < 0 || count > tableLength / 18) {
      throw new SearchException(
          "index file "
              + name
              + ": "
              + count
              + " entries cannot fit a table at offset "
              + tableOffset);
    }
    Map<String, Entry> out = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      long at = tableOffset + b.position();
      if (b.remaining() < 2) {
        throw truncated(name, at);
      }
      int nameLength = b.getShort() & 0xFFFF;
      if (b.remaining() < nameLength + 16) {
        throw truncated(name, at);
      }
      byte[] n = new byte[nameLength];
      b.get(n);
      long offset = b.getLong();
      long size = b.getLong();
      if (offset < MAGIC.length || size < 0 || offset > tableOffset - size) {
        throw new SearchException(
            "index file "
                + name
                + ": entry at offset "
                + at
                + " points to bytes "
                + offset
                + ".."
                + (offset + size)
                + " outside the packed files (8.."
                + tableOffset
                + ")");
      }
      String entryName = new String(n, StandardCharsets.UTF_8);
      if (out.put(entryName, new Entry(entryName, offset, size)) != null) {
        throw new SearchException(
            "index file " + name + ": entry at offset " + at + " repeats '" + entryName + "'");
      }
    }
    if (b.hasRemaining()) {
      throw new SearchException(
          "index file " + name + ": " + b.remaining() + " stray bytes at the end of its table");
    }
    return out;
  }

  private static SearchException truncated(String name, long at) {
    return new SearchException(
        "index file " + name + ": table entry at offset " + at + " is cut off");
  }
}
