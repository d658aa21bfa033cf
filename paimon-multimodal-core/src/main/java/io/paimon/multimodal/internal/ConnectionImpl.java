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
package io.paimon.multimodal.internal;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.DatabaseNotFoundException;
import io.paimon.multimodal.MultimodalException;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.TableExistsException;
import io.paimon.multimodal.TableNotFoundException;
import io.paimon.multimodal.UnsupportedTableException;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.exec.ConnectionExecutors;
import io.paimon.multimodal.internal.meta.MetadataCache;
import io.paimon.multimodal.internal.meta.SchemaStore;
import io.paimon.multimodal.internal.paimon.SchemaJson;
import io.paimon.multimodal.internal.paimon.TableSchema;
import io.paimon.multimodal.internal.write.TableWriter;
import io.paimon.multimodal.internal.write.WriteOptions;
import io.paimon.row.DataFileFormats;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/** The {@link Connection} implementation. Thread-safe. */
public final class ConnectionImpl implements Connection {

  private static final String DB_SUFFIX = ".db";

  private final String warehouse;
  private final String database;
  private final FileIO io;
  private final Map<String, String> options;
  private final Map<String, String> tableDefaults;
  private final BufferAllocator allocator;
  private final MetadataCache metadataCache;
  private final ConnectionExecutors executors;

  /**
   * A connection over {@code io}; it closes {@code io} on {@link #close()} if {@code ownsIo} (it
   * was opened for this connection).
   */
  public ConnectionImpl(
      String warehouse, String database, FileIO io, boolean ownsIo, Map<String, String> options) {
    this.warehouse =
        warehouse.endsWith("/") && warehouse.length() > 1
            ? warehouse.substring(0, warehouse.length() - 1)
            : warehouse;
    this.database = Names.checkObjectName("database", database);
    this.io = new SchemeRoutingFileIO(io, ownsIo, this.warehouse, options);
    this.options = Map.copyOf(options);
    this.tableDefaults = ConnectionOptions.tableDefaults(options);
    this.metadataCache = new MetadataCache(metadataCacheSize(options));
    ConnectionExecutors pools;
    try {
      pools = ConnectionExecutors.of(options);
    } catch (RuntimeException e) {
      closeStorage(e);
      throw e;
    }
    this.executors = pools;
    this.allocator = new RootAllocator();
    try {
      createDatabase(database, true);
    } catch (RuntimeException e) {
      executors.close(ConnectionExecutors.CLOSE_WAIT);
      allocator.close();
      closeStorage(e);
      throw e;
    }
  }

  @Override
  public String warehouse() {
    return warehouse;
  }

  @Override
  public String database() {
    return database;
  }

  private static long metadataCacheSize(Map<String, String> options) {
    String v = options.get(MetadataCache.MAX_SIZE_OPTION);
    if (v != null && v.trim().equals("0")) {
      return 0;
    }
    try {
      return WriteOptions.size(
          options, MetadataCache.MAX_SIZE_OPTION, MetadataCache.DEFAULT_MAX_BYTES);
    } catch (SchemaException e) {
      throw new IllegalArgumentException(
          "connection option "
              + MetadataCache.MAX_SIZE_OPTION
              + " = '"
              + v
              + "' is not a size such as 50 mb (0 disables the cache)",
          e);
    }
  }

  /** The cache of manifests shared by every table of this connection. */
  public MetadataCache metadataCache() {
    return metadataCache;
  }

  /** Connection options (e.g. cache sizes), as given. */
  public Map<String, String> options() {
    return options;
  }

  private String databaseDir(String db) {
    return warehouse + "/" + db + DB_SUFFIX;
  }

  private TablePaths paths(String table) {
    return new TablePaths(databaseDir(database) + "/" + table);
  }

