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
package io.paimon.multimodal.oracle;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.Nullable;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.operation.CleanOrphanFilesResult;
import org.apache.paimon.operation.LocalOrphanFilesClean;
import org.apache.paimon.options.Options;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.SpecialFields;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.Range;

/**
 * Test fixture: an Apache Paimon 1.4.2 {@code FileSystemCatalog} over a local warehouse directory,
 * database {@code default}, with the operations the oracle tests need: create a row-tracking,
 * data-evolution table with {@code file.format=row}, write rows in one batch commit, read every row
 * with its {@code _ROW_ID} through {@code <table>$row_tracking}, list the planned files, add a
 * column, create a tag. Values go in and come out in our Java value model ({@link PaimonValues}).
 *
 * <p>One instance per test class is the intent (Paimon's catalog is cheap, but each table costs a
 * few file system round trips); close it when done. Not thread-safe.
 */
final class PaimonCatalogs implements AutoCloseable {

  /** The database every table goes to. */
  static final String DATABASE = "default";

  /** The row-ID system column as Paimon names it. */
  static final String ROW_ID = "_ROW_ID";

  private final String warehouse;
  private final Catalog catalog;

  private PaimonCatalogs(String warehouse, Catalog catalog) {
    this.warehouse = warehouse;
    this.catalog = catalog;
  }

  /** A catalog on {@code warehouse} (created if missing), with database {@code default}. */
  static PaimonCatalogs open(Path warehouse) throws Exception {
    Options options = new Options();
    options.set("warehouse", warehouse.toAbsolutePath().toString());
    // Other writers (our library) change tables under the catalog: no cached tables or schemas.
    options.set("cache-enabled", "false");
    Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
    catalog.createDatabase(DATABASE, true);
    return new PaimonCatalogs(warehouse.toAbsolutePath().toString(), catalog);
  }

  /** The warehouse directory. */
  String warehouse() {
    return warehouse;
  }

  /** The catalog itself, for what this fixture does not cover. */
  Catalog catalog() {
    return catalog;
  }

