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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.UnsupportedTableException;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.BinaryRows;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.DeletionVectors;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.IndexManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestMeta;
import io.paimon.multimodal.internal.paimon.PaimonFormatException;
import io.paimon.multimodal.internal.paimon.PartitionPath;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.row.DataFileFormats;
import io.paimon.types.DataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;

/**
 * Plans a snapshot's read as Paimon reads a data-evolution table: the live entries of its base and
 * delta manifest lists, resolved against their schemas, grouped per partition into row-ID ranges of
 * overlapping files, with each range's deletion vector. Refuses, naming the file, what it cannot
 * read. Stateless.
 */
final class GroupPlanner {

  private static final String ROW = "row";
  private static final String BLOB = "blob";

  private GroupPlanner() {}

  /** The snapshot's read units, in row-ID order. */
  static List<DataGroup> plan(TableState table, SnapshotFile snapshot) throws IOException {
    List<ManifestEntry> live = liveEntries(table, snapshot);
    List<DataType> partitionTypes = new ArrayList<>();
    for (String key : table.schema().partitionKeys()) {
      partitionTypes.add(table.schema().columnType(key));
    }
    Map<ByteBuffer, List<PlannedFile>> byPartition = new LinkedHashMap<>();
    Map<ByteBuffer, Object[]> partitionValues = new HashMap<>();
    for (ManifestEntry e : live) {
      DataFileMeta f = e.file();
      PlannedFile.checkPlainName(table, f.fileName(), "data file");
      String format = f.format();
      if (!ROW.equals(format)
          && !BLOB.equals(format)
          && DataFileFormats.forExtension(format).isEmpty()) {
        throw new UnsupportedTableException(
            "table '"
                + table.name()
                + "': data file "
                + f.fileName()
                + " is "
                + (format.isEmpty() ? "of an unknown format" : format)
                + ", and no reader for it is on the class path (row, blob and, with the"
                + " paimon-multimodal-parquet artifact, parquet data files are read)");
      }
      if (f.firstRowId() == null) {
        throw new PaimonFormatException(
            table.paths().root()
                + ": data file "
                + f.fileName()
                + " of snapshot "
                + snapshot.id()
                + " has no first row ID");
      }
      ByteBuffer key = ByteBuffer.wrap(e.partition());
      Object[] values = partitionValues.get(key);
      if (values == null) {
        values =
            BinaryRows.deserialize(
                e.partition(), partitionTypes, "data file " + f.fileName() + " _PARTITION");
        partitionValues.put(key, values);
      }
      String partitionPath =
          PartitionPath.of(
              table.schema().partitionKeys(),
              partitionTypes,
              values,
              table.options().partitionDefaultName(),
              table.options().legacyPartitionName());
      PlannedFile planned =
          PlannedFile.of(table, table.schemas().read(f.schemaId()), f, partitionPath);
      byPartition.computeIfAbsent(key, k -> new ArrayList<>()).add(planned);
    }
    Map<String, RoaringBitmap> deletions = deletionVectors(table, snapshot);
    List<DataGroup> groups = new ArrayList<>();
    for (Map.Entry<ByteBuffer, List<PlannedFile>> p : byPartition.entrySet()) {
      groupRanges(
          table,
          p.getKey().array(),
          partitionValues.get(p.getKey()),
          p.getValue(),
          deletions,
          groups);
    }
    groups.sort(Comparator.comparingLong(DataGroup::firstRowId));
    checkRowIds(table, snapshot, groups);
    return groups;
  }

  /** The live entries of a snapshot: every ADD not cancelled by a later DELETE, in order. */
  static List<ManifestEntry> liveEntries(TableState table, SnapshotFile snapshot)
      throws IOException {
    Map<String, ManifestEntry> live = new LinkedHashMap<>();
    for (String list : List.of(snapshot.baseManifestList(), snapshot.deltaManifestList())) {
      for (ManifestMeta m : table.manifests().readList(list)) {
        for (ManifestEntry e : table.manifests().readManifest(m.fileName())) {
          String key =
              java.util.Arrays.toString(e.partition())
                  + "/"
                  + e.bucket()
                  + "/"
                  + e.file().fileName();
          if (e.kind() == FileKind.ADD) {
            live.put(key, e);
          } else {
            live.remove(key);
          }
        }
      }
    }
    long total = 0;
    for (ManifestEntry e : live.values()) {
      total += e.file().rowCount();
    }
    if (total != snapshot.totalRecordCount()) {
      // Paimon counts every live entry's rows (.blob entries too): a manifest that lost or gained
      // entries would silently drop or repeat rows.
      throw new PaimonFormatException(
          table.paths().root()
              + ": snapshot "
              + snapshot.id()
              + " records "
              + snapshot.totalRecordCount()
              + " rows in its files, its manifests list files of "
              + total
              + " rows");
    }
    return new ArrayList<>(live.values());
  }

