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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.DeletionVectorRange;
import io.paimon.multimodal.internal.paimon.DeletionVectors;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.IndexManifestEntry;
import io.paimon.multimodal.internal.paimon.PaimonFormatException;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.roaringbitmap.RoaringBitmap;

/**
 * The index files of one commit attempt, as Paimon combines them on an unaware-bucket table: the
 * parent's live index entries, minus the files this commit removes, plus the files it writes; a
 * data file keeps at most one live deletion vector. Files it writes are named {@code
 * index-<uuid>-<n>} in {@code index/}, the manifest {@code index-manifest-<uuid>-0} in {@code
 * manifest/}; each is recorded in the attempt's {@code created} list. Not thread-safe (one per
 * attempt).
 */
final class IndexChanges {

  private final TableState table;
  private final List<String> created;
  private final String uuid = UUID.randomUUID().toString();
  private final List<IndexManifestEntry> live;
  private final List<IndexManifestEntry> removed = new ArrayList<>();
  private final List<IndexManifestEntry> added = new ArrayList<>();
  private int counter;

  private IndexChanges(TableState table, List<IndexManifestEntry> live, List<String> created) {
    this.table = table;
    this.live = live;
    this.created = created;
  }

  /** The index files of {@code parent}, about to be changed by one attempt. */
  static IndexChanges of(TableState table, SnapshotFile parent, List<String> created)
      throws IOException {
    List<IndexManifestEntry> live = new ArrayList<>();
    if (parent != null && parent.indexManifest() != null) {
      for (IndexManifestEntry e : table.manifests().readIndexManifest(parent.indexManifest())) {
        if (e.kind() != FileKind.ADD) {
          throw new PaimonFormatException(
              table.paths().root()
                  + ": index manifest "
                  + parent.indexManifest()
                  + " of snapshot "
                  + parent.id()
                  + " holds a DELETE entry for "
                  + e.fileName()
                  + "; an index manifest lists live files only");
        }
        live.add(e);
      }
    }
    return new IndexChanges(table, live, created);
  }

  /** The live deletion-vector index files of the parent. */
  List<IndexManifestEntry> deletionVectorFiles() {
    List<IndexManifestEntry> out = new ArrayList<>();
    for (IndexManifestEntry e : live) {
      if (IndexManifestEntry.DELETION_VECTORS.equals(e.indexType())
          && e.deletionVectorRanges() != null) {
        out.add(e);
      }
    }
    return out;
  }

  /** The vectors of a deletion-vector index file: data file name to deleted positions. */
  Map<String, RoaringBitmap> read(IndexManifestEntry e) throws IOException {
    String path =
        e.externalPath() != null ? e.externalPath() : table.paths().indexFile(plain(e.fileName()));
    return DeletionVectors.read(table.io().readAllBytes(path), e.deletionVectorRanges(), path);
  }

  /** The parent's live index files (read-only). */
  List<IndexManifestEntry> live() {
    return java.util.Collections.unmodifiableList(live);
  }

  /** Adds an index file written by the caller (already recorded in {@code created} if need be). */
  void add(IndexManifestEntry e) {
    added.add(e);
  }

  /** Removes a live index file from the snapshot (its file stays for the older snapshots). */
  void remove(IndexManifestEntry e) {
    removed.add(e);
  }

  /**
   * Writes the vectors (iterated in their map's order; Paimon's readers do not care) to a new
   * deletion-vector index file of {@code partition} and adds it to the snapshot.
   */
  void addDeletionVectors(byte[] partition, Map<String, RoaringBitmap> vectors) throws IOException {
    List<DeletionVectorRange> ranges = new ArrayList<>(vectors.size());
    byte[] bytes = DeletionVectors.write(vectors, ranges);
    String name = "index-" + uuid + "-" + counter++;
    String path = table.paths().indexFile(name);
    created.add(path);
    try (OutputStream out = table.io().newOutputStream(path)) {
      out.write(bytes);
    }
    added.add(
        new IndexManifestEntry(
            FileKind.ADD,
            partition,
            0,
            IndexManifestEntry.DELETION_VECTORS,
            name,
            bytes.length,
            ranges.size(),
            List.copyOf(ranges),
            null,
            null));
  }

  /**
   * Changes the deletion vectors of some data files: the vectors of {@code dropped} files go, and
   * each vector of {@code merged} is ORed into its data file's vector (a new one if it had none).
   * Each index file holding a vector of a touched file is removed from the snapshot and its other
   * vectors are rewritten, with the changed ones, to one new index file per partition, so that a
   * data file keeps one live vector.
   *
   * @param partitionOf the serialized partition of each data file of {@code merged}
   */
  void changeVectors(
      Set<String> dropped, Map<String, RoaringBitmap> merged, Map<String, byte[]> partitionOf)
      throws IOException {
    Map<ByteBuffer, Map<String, RoaringBitmap>> rewritten = new LinkedHashMap<>();
    Map<ByteBuffer, byte[]> partitions = new LinkedHashMap<>();
    for (IndexManifestEntry e : deletionVectorFiles()) {
      boolean touched = false;
      for (DeletionVectorRange range : e.deletionVectorRanges()) {
        touched |=
            merged.containsKey(range.dataFileName()) || dropped.contains(range.dataFileName());
      }
      if (!touched) {
        continue;
      }
      remove(e);
      ByteBuffer key = ByteBuffer.wrap(e.partition());
      partitions.putIfAbsent(key, e.partition());
      Map<String, RoaringBitmap> vectors = rewritten.computeIfAbsent(key, k -> new TreeMap<>());
      for (Map.Entry<String, RoaringBitmap> v : read(e).entrySet()) {
        if (!dropped.contains(v.getKey())) {
          vectors.merge(v.getKey(), v.getValue(), (a, b) -> RoaringBitmap.or(a, b));
        }
      }
    }
    for (Map.Entry<String, RoaringBitmap> f : merged.entrySet()) {
      byte[] partition = partitionOf.get(f.getKey());
      ByteBuffer key = ByteBuffer.wrap(partition);
      partitions.putIfAbsent(key, partition);
      rewritten
          .computeIfAbsent(key, k -> new TreeMap<>())
          .merge(f.getKey(), f.getValue(), (a, b) -> RoaringBitmap.or(a, b));
    }
    for (Map.Entry<ByteBuffer, Map<String, RoaringBitmap>> p : rewritten.entrySet()) {
      if (!p.getValue().isEmpty()) {
        addDeletionVectors(partitions.get(p.getKey()), p.getValue());
      }
    }
  }

  /** Whether the attempt changes any index file. */
  boolean changed() {
    return !removed.isEmpty() || !added.isEmpty();
  }

  /**
   * Writes the snapshot's index manifest: the parent's live entries without the removed ones, then
   * the added ones.
   *
   * @return its name in {@code manifest/}
   */
  String writeManifest() throws IOException {
    Set<IndexManifestEntry> gone =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    gone.addAll(removed);
    List<IndexManifestEntry> entries = new ArrayList<>();
    for (IndexManifestEntry e : live) {
      if (!gone.contains(e)) {
        entries.add(e);
      }
    }
    entries.addAll(added);
    String name = "index-manifest-" + uuid + "-0";
    created.add(table.paths().manifestFile(name));
    return table.manifests().writeIndexManifest(name, entries).name();
  }

  private String plain(String name) throws PaimonFormatException {
    return table.manifests().checkName(name);
  }
}
