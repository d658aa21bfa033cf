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
package io.paimon.multimodal.internal.meta;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.TablePaths;
import io.paimon.multimodal.internal.paimon.SchemaJson;
import io.paimon.multimodal.internal.paimon.TableSchema;
import java.io.IOException;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The schema versions of a table, {@code schema/schema-<id>} (Paimon's JSON). Schema files never
 * change once written, so each is read once. Thread-safe.
 */
public final class SchemaStore {

  private static final String PREFIX = "schema-";

  private final FileIO io;
  private final TablePaths paths;
  private final ConcurrentHashMap<Long, TableSchema> cache = new ConcurrentHashMap<>();

  public SchemaStore(FileIO io, TablePaths paths) {
    this.io = io;
    this.paths = paths;
  }

  /** Creates schema {@code schema.id()} atomically; false if that version already exists. */
  public boolean create(TableSchema schema) throws IOException {
    return io.createIfAbsent(paths.schemaFile(schema.id()), SchemaJson.write(schema));
  }

  /** The schema ids on disk, ascending. */
  public List<Long> ids() throws IOException {
    return SnapshotStore.numberedFiles(io, paths.schemaDir(), PREFIX);
  }

  /** Whether the table has a schema, which is what makes a directory a table. */
  public boolean exists() throws IOException {
    return !ids().isEmpty();
  }

  /** The newest schema id, or empty when there is none. */
  public OptionalLong latestId() throws IOException {
    List<Long> ids = ids();
    return ids.isEmpty() ? OptionalLong.empty() : OptionalLong.of(ids.get(ids.size() - 1));
  }

  /**
   * One schema version.
   *
   * @throws IOException if it is missing or malformed (the message names the file)
   */
  public TableSchema read(long id) throws IOException {
    TableSchema cached = cache.get(id);
    if (cached != null) {
      return cached;
    }
    String file = paths.schemaFile(id);
    TableSchema schema = SchemaJson.read(io.readAllBytes(file), file);
    if (schema.id() != id) {
      throw new IOException(file + ": holds schema " + schema.id() + ", not " + id);
    }
    cache.putIfAbsent(id, schema);
    return schema;
  }
}