  @Override
  public Table createTable(String name, Schema schema, boolean ignoreIfExists) {
    Names.checkObjectName("table", name);
    if (schema == null) {
      throw new SchemaException("schema must not be null");
    }
    // Before anything is on disk: a table that cannot be opened or written must not be created.
    TableSchema first = firstSchema(schema, tableDefaults);
    TableWriter.checkWritable(
        Schema.of(new RowType(first.fields()), first.partitionKeys(), first.options()));
    TablePaths paths = paths(name);
    try {
      if (!new SchemaStore(io, paths).create(first)) {
        if (ignoreIfExists) {
          return getTable(name);
        }
        throw new TableExistsException(
            "table '" + name + "' already exists in database '" + database + "'");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create table '" + name + "' at " + paths.root(), e);
    }
    return open(name, paths);
  }

  /**
   * Schema 0 of a new table: Paimon field ids, and the options every table gets (an append table
   * with row tracking and data evolution, in {@code row} files unless {@code file.format} says
   * otherwise); options the user gave are kept as given, but never ones that contradict that. The
   * connection's table defaults fill in keys the schema does not set.
   */
  private static TableSchema firstSchema(Schema schema, Map<String, String> defaults) {
    Map<String, String> options = new LinkedHashMap<>(schema.options());
    defaults.forEach(options::putIfAbsent);
    for (Map.Entry<String, String> required : TableOptions.required()) {
      String given = options.get(required.getKey());
      if (given != null && !given.trim().equalsIgnoreCase(required.getValue())) {
        throw new SchemaException(
            "option "
                + required.getKey()
                + " = '"
                + given
                + "' is not supported: tables are Paimon append tables with "
                + required.getKey()
                + " = "
                + required.getValue());
      }
      options.putIfAbsent(required.getKey(), required.getValue());
    }
    options.putIfAbsent(TableOptions.FILE_FORMAT, TableOptions.DEFAULT_FILE_FORMAT);
    String bucket = options.get(TableOptions.BUCKET);
    if (bucket != null && !bucket.trim().equals("-1")) {
      throw new SchemaException(
          "option bucket = '" + bucket + "' is not supported: tables are unaware-bucket (-1)");
    }
    TableOptions.of(options);
    RowType type = SchemaJson.assignFieldIds(schema.rowType());
    return new TableSchema(
        0,
        type.fields(),
        SchemaJson.highestFieldId(type),
        schema.partitionKeys(),
        List.of(),
        options,
        null,
        System.currentTimeMillis());
  }

  @Override
  public Table getTable(String name) {
    Names.checkObjectName("table", name);
    TablePaths paths = paths(name);
    try {
      if (!new SchemaStore(io, paths).exists()) {
        throw new TableNotFoundException(
            "table '" + name + "' does not exist in database '" + database + "' of " + warehouse);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return open(name, paths);
  }

  private Table open(String name, TablePaths paths) {
    TableSchema schema;
    SchemaStore schemas = new SchemaStore(io, paths);
    try {
      long id = schemas.latestId().orElseThrow();
      schema = schemas.read(id);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the schema of table '" + name + "': " + e.getMessage(), e);
    }
    checkReadable(name, schema);
    return new TableImpl(
        TableState.of(name, io, paths, schema, schemas, allocator, metadataCache, executors));
  }

  /** Refuses, on open, a Paimon table this library would read wrongly, naming the reason. */
  private static void checkReadable(String name, TableSchema schema) {
    String reason = null;
    Map<String, String> o = schema.options();
    String format = o.getOrDefault(TableOptions.FILE_FORMAT, "parquet").trim();
    if (!schema.primaryKeys().isEmpty()) {
      reason = "it has primary keys " + schema.primaryKeys() + " (only append tables are read)";
    } else if (!o.getOrDefault(TableOptions.BUCKET, "-1").trim().equals("-1")) {
      reason =
          "it has bucket = "
              + o.get(TableOptions.BUCKET)
              + " (only unaware-bucket tables, bucket = -1, are read)";
    } else if (!"row".equalsIgnoreCase(format) && DataFileFormats.forExtension(format).isEmpty()) {
      reason =
          "its data files are "
              + format
              + " (file.format), and no reader for them is on the class path"
              + ("parquet".equalsIgnoreCase(format)
                  ? " (add the io.paimon:paimon-multimodal-parquet artifact)"
                  : " (row and parquet data files are read; orc and avro are not)");
    } else if (!"true"
        .equalsIgnoreCase(o.getOrDefault(TableOptions.ROW_TRACKING, "false").trim())) {
      reason = "row-tracking.enabled is not set, so its rows have no stable _ROW_ID";
    }
    if (reason != null) {
      throw new UnsupportedTableException("cannot read table '" + name + "': " + reason);
    }
  }

  @Override
  public void dropTable(String name, boolean ignoreIfNotExists) {
    Names.checkObjectName("table", name);
    TablePaths paths = paths(name);
    try {
      if (!new SchemaStore(io, paths).exists()) {
        if (ignoreIfNotExists) {
          return;
        }
        throw new TableNotFoundException(
            "table '" + name + "' does not exist in database '" + database + "'");
      }
      // The schema goes last: a half-dropped table is still a table and can be dropped again.
      for (String entry : io.list(paths.root())) {
        if (!entry.equals("schema")) {
          deleteTree(paths.root() + "/" + entry);
        }
      }
      deleteTree(paths.schemaDir());
      io.delete(paths.root());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot drop table '" + name + "'", e);
    }
  }

  /** Deletes a tree: its files in batches (one request per thousand on an object store). */
  private void deleteTree(String path) throws IOException {
    List<String> files = new ArrayList<>();
    List<String> dirs = new ArrayList<>();
    collectTree(path, files, dirs);
    io.deleteFiles(files);
    for (String dir : dirs) {
      io.delete(dir);
    }
  }

  /** Files (and empty directories) into {@code files}, other directories children-first. */
  private void collectTree(String path, List<String> files, List<String> dirs) throws IOException {
    List<String> children = io.list(path);
    if (children.isEmpty()) {
      files.add(path);
      return;
    }
    for (String child : children) {
      collectTree(path + "/" + child, files, dirs);
    }
    dirs.add(path);
  }

  @Override
  public List<String> listTables() {
    try {
      List<String> out = new ArrayList<>();
      for (String name : io.list(databaseDir(database))) {
        if (new SchemaStore(io, paths(name)).exists()) {
          out.add(name);
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void createDatabase(String name, boolean ignoreIfExists) {
    Names.checkObjectName("database", name);
    try {
      if (ignoreIfExists) {
        // mkdirs is idempotent: one probe less on an object store, where each is a round trip.
        io.mkdirs(databaseDir(name));
        return;
      }
      if (io.exists(databaseDir(name))) {
        throw new MultimodalException("database '" + name + "' already exists");
      }
      io.mkdirs(databaseDir(name));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create database '" + name + "'", e);
    }
  }

  @Override
  public List<String> listDatabases() {
    try {
      List<String> out = new ArrayList<>();
      for (String name : io.list(warehouse)) {
        if (name.endsWith(DB_SUFFIX)) {
          out.add(name.substring(0, name.length() - DB_SUFFIX.length()));
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Fails if a database does not exist. */
  void requireDatabase(String name) {
    try {
      if (!io.exists(databaseDir(name))) {
        throw new DatabaseNotFoundException("database '" + name + "' does not exist");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public BufferAllocator allocator() {
    return allocator;
  }

  @Override
  public SharedExecutors executors() {
    return executors;
  }

  @Override
  public void close() {
    try {
      // The pools first: a task still running may hold buffers of the allocator.
      executors.close(ConnectionExecutors.CLOSE_WAIT);
      allocator.close();
    } finally {
      try {
        io.close();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot close the storage of " + warehouse, e);
      }
    }
  }

  private void closeStorage(RuntimeException failure) {
    try {
      io.close();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }
}
