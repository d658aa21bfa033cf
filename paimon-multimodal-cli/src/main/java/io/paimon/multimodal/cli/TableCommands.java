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
package io.paimon.multimodal.cli;

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.Tag;
import io.paimon.types.DataField;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pmm table}: what a warehouse and its tables hold. */
@Command(
    name = "table",
    mixinStandardHelpOptions = true,
    description = {
      "List and describe tables: snapshots, tags, files, statistics.",
      "TABLE is WAREHOUSE/DATABASE/TABLE: the last two path elements are the database and the",
      "table (wh/default/docs, wh/default.db/docs, s3://bucket/wh/default/docs)."
    },
    subcommands = {
      TableCommands.ListTables.class,
      TableCommands.Describe.class,
      TableCommands.Snapshots.class,
      TableCommands.Tags.class,
      TableCommands.Files.class,
      TableCommands.Stats.class
    })
final class TableCommands implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(),
        "a subcommand is required: list, describe, snapshots, tags, files or stats");
  }

  /** The options of the commands that print a list of records. */
  static final class ListFormat {
    @Option(
        names = {"-f", "--format"},
        paramLabel = "FORMAT",
        defaultValue = "table",
        description = "table, csv or jsonl. Default: ${DEFAULT-VALUE}.")
    OutputFormat format;
  }

  /** The TABLE argument and the storage options, shared by the commands on one table. */
  static final class TableArgument {
    @Parameters(
        index = "0",
        paramLabel = "TABLE",
        description = "WAREHOUSE/DATABASE/TABLE, e.g. ./wh/default/docs or s3://bucket/wh/db/t.")
    String table;

    @Mixin StorageOptions storage;

    StorageOptions.OpenTable open() {
      return storage.openTable(TableAddress.parse(table));
    }
  }

  static String time(long epochMillis) {
    return Instant.ofEpochMilli(epochMillis).toString();
  }

  /** {@code pmm table list WAREHOUSE}. */
  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "Lists the tables of a warehouse as DATABASE/TABLE, one a line.")
  static final class ListTables implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin StorageOptions storage;

    @Parameters(paramLabel = "WAREHOUSE", description = "The warehouse root.")
    String warehouse;

    @Option(
        names = {"-d", "--database"},
        paramLabel = "DB",
        description = "Only this database.")
    String database;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      List<String> databases = database != null ? List.of(database) : storage.databases(warehouse);
      for (String db : databases) {
        try (StorageOptions.OpenConnection c = storage.connect(warehouse, db)) {
          List<String> tables = new ArrayList<>(c.connection().listTables());
          tables.sort(null);
          for (String t : tables) {
            out.println(db + "/" + t);
          }
        }
      }
      return ExitCodes.OK;
    }
  }

  /** {@code pmm table describe TABLE}. */
  @Command(
      name = "describe",
      mixinStandardHelpOptions = true,
      description = "Prints a table's columns, partition keys, options and latest snapshot.")
  static final class Describe implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableArgument table;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      try (StorageOptions.OpenTable t = table.open()) {
        Table tb = t.table();
        Schema schema = tb.schema();
        Optional<Snapshot> latest = tb.latestSnapshot();
        out.printf("table         %s%n", tb.name());
        out.printf("location      %s%n", tb.location());
        out.printf(
            "snapshot      %s%n",
            latest
                .map(s -> s.id() + " (schema " + s.schemaId() + ", " + time(s.timeMillis()) + ")")
                .orElse("none"));
        out.printf(
            "partitioned   %s%n",
            schema.partitionKeys().isEmpty() ? "no" : String.join(", ", schema.partitionKeys()));
        out.println();
        try (RowSink sink = RowSink.open(OutputFormat.table, out)) {
          sink.header(List.of("column", "type", "id"));
          for (DataField f : schema.rowType().fields()) {
            sink.row(List.of(f.name(), f.type().toString(), (Object) f.id()));
          }
        }
        if (!schema.options().isEmpty()) {
          out.println();
          out.println("options");
          new java.util.TreeMap<>(schema.options())
              .forEach((k, v) -> out.printf("  %s = %s%n", k, v));
        }
      }
      return ExitCodes.OK;
    }
  }

  /** {@code pmm table snapshots TABLE}. */
  @Command(
      name = "snapshots",
      mixinStandardHelpOptions = true,
      description = "Lists a table's snapshots, oldest first.")
  static final class Snapshots implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableArgument table;

    @Mixin ListFormat format;

    @Override
    public Integer call() {
      try (StorageOptions.OpenTable t = table.open();
          RowSink sink = RowSink.open(format.format, spec.commandLine().getOut())) {
        sink.header(
            List.of(
                "id",
                "schema_id",
                "time",
                "kind",
                "total_records",
                "delta_records",
                "next_row_id"));
        for (Snapshot s : t.table().snapshots()) {
          sink.row(
              List.of(
                  s.id(),
                  s.schemaId(),
                  time(s.timeMillis()),
                  s.commitKind(),
                  s.totalRecordCount(),
                  s.deltaRecordCount(),
                  s.nextRowId()));
        }
      }
      return ExitCodes.OK;
    }
  }

  /** {@code pmm table tags TABLE}. */
  @Command(
      name = "tags",
      mixinStandardHelpOptions = true,
      description = "Lists a table's tags by name.")
  static final class Tags implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableArgument table;

    @Mixin ListFormat format;

    @Override
    public Integer call() {
      try (StorageOptions.OpenTable t = table.open();
          RowSink sink = RowSink.open(format.format, spec.commandLine().getOut())) {
        sink.header(List.of("name", "snapshot_id", "created", "time_retained"));
        for (Tag tag : t.table().tags()) {
          List<Object> row = new ArrayList<>();
          row.add(tag.name());
          row.add(tag.snapshotId());
          row.add(time(tag.createdMillis()));
          row.add(tag.timeRetained().map(Object::toString).orElse(null));
          sink.row(row);
        }
      }
      return ExitCodes.OK;
    }
  }

  /** {@code --snapshot} or {@code --tag}. */
  static final class Version {
    @Option(names = "--snapshot", paramLabel = "ID", description = "This snapshot.")
    Long snapshot;

    @Option(names = "--tag", paramLabel = "NAME", description = "The snapshot of this tag.")
    String tag;

    static Scan apply(Version v, Scan scan) {
      if (v == null) {
        return scan;
      }
      return v.snapshot != null ? scan.snapshot(v.snapshot) : scan.tag(v.tag);
    }
  }

  /** {@code pmm table files TABLE}. */
  @Command(
      name = "files",
      mixinStandardHelpOptions = true,
      description = {
        "Lists the data files of a snapshot (default: the latest), per row-ID range: the",
        "range's .row files newest first, then its .blob files."
      })
  static final class Files implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableArgument table;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Version version;

    @Mixin ListFormat format;

    @Override
    public Integer call() {
      try (StorageOptions.OpenTable t = table.open();
          RowSink sink = RowSink.open(format.format, spec.commandLine().getOut())) {
        sink.header(
            List.of(
                "file",
                "format",
                "partition",
                "first_row_id",
                "rows",
                "deleted",
                "bytes",
                "sequence",
                "schema_id",
                "columns"));
        Scan scan = Version.apply(version, t.table().scan());
        for (Split split : scan.plan()) {
          for (SplitFile f : split.files()) {
            List<Object> row = new ArrayList<>();
            row.add(f.name());
            row.add(f.format());
            row.add(partition(split.partition()));
            row.add(f.firstRowId());
            row.add(f.rowCount());
            row.add(split.deletedRowCount());
            row.add(f.fileSize());
            row.add(f.sequenceNumber());
            row.add(f.schemaId());
            row.add(String.join(",", f.writeColumns()));
            sink.row(row);
          }
        }
      }
      return ExitCodes.OK;
    }
  }

  /** A partition as {@code key=value/key=value}, as Paimon names its directories. */
  static String partition(Map<String, Object> partition) {
    if (partition.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    partition.forEach(
        (k, v) -> {
          if (sb.length() > 0) {
            sb.append('/');
          }
          sb.append(k).append('=').append(v);
        });
    return sb.toString();
  }

  /** {@code pmm table stats TABLE}. */
  @Command(
      name = "stats",
      mixinStandardHelpOptions = true,
      description = {
        "Prints a snapshot's (default: the latest) figures: rows (row IDs in live files,",
        "deleted ones included), live rows, files, bytes, partitions; and the table's snapshots",
        "and tags."
      })
  static final class Stats implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableArgument table;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Version version;

    @Mixin ListFormat format;

    @Override
    public Integer call() {
      try (StorageOptions.OpenTable t = table.open()) {
        Table tb = t.table();
        Scan scan = Version.apply(version, tb.scan());
        long rows = 0;
        long live = 0;
        long bytes = 0;
        Set<String> files = new HashSet<>();
        Set<String> blobFiles = new HashSet<>();
        Set<Map<String, Object>> partitions = new HashSet<>();
        for (Split split : scan.plan()) {
          rows += split.rowCount();
          live += split.liveRowCount();
          partitions.add(split.partition());
          for (SplitFile f : split.files()) {
            if (files.add(f.path())) {
              bytes += f.fileSize();
              if ("blob".equals(f.format())) {
                blobFiles.add(f.path());
              }
            }
          }
        }
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("snapshot", scan.resolvedSnapshotId());
        stats.put("rows", rows);
        stats.put("live_rows", live);
        stats.put("files", files.size());
        stats.put("blob_files", blobFiles.size());
        stats.put("bytes", bytes);
        stats.put("partitions", partitions.size());
        stats.put("snapshots", tb.snapshots().size());
        stats.put("tags", tb.tags().size());
        PrintWriter out = spec.commandLine().getOut();
        if (format.format == OutputFormat.table) {
          stats.forEach((k, v) -> out.printf("%-13s %s%n", k, v));
          out.flush();
        } else {
          try (RowSink sink = RowSink.open(format.format, out)) {
            sink.header(new ArrayList<>(stats.keySet()));
            sink.row(new ArrayList<>(stats.values()));
          }
        }
      }
      return ExitCodes.OK;
    }
  }
}