  private static void groupRanges(
      TableState table,
      byte[] partition,
      Object[] values,
      List<PlannedFile> files,
      Map<String, RoaringBitmap> deletions,
      List<DataGroup> out)
      throws IOException {
    files.sort(Comparator.comparingLong(PlannedFile::firstRowId));
    int i = 0;
    int columns = table.schema().rowType().fieldCount();
    while (i < files.size()) {
      long end = files.get(i).endRowId();
      int j = i + 1;
      while (j < files.size() && files.get(j).firstRowId() < end) {
        end = Math.max(end, files.get(j).endRowId());
        j++;
      }
      List<PlannedFile> range = files.subList(i, j);
      List<PlannedFile> normals = new ArrayList<>();
      List<List<PlannedFile>> blobs = new ArrayList<>(java.util.Collections.nCopies(columns, null));
      for (PlannedFile f : range) {
        if (f.isBlob()) {
          int c = f.tableColumnOf().length == 1 ? f.tableColumnOf()[0] : -1;
          if (f.tableColumnOf().length != 1) {
            throw new PaimonFormatException(
                table.paths().root()
                    + ": blob file "
                    + f.meta().fileName()
                    + " must hold one column");
          }
          if (c >= 0) {
            if (blobs.get(c) == null) {
              blobs.set(c, new ArrayList<>());
            }
            blobs.get(c).add(f);
          }
        } else {
          normals.add(f);
        }
      }
      if (normals.isEmpty()) {
        throw new PaimonFormatException(
            table.paths().root()
                + ": row IDs ["
                + files.get(i).firstRowId()
                + ", "
                + end
                + ") have blob files ("
                + range.get(0).meta().fileName()
                + ") but no data file");
      }
      long first = normals.get(0).firstRowId();
      long last = normals.get(0).endRowId();
      for (PlannedFile n : normals) {
        if (n.firstRowId() != first || n.endRowId() != last) {
          throw new PaimonFormatException(
              table.paths().root()
                  + ": data files "
                  + normals.get(0).meta().fileName()
                  + " and "
                  + n.meta().fileName()
                  + " overlap in row IDs but do not cover the same rows");
        }
      }
      normals.sort(
          Comparator.comparingLong((PlannedFile f) -> f.meta().maxSequenceNumber()).reversed());
      for (int c = 0; c < columns; c++) {
        if (blobs.get(c) != null) {
          blobs.set(c, chain(table, blobs.get(c), first, last));
        }
      }
      RoaringBitmap deleted = null;
      for (PlannedFile n : normals) {
        RoaringBitmap dv = deletions.get(n.meta().fileName());
        if (dv != null) {
          deleted = deleted == null ? dv.clone() : RoaringBitmap.or(deleted, dv);
        }
      }
      if (deleted != null && !deleted.isEmpty() && deleted.last() >= last - first) {
        throw new PaimonFormatException(
            table.paths().root()
                + ": the deletion vector of "
                + normals.get(0).meta().fileName()
                + " deletes position "
                + Integer.toUnsignedLong(deleted.last())
                + ", past its "
                + (last - first)
                + " rows");
      }
      out.add(
          new DataGroup(
              partition,
              values,
              first,
              last - first,
              List.copyOf(normals),
              java.util.Collections.unmodifiableList(blobs),
              deleted));
      i = j;
    }
  }

  /**
   * The blob files of one column that supply a range: by first row ID, newest first among equal
   * starts; a file starting inside the previous one is an older version and is skipped. They must
   * cover the range without gaps.
   */
  private static List<PlannedFile> chain(
      TableState table, List<PlannedFile> files, long first, long end) throws IOException {
    files.sort(
        Comparator.comparingLong(PlannedFile::firstRowId)
            .thenComparing(
                Comparator.comparingLong((PlannedFile f) -> f.meta().maxSequenceNumber())
                    .reversed()));
    List<PlannedFile> out = new ArrayList<>();
    long next = first;
    for (PlannedFile f : files) {
      if (f.firstRowId() < next) {
        continue;
      }
      if (f.firstRowId() > next || f.endRowId() > end) {
        throw new PaimonFormatException(
            table.paths().root()
                + ": blob file "
                + f.meta().fileName()
                + " covers row IDs ["
                + f.firstRowId()
                + ", "
                + f.endRowId()
                + ") but the next rows of its column start at "
                + next
                + " in the range ending at "
                + end);
      }
      out.add(f);
      next = f.endRowId();
    }
    if (next != end) {
      throw new PaimonFormatException(
          table.paths().root()
              + ": the blob files of column '"
              + files.get(0).fileType().fields().get(0).name()
              + "' end at row ID "
              + next
              + ", their data file at "
              + end);
    }
    return List.copyOf(out);
  }

  private static Map<String, RoaringBitmap> deletionVectors(TableState table, SnapshotFile snapshot)
      throws IOException {
    if (snapshot.indexManifest() == null) {
      return Map.of();
    }
    Map<String, RoaringBitmap> out = new HashMap<>();
    for (IndexManifestEntry e : table.manifests().readIndexManifest(snapshot.indexManifest())) {
      if (e.kind() != FileKind.ADD
          || !IndexManifestEntry.DELETION_VECTORS.equals(e.indexType())
          || e.deletionVectorRanges() == null) {
        continue;
      }
      if (e.externalPath() == null) {
        PlannedFile.checkPlainName(table, e.fileName(), "index file");
      }
      String path =
          e.externalPath() != null ? e.externalPath() : table.paths().indexFile(e.fileName());
      out.putAll(
          DeletionVectors.read(table.io().readAllBytes(path), e.deletionVectorRanges(), path));
    }
    return out;
  }

  /** Row ID ranges of different partitions never overlap, and none reaches past nextRowId. */
  private static void checkRowIds(TableState table, SnapshotFile snapshot, List<DataGroup> groups)
      throws IOException {
    long end = 0;
    for (DataGroup g : groups) {
      if (g.firstRowId() < end) {
        throw new PaimonFormatException(
            table.paths().root()
                + ": data files overlap in row IDs at "
                + g.firstRowId()
                + " ("
                + g.normals().get(0).meta().fileName()
                + ") in snapshot "
                + snapshot.id());
      }
      end = g.endRowId();
    }
    if (snapshot.nextRowId() != null && end > snapshot.nextRowId()) {
      throw new PaimonFormatException(
          table.paths().root()
              + ": snapshot "
              + snapshot.id()
              + " has next row ID "
              + snapshot.nextRowId()
              + " but its data files hold rows up to row ID "
              + end);
    }
  }
}