  /** The options every table gets: row tracking, data evolution and {@code file.format=row}. */
  static Map<String, String> tableOptions() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("row-tracking.enabled", "true");
    options.put("data-evolution.enabled", "true");
    options.put("file.format", RowFormatFactory.IDENTIFIER);
    return options;
  }

  /**
   * Options that keep the given BLOB columns in the data files as descriptors, with Paimon writing
   * their payloads to {@code .blob} files under {@code externalDir} ({@code
   * blob-external-storage-field}, Paimon 1.4.x). Without external storage, cells must be {@link
   * org.apache.paimon.data.Blob}s with a descriptor ({@code Blob.fromFile}).
   */
  static Map<String, String> descriptorOptions(String columns, @Nullable String externalDir) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("blob-descriptor-field", columns);
    if (externalDir != null) {
      options.put("blob-external-storage-field", columns);
      options.put("blob-external-storage-path", externalDir);
    }
    return options;
  }

  /**
   * Creates table {@code name} with these columns, partition keys and extra options (on top of
   * {@link #tableOptions()}).
   */
  FileStoreTable createTable(
      String name, RowType columns, List<String> partitionKeys, Map<String, String> extraOptions)
      throws Exception {
    Schema.Builder schema = Schema.newBuilder();
    for (DataField f : columns.getFields()) {
      schema.column(f.name(), f.type(), f.description());
    }
    schema.partitionKeys(partitionKeys);
    Map<String, String> options = tableOptions();
    options.putAll(extraOptions);
    schema.options(options);
    catalog.createTable(identifier(name), schema.build(), false);
    return table(name);
  }

  /** The table as it is now (after the latest schema change). */
  FileStoreTable table(String name) throws Exception {
    return (FileStoreTable) catalog.getTable(identifier(name));
  }

  /** Writes rows (column name to Java value; missing columns null) in one batch commit. */
  void write(String name, List<Map<String, Object>> rows) throws Exception {
    Table table = table(name);
    RowType type = table.rowType();
    List<InternalRow> converted = new ArrayList<>(rows.size());
    for (Map<String, Object> row : rows) {
      converted.add(PaimonValues.mapToPaimonRow(row, type));
    }
    writeInternal(table, converted);
  }

  /** Writes Paimon rows of the table's current row type in one batch commit. */
  static void writeInternal(Table table, List<? extends InternalRow> rows) throws Exception {
    BatchWriteBuilder builder = table.newBatchWriteBuilder();
    try (BatchTableWrite write = builder.newWrite();
        BatchTableCommit commit = builder.newCommit()) {
      for (InternalRow row : rows) {
        write.write(row);
      }
      commit.commit(write.prepareCommit());
    }
  }

  /**
   * Every row of the latest snapshot as Paimon reads it through {@code <name>$row_tracking}: the
   * table's columns (BLOB cells as payload bytes) then {@code _ROW_ID}, in {@code _ROW_ID} order.
   */
  List<Map<String, Object>> readWithRowId(String name) throws Exception {
    return readWithRowId(name, null);
  }

  /**
   * As {@link #readWithRowId(String)}, restricted to these {@code _ROW_ID} ranges (inclusive), so
   * that Paimon hands the format a selection of file positions.
   */
  List<Map<String, Object>> readWithRowId(String name, @Nullable List<Range> rowRanges)
      throws Exception {
    return readWithRowId(name, rowRanges, null);
  }

  /**
   * As {@link #readWithRowId(String, List)}, with a filter that Paimon uses only to skip row ranges
   * by the statistics in the manifests (it does not drop rows of the ranges it reads), so that a
   * range whose statistics wrongly exclude a match goes missing.
   */
  List<Map<String, Object>> readWithRowId(
      String name, @Nullable List<Range> rowRanges, @Nullable Predicate filter) throws Exception {
    return read(catalog.getTable(identifier(name + "$row_tracking")), rowRanges, filter);
  }

  /** As {@link #readWithRowId(String)}, at a tag (in the tag's schema). */
  List<Map<String, Object>> readTagWithRowId(String name, String tag) throws Exception {
    Table tracking = catalog.getTable(identifier(name + "$row_tracking"));
    return read(tracking.copy(Map.of("scan.tag-name", tag)), null, null);
  }

  private static List<Map<String, Object>> read(
      Table tracking, @Nullable List<Range> rowRanges, @Nullable Predicate filter)
      throws Exception {
    RowType type = tracking.rowType();
    ReadBuilder builder = tracking.newReadBuilder();
    if (rowRanges != null) {
      builder = builder.withRowRanges(rowRanges);
    }
    if (filter != null) {
      builder = builder.withFilter(filter);
    }
    List<Map<String, Object>> out = new ArrayList<>();
    List<Split> splits = builder.newScan().plan().splits();
    try (RecordReader<InternalRow> reader = builder.newRead().createReader(splits)) {
      reader.forEachRemaining(
          row -> {
            Map<String, Object> all = PaimonValues.rowToJava(row, type);
            Map<String, Object> kept = new LinkedHashMap<>();
            int i = 0;
            for (Map.Entry<String, Object> e : all.entrySet()) {
              // The table's columns and _ROW_ID, not _SEQUENCE_NUMBER.
              if (!SpecialFields.isSystemField(type.getFields().get(i++).id())
                  || e.getKey().equals(ROW_ID)) {
                kept.put(e.getKey(), e.getValue());
              }
            }
            out.add(kept);
          });
    }
    out.sort(Comparator.comparingLong(r -> (Long) r.get(ROW_ID)));
    return out;
  }

  /**
   * One data file of a plan, as Paimon's {@link DataSplit#dataFiles()} describes it, with the index
   * of its split in the plan and the split's partition values (in partition-key order, our Java
   * value model).
   */
  record PlannedFile(
      int split,
      List<Object> partition,
      String path,
      String fileName,
      long rowCount,
      @Nullable Long firstRowId,
      @Nullable List<String> writeCols,
      long schemaId,
      long maxSequenceNumber,
      long fileSize) {

    /** Whether this is a {@code .blob} file of BLOB columns. */
    boolean isBlobFile() {
      return fileName.endsWith(".blob");
    }
  }

  /** The files Paimon plans for a full read of the latest snapshot, in plan order. */
  List<PlannedFile> plannedFiles(String name) throws Exception {
    List<PlannedFile> out = new ArrayList<>();
    FileStoreTable table = table(name);
    RowType partitionType = table.schema().logicalPartitionType();
    List<Split> splits = table.newReadBuilder().newScan().plan().splits();
    for (int s = 0; s < splits.size(); s++) {
      DataSplit data = (DataSplit) splits.get(s);
      List<Object> partition =
          new ArrayList<>(PaimonValues.rowToJava(data.partition(), partitionType).values());
      for (DataFileMeta f : data.dataFiles()) {
        String path = f.externalPath().orElse(data.bucketPath() + "/" + f.fileName());
        out.add(
            new PlannedFile(
                s,
                partition,
                path,
                f.fileName(),
                f.rowCount(),
                f.firstRowId(),
                f.writeCols(),
                f.schemaId(),
                f.maxSequenceNumber(),
                f.fileSize()));
      }
    }
    return out;
  }

  /** Appends a nullable column at the end of the table's schema. */
  void addColumn(String name, String column, DataType type) throws Exception {
    catalog.alterTable(identifier(name), SchemaChange.addColumn(column, type), false);
  }

  /** Applies schema changes to the table, as Paimon's own ALTER TABLE does. */
  void alter(String name, SchemaChange... changes) throws Exception {
    catalog.alterTable(identifier(name), java.util.List.of(changes), false);
  }

  /** Tags the latest snapshot. */
  void createTag(String name, String tag) throws Exception {
    table(name).createTag(tag);
  }

  /** The row type of schema {@code schemaId} of the table. */
  RowType schemaRowType(String name, long schemaId) throws Exception {
    return table(name).schemaManager().schema(schemaId).logicalRowType();
  }

  /** The directory of table {@code name}. */
  Path tableDir(String name) {
    return Path.of(warehouse).resolve(DATABASE + ".db").resolve(name);
  }

  /** Every file under the table's directory, relative to it. */
  Set<String> files(String name) throws Exception {
    Path root = tableDir(name);
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  /**
   * Paimon's orphan cleanup ({@code LocalOrphanFilesClean}, what {@code remove_orphan_files} runs)
   * with every file old enough: the files it deleted, relative to the table directory.
   */
  Set<String> cleanOrphans(String name) throws Exception {
    long future = System.currentTimeMillis() + Duration.ofDays(1).toMillis();
    CleanOrphanFilesResult result = new LocalOrphanFilesClean(table(name), future).clean();
    Path root = tableDir(name);
    return result.getDeletedFilesPath().stream()
        .map(p -> root.relativize(OracleAssertions.localPath(p.toString())).toString())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  static Identifier identifier(String name) {
    return Identifier.create(DATABASE, name);
  }

  @Override
  public void close() throws Exception {
    catalog.close();
  }
}
