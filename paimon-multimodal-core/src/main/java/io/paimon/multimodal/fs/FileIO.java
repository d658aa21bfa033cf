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
package io.paimon.multimodal.fs;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collection;
import java.util.List;

/**
 * Every byte the library reads or writes goes through a {@code FileIO}: the local file system by
 * default ({@link #local()}), or an object store, HTTP for read-only blobs, or a wrapper that adds
 * latency, counts requests or injects faults. Paths are strings; for the local implementation they
 * are file system paths or {@code file:} URIs; for an object store, full URIs ({@code
 * s3://bucket/key}), where a "directory" is a key prefix. Implementations must be thread-safe.
 *
 * <p>A storage holding clients or connection pools releases them on {@link #close()}. A connection
 * closes the storage it opened through {@link #forUri}, never one handed to it.
 */
public interface FileIO extends Closeable {

  /** Opens a file for positional reads; the caller closes it. */
  InputFile newInputFile(String path) throws IOException;

  /**
   * Opens a file whose length the caller already knows (a data file's size from its manifest
   * entry), so that a storage which would otherwise ask for it (an object store's {@code HEAD})
   * need not. Reads past the real end still fail with an {@link java.io.EOFException}. The default
   * ignores the length and calls {@link #newInputFile(String)}, which is also what wrappers get
   * unless they override this method.
   *
   * @throws IllegalArgumentException if {@code length} is negative
   */
  default InputFile newInputFile(String path, long length) throws IOException {
    if (length < 0) {
      throw new IllegalArgumentException("length must not be negative, got " + length);
    }
    return newInputFile(path);
  }

  /**
   * Creates a file and returns a stream to write it; the caller closes the stream.
   *
   * @throws java.nio.file.FileAlreadyExistsException if the file exists
   */
  OutputStream newOutputStream(String path) throws IOException;

  /**
   * Atomically creates a file with the given content if no file of that name exists; the basis of
   * optimistic commits. Readers never see a partially written file.
   *
   * @return true if this call created the file, false if it already existed
   */
  boolean createIfAbsent(String path, byte[] content) throws IOException;

  /**
   * Atomically replaces the content of a file (or creates it): readers see the old or the new
   * content, never a mix. Used for hints and tags.
   */
  void overwrite(String path, byte[] content) throws IOException;

  /** Reads a whole (small) file. */
  byte[] readAllBytes(String path) throws IOException;

  /** Whether a file or directory exists. */
  boolean exists(String path) throws IOException;

  /**
   * Whether a file (not a directory) exists: what metadata probes ask ("is there a snapshot 42?"),
   * which an object store answers with one {@code HEAD} where {@link #exists} may also need a
   * listing to find a prefix. The default calls {@link #exists}.
   */
  default boolean isFile(String path) throws IOException {
    return exists(path);
  }

  /** Deletes a file or an empty directory; does nothing if it does not exist. */
  void delete(String path) throws IOException;

  /**
   * Deletes files (not directories) in as few requests as the storage allows (an object store
   * deletes up to a thousand keys per request); a file that does not exist is no error. The default
   * deletes them one by one.
   *
   * @throws IOException if some could not be deleted (the message names the first of them); others
   *     may have been deleted
   */
  default void deleteFiles(Collection<String> paths) throws IOException {
    for (String path : paths) {
      delete(path);
    }
  }

  /** Creates a directory and its parents if missing. */
  void mkdirs(String path) throws IOException;

  /** The names (not paths) of the entries of a directory, sorted; empty if it does not exist. */
  List<String> list(String directory) throws IOException;

  /** The last-modified time of a file in epoch milliseconds. */
  long lastModifiedMillis(String path) throws IOException;

  /**
   * The defaults for ranged reads from this storage (how many in flight, when to merge nearby
   * ranges, how long one request may be), which the BLOB reader starts from; {@link
   * ReadHints#LOCAL} unless the storage says otherwise.
   */
  default ReadHints readHints() {
    return ReadHints.LOCAL;
  }

  /** Releases what the storage holds (clients, connection pools); the default holds nothing. */
  @Override
  default void close() throws IOException {}

  /** The local file system. */
  static FileIO local() {
    return LocalFileIO.INSTANCE;
  }

  /**
   * The storage of a URI, by its scheme: a plain path or {@code file:} is {@link #local()}; {@code
   * http:} and {@code https:} are read-only ranged GETs (BLOB payloads by URL); another scheme
   * comes from the {@link FileIOLoader} registered for it (the module {@code paimon-multimodal-s3}
   * registers {@code s3} and {@code s3a}). A registered loader wins over the built-in HTTP storage.
   *
   * @throws IllegalArgumentException if no loader serves the scheme (the message names the scheme
   *     and the module to add)
   */
  static FileIO forUri(String uri, java.util.Map<String, String> options) {
    return FileIOs.forUri(uri, options);
  }

  /**
   * The lower-case scheme of a URI ({@code s3} of {@code S3://bucket/x}), or null for a plain path
   * (a Windows drive letter included). {@code file} is returned as such.
   */
  static String scheme(String uri) {
    return FileIOs.scheme(uri);
  }
}
