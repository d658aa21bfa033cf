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
package io.paimon.multimodal;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.ArrowMemory;
import io.paimon.multimodal.internal.ConnectionImpl;
import io.paimon.multimodal.internal.ConnectionOptions;
import io.paimon.multimodal.internal.exec.ConnectionExecutors;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Entry point: connects to a warehouse directory (created on demand) and a database in it ({@code
 * default} unless named).
 *
 * <pre>{@code
 * try (Connection conn = Multimodal.connect("/data/warehouse")) {
 *   Table docs = conn.getTable("docs");
 * }
 * Connection conn = Multimodal.builder().warehouse("file:///data/warehouse").database("robots")
 *     .fileIO(FileIO.local()).connect();
 * }</pre>
 */
public final class Multimodal {

  /** The database used when none is named. */
  public static final String DEFAULT_DATABASE = "default";

  private Multimodal() {}

  /** Connects to the {@code default} database of a warehouse (a local path or file: URI). */
  public static Connection connect(String warehouse) {
    return builder().warehouse(warehouse).connect();
  }

  /** Connects to a database of a warehouse, creating it if missing. */
  public static Connection connect(String warehouse, String database) {
    return builder().warehouse(warehouse).database(database).connect();
  }

  /**
   * Connects with options: {@code warehouse} (required), {@code database}, and any connection
   * options.
   */
  public static Connection connect(Map<String, String> options) {
    Builder b = builder();
    options.forEach(
        (k, v) -> {
          if ("warehouse".equals(k)) {
            b.warehouse(v);
          } else if ("database".equals(k)) {
            b.database(v);
          } else {
            b.option(k, v);
          }
        });
    return b.connect();
  }

  /** A builder for connections with a custom {@link FileIO} or options. */
  public static Builder builder() {
    return new Builder();
  }

  /** Collects connection settings; not thread-safe. */
  public static final class Builder {
    private String warehouse;
    private String database = DEFAULT_DATABASE;
    private FileIO fileIO;
    private final Map<String, String> options = new LinkedHashMap<>();

    private Builder() {}

    /**
     * The warehouse root: a local path, a {@code file:} URI, or a URI whose scheme a {@link
     * io.paimon.multimodal.fs.FileIOLoader} serves (see {@link FileIO#forUri}).
     */
    public Builder warehouse(String warehouse) {
      this.warehouse = Objects.requireNonNull(warehouse, "warehouse");
      return this;
    }

    /** The database (default {@code default}). */
    public Builder database(String database) {
      this.database = Objects.requireNonNull(database, "database");
      return this;
    }

    /**
     * The storage every byte goes through (default: the one {@link FileIO#forUri} picks for the
     * warehouse's scheme, the local file system for a plain path).
     */
    public Builder fileIO(FileIO fileIO) {
      this.fileIO = Objects.requireNonNull(fileIO, "fileIO");
      return this;
    }

    /**
     * The most threads of the connection's I/O pool (connection option {@code io-threads}), which
     * runs work that blocks: BLOB fetches, a training loader's batches, reads of data files over an
     * object store. Default {@code max(64, 4 x availableProcessors)}: these threads mostly wait for
     * storage, so the pool bounds the requests in flight rather than CPU use, and threads start
     * only when work is waiting. A BLOB read's {@code parallelism} above this size gets this many
     * requests at once.
     *
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public Builder ioThreads(int threads) {
      return threads("ioThreads", ConnectionExecutors.IO_THREADS, threads);
    }

    /**
     * The most threads of the connection's decode pool (connection option {@code decode-threads}),
     * which runs CPU-bound work: reading, decompressing and decoding local data files, compressing
     * written blocks. Default: the number of processors.
     *
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public Builder decodeThreads(int threads) {
      return threads("decodeThreads", ConnectionExecutors.DECODE_THREADS, threads);
    }

    private Builder threads(String what, String key, int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException(what + " must be at least 1, is " + threads);
      }
      options.put(key, Integer.toString(threads));
      return this;
    }

    /**
     * A connection option: a storage option ({@code s3.endpoint}...), a cache or thread setting,
     * or, as in Paimon's catalogs, {@code table-default.<key>}: an option every table created
     * through the connection gets unless its schema sets {@code <key>} ({@code
     * table-default.file.format = parquet} writes new tables in parquet). Table defaults are
     * checked when a table is created, like the schema's own options.
     */
    public Builder option(String key, String value) {
      options.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
      return this;
    }

    /**
     * Connects.
     *
     * @throws IllegalArgumentException if no warehouse was given
     * @throws IllegalStateException if Apache Arrow cannot use its memory in this JVM: it needs
     *     {@code --add-opens=java.base/java.nio=ALL-UNNAMED} on Java 17+
     */
    public Connection connect() {
      if (warehouse == null || warehouse.isEmpty()) {
        throw new IllegalArgumentException("a warehouse is required");
      }
      ArrowMemory.checkUsable();
      String root = warehouse;
      String scheme = FileIO.scheme(warehouse);
      if (fileIO == null && ("http".equals(scheme) || "https".equals(scheme))) {
        throw new IllegalArgumentException(
            "warehouse '"
                + warehouse
                + "': HTTP storage is read-only, it serves BLOB payloads by URL and cannot hold a"
                + " warehouse");
      }
      ConnectionOptions.validate(options);
      FileIO io = fileIO != null ? fileIO : FileIO.forUri(warehouse, options);
      if (io == FileIO.local()) {
        Path p;
        try {
          p = root.startsWith("file:") ? Path.of(URI.create(root)) : Path.of(root);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "warehouse '" + root + "' is not a local path: " + e.getMessage(), e);
        }
        p = p.toAbsolutePath().normalize();
        if (java.nio.file.Files.exists(p) && !java.nio.file.Files.isDirectory(p)) {
          throw new IllegalArgumentException(
              "warehouse " + p + " is a file, not a directory: a warehouse is a directory tree");
        }
        root = p.toString();
      }
      return new ConnectionImpl(root, database, io, fileIO == null, options);
    }
  }
}
