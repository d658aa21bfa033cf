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

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.exec.ConnectionExecutors;
import io.paimon.multimodal.internal.meta.ManifestStore;
import io.paimon.multimodal.internal.meta.MetadataCache;
import io.paimon.multimodal.internal.meta.SchemaStore;
import io.paimon.multimodal.internal.meta.SnapshotStore;
import io.paimon.multimodal.internal.meta.TagStore;
import io.paimon.multimodal.internal.paimon.TableSchema;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Everything a table's readers and writers share: its storage, paths, its latest schema (as Paimon
 * stores it and as the public API shows it), its parsed options, and the stores of its schema
 * versions, snapshots, manifests and tags, and the connection's allocator and pools. Immutable; the
 * stores are thread-safe.
 *
 * @param tableSchema the latest schema version, with field ids
 * @param schema the same as the public {@link Schema}
 * @param schemas every schema version (data files name the one they were written with)
 */
public record TableState(
    String name,
    FileIO io,
    TablePaths paths,
    TableSchema tableSchema,
    Schema schema,
    TableOptions options,
    SchemaStore schemas,
    SnapshotStore snapshots,
    ManifestStore manifests,
    TagStore tags,
    BufferAllocator allocator,
    ConnectionExecutors executors) {

  /** The state of a table whose immutable metadata files are read through {@code cache}. */
  public static TableState of(
      String name,
      FileIO io,
      TablePaths tableRoot,
      TableSchema tableSchema,
      SchemaStore schemas,
      BufferAllocator allocator,
      MetadataCache cache,
      ConnectionExecutors executors) {
    TableOptions options = TableOptions.of(tableSchema.options());
    TablePaths paths = tableRoot.withDataDirectory(options.dataDirectory());
    return new TableState(
        name,
        io,
        paths,
        tableSchema,
        Schema.of(tableSchema.rowType(), tableSchema.partitionKeys(), tableSchema.options()),
        options,
        schemas,
        new SnapshotStore(io, paths),
        new ManifestStore(io, paths, cache),
        new TagStore(io, paths),
        allocator,
        executors);
  }

  /**
   * The same table with a newer schema version as its latest: the stores are shared (they hold
   * immutable files), the options are parsed again. Schema changes never move the data directory
   * ({@code data-file.path-directory} cannot be changed), so the paths stay.
   */
  public TableState withSchema(TableSchema next) {
    return new TableState(
        name,
        io,
        paths,
        next,
        Schema.of(next.rowType(), next.partitionKeys(), next.options()),
        TableOptions.of(next.options()),
        schemas,
        snapshots,
        manifests,
        tags,
        allocator,
        executors);
  }

  /** The id of the latest schema, which writes use. */
  public long schemaId() {
    return tableSchema.id();
  }
}
