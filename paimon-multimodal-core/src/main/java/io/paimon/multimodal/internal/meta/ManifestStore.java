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
import io.paimon.multimodal.internal.paimon.BinaryRows;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.IndexManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestFiles;
import io.paimon.multimodal.internal.paimon.ManifestMeta;
import io.paimon.multimodal.internal.paimon.PaimonFormatException;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.types.DataType;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Reads and writes a table's Avro manifest lists, manifests and index manifests in {@code
 * manifest/}. Their names are unique and they are never rewritten, so reads go through the
 * connection's {@link MetadataCache}. Thread-safe.
 */
public final class ManifestStore {

  private final FileIO io;
  private final TablePaths paths;
  private final MetadataCache cache;

  public ManifestStore(FileIO io, TablePaths paths) {
    this(io, paths, MetadataCache.DISABLED);
  }

  /** A store whose reads go through {@code cache}. */
  public ManifestStore(FileIO io, TablePaths paths, MetadataCache cache) {
    this.io = io;
    this.paths = paths;
    this.cache = cache;
  }

  /** A written metadata file: its name in {@code manifest/} and its size in bytes. */
  public record Written(String name, long size) {}

  /**
   * Writes the manifest {@code name} and returns its manifest-list record: entry counts, the
   * partition statistics over its entries (of {@code partitionTypes}), its largest schema id, and
   * its bucket, level and row-ID ranges.
   */
  public ManifestMeta writeManifest(
      String name, List<ManifestEntry> entries, List<DataType> partitionTypes) throws IOException {
    byte[] bytes = ManifestFiles.writeManifest(entries);
    String file = paths.manifestFile(name);
    write(file, bytes);
    List<ManifestEntry> written = List.copyOf(entries);
    cache.get(file, "manifest", () -> new MetadataCache.Loaded<>(written, bytes.length));
    long added = 0;
    long deleted = 0;
    long schemaId = 0;
    int minBucket = Integer.MAX_VALUE;
    int maxBucket = Integer.MIN_VALUE;
    int minLevel = Integer.MAX_VALUE;
    int maxLevel = Integer.MIN_VALUE;
    Long minRowId = null;
    Long maxRowId = null;
    StatsCollector partitions = StatsCollector.forPartitions(partitionTypes);
    for (ManifestEntry e : entries) {
      if (e.kind() == FileKind.ADD) {
        added++;
      } else {
        deleted++;
      }
      DataFileMeta f = e.file();
      schemaId = Math.max(schemaId, f.schemaId());
      minBucket = Math.min(minBucket, e.bucket());
      maxBucket = Math.max(maxBucket, e.bucket());
      minLevel = Math.min(minLevel, f.level());
      maxLevel = Math.max(maxLevel, f.level());
      if (f.firstRowId() != null) {
        long first = f.firstRowId();
        long last = first + f.rowCount() - 1;
        minRowId = minRowId == null ? first : Math.min(minRowId, first);
        maxRowId = maxRowId == null ? last : Math.max(maxRowId, last);
      }
      if (!partitionTypes.isEmpty()) {
        partitions.add(BinaryRows.deserialize(e.partition(), partitionTypes, name));
      }
    }
    SimpleStats partitionStats =
        partitionTypes.isEmpty()
            ? SimpleStats.EMPTY
            : PaimonStats.encodeUntruncated(partitionTypes, partitions.result());
    boolean any = !entries.isEmpty();
    return new ManifestMeta(
        name,
        bytes.length,
        added,
        deleted,
        partitionStats,
        schemaId,
        any ? minBucket : null,
        any ? maxBucket : null,
        any ? minLevel : null,
        any ? maxLevel : null,
        minRowId,
        maxRowId);
  }

  /** The entries of a manifest, in stored order. */
  public List<ManifestEntry> readManifest(String name) throws IOException {
    String file = paths.manifestFile(checkName(name));
    return cache.get(
        file,
        "manifest",
        () -> {
          byte[] bytes = io.readAllBytes(file);
          return new MetadataCache.Loaded<>(ManifestFiles.readManifest(bytes, file), bytes.length);
        });
  }

  /**
   * Writes a manifest list. It also goes into the cache: the next commit reads it as its parent's,
   * and parsing what was just written would only cost.
   */
  public Written writeList(String name, List<ManifestMeta> manifests) throws IOException {
    byte[] bytes = ManifestFiles.writeManifestList(manifests);
    String file = paths.manifestFile(name);
    write(file, bytes);
    List<ManifestMeta> copy = List.copyOf(manifests);
    cache.get(file, "list", () -> new MetadataCache.Loaded<>(copy, bytes.length));
    return new Written(name, bytes.length);
  }

  /**
   * A value derived from immutable metadata files (a snapshot's read plan), cached under {@code
   * key} like the files themselves; {@code key} must name what it was derived from uniquely.
   */
  public <T> T derived(String key, MetadataCache.Loader<T> loader) throws IOException {
    return cache.get(paths.root() + "#" + key, "derived", loader);
  }

  /**
   * The row-group statistics file of a data file (see {@link GroupStatsFile}), through the cache:
   * it never changes once written, and a filtered scan of a table reads it for every file it does
   * not prune.
   */
  public List<GroupStatsFile.Group> readGroupStats(
      String path, io.paimon.types.RowType type, long fileRows) throws IOException {
    return cache.get(
        path,
        type,
        () -> {
          byte[] bytes = io.readAllBytes(path);
          return new MetadataCache.Loaded<>(
              GroupStatsFile.read(bytes, path, type, fileRows), bytes.length);
        });
  }

  /** The manifests named by a manifest list, in order. */
  public List<ManifestMeta> readList(String name) throws IOException {
    String file = paths.manifestFile(checkName(name));
    return cache.get(
        file,
        "list",
        () -> {
          byte[] bytes = io.readAllBytes(file);
          return new MetadataCache.Loaded<>(
              ManifestFiles.readManifestList(bytes, file), bytes.length);
        });
  }

  /** Writes an index manifest. */
  public Written writeIndexManifest(String name, List<IndexManifestEntry> entries)
      throws IOException {
    byte[] bytes = ManifestFiles.writeIndexManifest(entries);
    write(paths.manifestFile(name), bytes);
    return new Written(name, bytes.length);
  }

  /** The entries of an index manifest. */
  public List<IndexManifestEntry> readIndexManifest(String name) throws IOException {
    String file = paths.manifestFile(checkName(name));
    return cache.get(
        file,
        "index",
        () -> {
          byte[] bytes = io.readAllBytes(file);
          return new MetadataCache.Loaded<>(
              ManifestFiles.readIndexManifest(bytes, file), bytes.length);
        });
  }

  /**
   * A metadata file name as snapshots and manifest lists record it must be a plain name in {@code
   * manifest/}: anything else (a path separator, {@code ..}, a NUL) would read a file elsewhere.
   */
  public String checkName(String name) throws PaimonFormatException {
    if (!isPlainName(name)) {
      throw new PaimonFormatException(
          paths.root() + ": the metadata file name '" + name + "' is not a plain file name");
    }
    return name;
  }

  /** Whether {@code name} names a file inside one directory. */
  public static boolean isPlainName(String name) {
    return name != null
        && !name.isEmpty()
        && !name.equals(".")
        && !name.equals("..")
        && name.indexOf('/') < 0
        && name.indexOf('\\') < 0
        && name.indexOf('\0') < 0;
  }

  private void write(String path, byte[] content) throws IOException {
    try (OutputStream out = io.newOutputStream(path)) {
      out.write(content);
    }
  }
}
