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

import io.paimon.multimodal.fs.FileIO;
import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.types.DataField;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pmm row}: a {@code .row} data file's layout and rows. */
@Command(
    name = "row",
    mixinStandardHelpOptions = true,
    description = {
      "Inspect and dump .row data files.",
      "FILE is a local path or a URI such as s3://bucket/wh/db.db/t/bucket-0/data-0.row."
    },
    subcommands = {RowCommands.Inspect.class, RowCommands.Dump.class})
final class RowCommands implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(), "a subcommand is required: inspect or dump");
  }

  /** Opens a .row file through the storage of its location; the reader owns the input. */
  static RowFileReader open(FileIO io, String file, RowType type) throws IOException {
    return RowFile.open(io.newInputFile(file), type, RowFileOptions.defaults());
  }

  /** {@code pmm row inspect FILE}. */
  @Command(
      name = "inspect",
      mixinStandardHelpOptions = true,
      description = {
        "Prints a .row file's layout: size, rows, ZSTD blocks and the block index.",
        "A .row file stores no schema; pmm row dump takes one with --schema."
      })
  static final class Inspect implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin StorageOptions storage;

    @Parameters(paramLabel = "FILE", description = "The .row file.")
    String file;

    @Override
    public Integer call() throws IOException {
      PrintWriter out = spec.commandLine().getOut();
      String location = StorageOptions.normalize(file);
      try (FileIO io = storage.fileIO(location);
          RowFileReader r = open(io, location, new RowType(List.of()))) {
        RowFileLayout l = r.layout();
        long uncompressed = l.uncompressedBytes();
        long compressed = l.indexOffset();
        out.printf("file          %s%n", r.name());
        out.printf("format        row (Apache Paimon), blocks compressed with ZSTD%n");
        out.printf("size          %d bytes%n", l.fileSize());
        out.printf("rows          %d%n", r.rowCount());
        out.printf("blocks        %d%n", l.blockCount());
        out.printf(
            "data          %d bytes compressed, %d uncompressed%s%n",
            compressed,
            uncompressed,
            compressed > 0
                ? String.format(Locale.ROOT, " (ratio %.2f)", (double) uncompressed / compressed)
                : "");
        out.printf("block index   offset %d, %d bytes%n", l.indexOffset(), l.indexLength());
        out.printf("schema        not stored in the file (pmm row dump --schema gives one)%n");
        long[] offsets = l.blockOffsets();
        int[] sizes = l.compressedSizes();
        int[] raw = l.uncompressedSizes();
        long[] starts = l.rowStarts();
        if (offsets.length > 0) {
          out.println();
          try (RowSink sink = RowSink.open(OutputFormat.table, out)) {
            sink.header(
                List.of("block", "offset", "compressed", "uncompressed", "first_row", "rows"));
            for (int b = 0; b < offsets.length; b++) {
              long end = b + 1 < starts.length ? starts[b + 1] : r.rowCount();
              sink.row(
                  List.of((Object) b, offsets[b], sizes[b], raw[b], starts[b], end - starts[b]));
            }
          }
        }
      }
      return ExitCodes.OK;
    }
  }

  /** {@code pmm row dump FILE --schema ...}. */
  @Command(
      name = "dump",
      mixinStandardHelpOptions = true,
      description = "Prints the rows of a .row file, decoded with the schema given.")
  static final class Dump implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin StorageOptions storage;

    @Parameters(paramLabel = "FILE", description = "The .row file.")
    String file;

    @Option(
        names = "--schema",
        required = true,
        paramLabel = "COLUMNS",
        description = {
          "The file's columns in Paimon's type syntax, in file order, e.g.",
          "  'id BIGINT NOT NULL, name STRING, tags ARRAY<STRING>'",
          "(or the same inside ROW<...>)."
        })
    String schema;

    @Option(names = "--limit", paramLabel = "N", description = "Print at most N rows.")
    Long limit;

    @Option(
        names = {"-f", "--format"},
        paramLabel = "FORMAT",
        defaultValue = "table",
        description = "table, csv or jsonl. Default: ${DEFAULT-VALUE}.")
    OutputFormat format;

    @Option(
        names = "--binary",
        paramLabel = "BASE64|HEX",
        defaultValue = "BASE64",
        description = "How BYTES/BINARY values print: BASE64 or HEX.")
    Values.Binary binary;

    @Override
    public Integer call() throws IOException {
      if (limit != null && limit < 0) {
        throw new CliException(ExitCodes.USAGE, "--limit must not be negative, is " + limit);
      }
      RowType type = SchemaText.parse(schema);
      PrintWriter out = spec.commandLine().getOut();
      Values values = new Values(binary);
      String location = StorageOptions.normalize(file);
      try (FileIO io = storage.fileIO(location);
          RowFileReader r = open(io, location, type);
          CloseableIterator<Row> rows = r.iterator();
          RowSink sink = RowSink.open(format, out)) {
        List<String> names = new ArrayList<>();
        for (DataField f : type.fields()) {
          names.add(f.name());
        }
        sink.header(names);
        long n = 0;
        while (rows.hasNext() && (limit == null || n < limit)) {
          Row row = rows.next();
          List<Object> cells = new ArrayList<>(row.size());
          for (int i = 0; i < row.size(); i++) {
            cells.add(values.plain(row.get(i)));
          }
          sink.row(cells);
          n++;
        }
      }
      return ExitCodes.OK;
    }
  }
}
