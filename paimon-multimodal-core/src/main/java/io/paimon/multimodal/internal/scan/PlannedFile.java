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
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.meta.ColumnStats;
import io.paimon.multimodal.internal.meta.ManifestStore;
import io.paimon.multimodal.internal.meta.PaimonStats;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.PaimonFormatException;
import io.paimon.multimodal.internal.paimon.TableSchema;
import io.paimon.multimodal.internal.schema.TypeWidening;
import io.paimon.multimodal.internal.schema.WideningRowFileReader;
import io.paimon.row.DataFileFormats;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One live data file of a snapshot, resolved against the table's latest schema: its path, its
 * columns matched to the table's columns by field id (so renames and drops read right), the types
 * to decode it with and the types to read it as (a widened column is converted on read). A file's
 * columns are its {@code _WRITE_COLS} (or every column of the schema it was written with), named by
 * the table's current names so predicates and projections find them. Immutable.
 *
 * @param meta the manifest's record
 * @param path where the file is read from
 * @param fileType the file's columns in file order, in data-file form (BLOB as descriptor bytes),
 *     named by the table's current column names (a dropped column gets {@code _dropped_<id>})
 * @param readType the same columns as they are read: in data-file form with the current table types
 *     (equal to {@code fileType} unless a column was widened since the file was written)
 * @param statsType the same columns with the types they were written with, for statistics
 * @param tableColumnOf for each file column, the index of the table column it holds, or -1
 * @param fileColumnOf for each table column, the index of the file column holding it, or -1
 * @param writtenNames the file's columns as the schema it was written with names them
 */
