package io.paimon.multimodal.internal;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.meta.ManifestStore;
import io.paimon.multimodal.internal.meta.MetadataCache;
import io.paimon.multimodal.internal.meta.SnapshotStore;
import io.paimon.multimodal.internal.meta.TagStore;
import io.paimon.types.RowType;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What scans and writers of one table share: its name, storage, schema and metadata stores.
 * Immutable; the stores are thread-safe.
 */
public record TableState(
    String name,
    FileIO io,
    TablePaths paths,
    Schema schema,
    long schemaId,
    RowType fileType,
    SnapshotStore snapshots,
    ManifestStore manifests,
    TagStore tags,
    BufferAllocator allocator) {

  /** The state of a table whose metadata is read without a cache. */
  public static TableState of(
      String name, FileIO io, TablePaths paths, Schema schema, BufferAllocator allocator) {
    return of(name, io, paths, schema, allocator, MetadataCache.DISABLED);
  }

  /** The state of a table whose immutable metadata files are read through {@code cache}. */
  public static TableState of(
      String name,
      FileIO io,
      TablePaths paths,
      Schema schema,
      BufferAllocator allocator,
      MetadataCache cache) {
    return new TableState(
        name,
        io,
        paths,
        schema,
        0,
        StorageTypes.toFileType(schema.rowType()),
        new SnapshotStore(io, paths),
        new ManifestStore(io, paths, cache),
        new TagStore(io, paths),
        allocator);
  }
}
