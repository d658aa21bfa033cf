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
import io.paimon.multimodal.internal.TableImpl;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestMeta;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.testing.StorageFiles;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/** Schemas, rows and inspection of the stored files shared by the table tests. */
final class TestTables {

  private TestTables() {}

  /** {@code id BIGINT NOT NULL, name STRING} with the given options (key, value, ...). */
  static Schema idName(String... options) {
    Schema.Builder b =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("name", DataTypes.STRING());
    for (int i = 0; i < options.length; i += 2) {
      b.option(options[i], options[i + 1]);
    }
    return b.build();
  }

  /** Rows with ids {@code first .. first + n - 1} and a name that does not compress away. */
  static List<Map<String, Object>> rows(long first, int n) {
    List<Map<String, Object>> out = new ArrayList<>(n);
    for (long id = first; id < first + n; id++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", id);
      row.put("name", name(id));
      out.add(row);
    }
    return out;
  }

  /** The name stored with an id: 48 pseudo-random hex digits. */
  static String name(long id) {
    char[] out = new char[48];
    long x = id * 0x9E3779B97F4A7C15L + 1;
    for (int i = 0; i < out.length; i += 16) {
      x ^= x >>> 31;
      x *= 0xBF58476D1CE4E5B9L;
      x ^= x >>> 29;
      for (int d = 0; d < 16; d++) {
        out[i + d] = Character.forDigit((int) (x >>> (60 - 4 * d)) & 0xF, 16);
      }
    }
    return new String(out);
  }

  /** The values of a BIGINT column (or _ROW_ID) of a scan, in result order, read by streaming. */
  static List<Long> longs(Scan scan, String column) {
    List<Long> out = new ArrayList<>();
    try (ArrowReader reader = scan.toArrowReader()) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        BigIntVector v = (BigIntVector) root.getVector(column);
        for (int i = 0; i < root.getRowCount(); i++) {
          out.add(v.isNull(i) ? null : v.get(i));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The rows of a scan counted by reading them (not from the snapshot's record count). */
  static long readCount(Scan scan) {
    long n = 0;
    try (ArrowReader reader = scan.toArrowReader()) {
      while (reader.loadNextBatch()) {
        n += reader.getVectorSchemaRoot().getRowCount();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return n;
  }

  /** {@code 0 .. n - 1}. */
  static List<Long> range(long n) {
    List<Long> out = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      out.add(i);
    }
    return out;
  }

  static TableState state(Table table) {
    return ((TableImpl) table).state();
  }

  /** The table directory, a path or URI of the table's storage. */
  static String root(Table table) {
    return state(table).paths().root();
  }

  /** The table directory of a table on the local file system, for tests of local files. */
  static Path localRoot(Table table) {
    return Path.of(root(table));
  }

  /**
   * The names of the files in a directory of the table (data, manifest, snapshot, tag), listed
   * through the table's storage.
   */
  static Set<String> files(Table table, String dir) {
    return new TreeSet<>(StorageFiles.names(table.io(), root(table) + "/" + dir));
  }

  /** The manifests named by a snapshot's base and delta manifest lists. */
  static List<ManifestMeta> manifests(Table table, long snapshotId) {
    TableState s = state(table);
    try {
      SnapshotFile file = s.snapshots().read(snapshotId);
      List<ManifestMeta> out = new ArrayList<>(s.manifests().readList(file.baseManifestList()));
      out.addAll(s.manifests().readList(file.deltaManifestList()));
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The data files ({@code .row}, not {@code .blob}) ADDed by a snapshot's manifests. */
  static List<DataFileMeta> dataFiles(Table table, long snapshotId) {
    List<DataFileMeta> out = new ArrayList<>();
    for (DataFileMeta f : allFiles(table, snapshotId)) {
      if (!f.isBlobFile()) {
        out.add(f);
      }
    }
    return out;
  }

  /** Every file ({@code .row} and {@code .blob}) ADDed by a snapshot's manifests. */
  static List<DataFileMeta> allFiles(Table table, long snapshotId) {
    TableState s = state(table);
    List<DataFileMeta> out = new ArrayList<>();
    try {
      for (ManifestMeta m : manifests(table, snapshotId)) {
        for (ManifestEntry e : s.manifests().readManifest(m.fileName())) {
          if (e.kind() == FileKind.ADD) {
            out.add(e.file());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The path of a data file of an unpartitioned table. */
  static String dataPath(Table table, DataFileMeta f) {
    return state(table).paths().dataFile("", f.fileName());
  }

  /**
   * Every file name in the bucket directories and {@code manifest/} that some snapshot references:
   * its manifest lists, the manifests, the data and blob files and their extra files.
   */
  static Set<String> referencedFiles(Table table) {
    TableState s = state(table);
    Set<String> out = new TreeSet<>();
    try {
      for (long id : s.snapshots().ids()) {
        SnapshotFile file = s.snapshots().read(id);
        out.add(file.baseManifestList());
        out.add(file.deltaManifestList());
        for (ManifestMeta m : manifests(table, id)) {
          out.add(m.fileName());
        }
        for (DataFileMeta f : allFiles(table, id)) {
          out.add(f.fileName());
          out.addAll(f.extraFiles());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The names of every file in the table's bucket directories (any partition). */
  static Set<String> bucketFiles(Table table) {
    Set<String> out = new TreeSet<>();
    collectBucketFiles(table.io(), root(table), out);
    return out;
  }

  /** The files of the bucket directories under {@code dir} and its partition directories. */
  private static void collectBucketFiles(FileIO io, String dir, Set<String> out) {
    for (String name : StorageFiles.names(io, dir)) {
      if (name.startsWith("bucket-")) {
        out.addAll(StorageFiles.names(io, dir + "/" + name));
      } else if (name.contains("=")) {
        collectBucketFiles(io, dir + "/" + name, out);
      }
    }
  }

  /** Temporary files of interrupted atomic creates in snapshot/, tag/ and schema/. */
  static Set<String> interruptedTempFiles(Table table) {
    Set<String> out = new TreeSet<>();
    for (String dir : new String[] {"snapshot", "tag", "schema"}) {
      for (String name : files(table, dir)) {
        if (name.startsWith(".") && name.endsWith(".tmp")) {
          out.add(name);
        }
      }
    }
    return out;
  }

  /** The files of the bucket directories and {@code manifest/} together. */
  static Set<String> dataAndManifestFiles(Table table) {
    Set<String> out = new TreeSet<>(bucketFiles(table));
    out.addAll(files(table, "manifest"));
    return out;
  }

  /** The bytes a BLOB descriptor of {@code t} points at (the input file closed again). */
  static byte[] payload(Table t, BlobDescriptor d) {
    byte[] out = new byte[Math.toIntExact(d.length())];
    try (var in = t.io().newInputFile(d.uri())) {
      in.readFully(d.offset(), out, 0, out.length);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