record PlannedFile(
    DataFileMeta meta,
    String path,
    RowType fileType,
    RowType readType,
    RowType statsType,
    int[] tableColumnOf,
    int[] fileColumnOf,
    List<String> writtenNames) {

  /** Resolves a data file of the partition at {@code partitionPath}. */
  static PlannedFile of(
      TableState table, TableSchema fileSchema, DataFileMeta f, String partitionPath)
      throws PaimonFormatException {
    checkPlainName(table, f.fileName(), "data file");
    for (String extra : f.extraFiles()) {
      checkPlainName(table, extra, "extra file of " + f.fileName());
    }
    String path =
        f.externalPath() != null
            ? f.externalPath()
            : table.paths().dataFile(partitionPath, f.fileName());
    List<DataField> schemaFields = fileSchema.fields();
    List<DataField> columns = new ArrayList<>();
    if (f.writeCols() == null) {
      columns.addAll(schemaFields);
    } else {
      for (String name : f.writeCols()) {
        DataField found = null;
        for (DataField df : schemaFields) {
          if (df.name().equals(name)) {
            found = df;
          }
        }
        if (found == null) {
          throw new PaimonFormatException(
              table.paths().root()
                  + ": data file "
                  + f.fileName()
                  + " writes column '"
                  + name
                  + "', which schema "
                  + fileSchema.id()
                  + " does not have");
        }
        columns.add(found);
      }
    }
    RowType current = table.schema().rowType();
    int[] tableColumnOf = new int[columns.size()];
    int[] fileColumnOf = new int[current.fieldCount()];
    Arrays.fill(fileColumnOf, -1);
    List<DataField> fileFields = new ArrayList<>();
    List<DataField> readFields = new ArrayList<>();
    List<DataField> statsFields = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      DataField df = columns.get(i);
      int t = indexOfId(current, df.id());
      tableColumnOf[i] = t;
      String name = t >= 0 ? current.fields().get(t).name() : "_dropped_" + df.id();
      DataType readAs = df.type();
      if (t >= 0) {
        fileColumnOf[t] = i;
        DataType now = current.typeAt(t);
        if (!now.copy(true).equals(df.type().copy(true))) {
          if (!TypeWidening.canWiden(df.type(), now)) {
            throw new UnsupportedTableException(
                "table '"
                    + table.name()
                    + "': column '"
                    + name
                    + "' has type "
                    + now
                    + " but data file "
                    + f.fileName()
                    + " (schema "
                    + fileSchema.id()
                    + ") stores it as "
                    + df.type()
                    + ", which cannot be read as "
                    + now
                    + (fileSchema.id() > table.schemaId()
                        ? "; the file was written with a newer schema than this Table object's ("
                            + table.schemaId()
                            + "): open the table again"
                        : ""));
          }
          readAs = now.copy(df.type().isNullable());
        }
      }
      fileFields.add(new DataField(df.id(), name, StorageTypes.toFileType(df.type())));
      readFields.add(new DataField(df.id(), name, StorageTypes.toFileType(readAs)));
      statsFields.add(new DataField(df.id(), name, df.type()));
    }
    List<String> written = new ArrayList<>();
    for (DataField df : columns) {
      written.add(df.name());
    }
    return new PlannedFile(
        f,
        path,
        new RowType(fileFields),
        new RowType(readFields),
        new RowType(statsFields),
        tableColumnOf,
        fileColumnOf,
        List.copyOf(written));
  }

  /**
   * A manifest names files inside their bucket directory: a name with a path separator (or {@code
   * .}, {@code ..}) would read or, at cleanup, delete a file elsewhere. Files elsewhere are named
   * by {@code _EXTERNAL_PATH}.
   */
  static void checkPlainName(TableState table, String name, String what)
      throws PaimonFormatException {
    if (!ManifestStore.isPlainName(name)) {
      throw new PaimonFormatException(
          table.paths().root() + ": the " + what + " name '" + name + "' is not a plain file name");
    }
  }

  private static int indexOfId(RowType type, int id) {
    List<DataField> fields = type.fields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).id() == id) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Opens the data file for reading as the current schema: decoded with the types it was written
   * with, widened columns converted to their current types.
   */
  RowFileReader open(FileIO io, RowFileOptions options) throws IOException {
    String format = meta.format();
    RowFileReader opened =
        "row".equals(format)
            ? RowFile.open(io.newInputFile(path, meta.fileSize()), fileType, options)
            : DataFileFormats.forExtension(format)
                .orElseThrow(
                    () ->
                        new UnsupportedTableException(
                            "data file " + path + " is " + format + ": no reader is registered"))
                .open(io.newInputFile(path, meta.fileSize()), fileType, options);
    return readType.equals(fileType) ? opened : new WideningRowFileReader(opened, readType);
  }

  /** Statistics of file column {@code i} (decoded with its written type) in its read type. */
  ColumnStats readStats(int i, ColumnStats stats) {
    DataType written = statsType.typeAt(i);
    DataType read = readType.typeAt(i);
    return TypeWidening.needsCast(written, read) ? TypeWidening.cast(stats, read) : stats;
  }

  boolean isBlob() {
    return meta.isBlobFile();
  }

  long firstRowId() {
    return meta.requireFirstRowId();
  }

  long endRowId() {
    return meta.endRowId();
  }

  /** Whether the file holds table column {@code column}. */
  boolean holds(int column) {
    return fileColumnOf[column] >= 0;
  }

  /**
   * The file's statistics per table column; unknown ({@code null} bounds, null count -1) for the
   * columns it does not hold or has none for.
   */
  ColumnStats[] tableStats() {
    ColumnStats unknown = new ColumnStats(null, null, -1);
    ColumnStats[] out = new ColumnStats[fileColumnOf.length];
    Arrays.fill(out, unknown);
    if (isBlob()) {
      return out;
    }
    List<String> cols = meta.valueStatsCols();
    List<DataType> types = new ArrayList<>();
    List<Integer> tableColumns = new ArrayList<>();
    List<Integer> fileColumns = new ArrayList<>();
    if (cols == null) {
      for (int i = 0; i < statsType.fieldCount(); i++) {
        types.add(statsType.typeAt(i));
        tableColumns.add(tableColumnOf[i]);
        fileColumns.add(i);
      }
    } else {
      for (String c : cols) {
        // Stats columns are named as the file's own schema named them (before any rename).
        int i = writtenNames.indexOf(c);
        if (i < 0) {
          return out;
        }
        types.add(statsType.typeAt(i));
        tableColumns.add(tableColumnOf[i]);
        fileColumns.add(i);
      }
    }
    ColumnStats[] decoded = PaimonStats.decode(meta.valueStats(), types);
    for (int i = 0; i < decoded.length; i++) {
      if (tableColumns.get(i) >= 0) {
        out[tableColumns.get(i)] = readStats(fileColumns.get(i), decoded[i]);
      }
    }
    return out;
  }
}
