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

import io.paimon.blob.BlobFileReader;
import io.paimon.blob.BlobFormat;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.row.SeekableInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pmm blob}: a {@code .blob} file's entries. */
@Command(
    name = "blob",
    mixinStandardHelpOptions = true,
    description = {"Inspect .blob files.", "FILE is a local path or a URI such as s3://..."},
    subcommands = {BlobCommands.Inspect.class})
final class BlobCommands implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(), "a subcommand is required: inspect");
  }

  /** {@code pmm blob inspect FILE}. */
  @Command(
      name = "inspect",
      mixinStandardHelpOptions = true,
      description = {
        "Prints a .blob file's row index: per row its kind (entry, null or placeholder), the",
        "entry's offset and size, the payload's offset and length (what a BLOB descriptor",
        "points at) and the CRC32 stored in the entry's trailer."
      })
  static final class Inspect implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin StorageOptions storage;

    @Parameters(paramLabel = "FILE", description = "The .blob file.")
    String file;

    @Option(
        names = "--verify",
        description = "Read every entry and check its CRC32 (reads the whole file).")
    boolean verify;

    @Option(
        names = {"-f", "--format"},
        paramLabel = "FORMAT",
        defaultValue = "table",
        description = "table, csv or jsonl, for the rows. Default: ${DEFAULT-VALUE}.")
    OutputFormat format;

    @Override
    public Integer call() throws IOException {
      PrintWriter out = spec.commandLine().getOut();
      String location = StorageOptions.normalize(file);
      int failed = 0;
      try (FileIO io = storage.fileIO(location);
          BlobFileReader r = BlobFileReader.open(io.newInputFile(location));
          SeekableInput trailers = io.newInputFile(location)) {
        long entries = 0;
        long nulls = 0;
        long placeholders = 0;
        long payloadBytes = 0;
        for (long row = 0; row < r.rowCount(); row++) {
          if (r.isNull(row)) {
            nulls++;
          } else if (r.isPlaceholder(row)) {
            placeholders++;
          } else {
            entries++;
            payloadBytes += r.payloadRange(row)[1];
          }
        }
        if (format == OutputFormat.table) {
          out.printf("file          %s%n", r.name());
          out.printf("format        blob (Apache Paimon), version %d%n", BlobFormat.VERSION);
          out.printf("size          %d bytes%n", r.fileSize());
          out.printf("rows          %d%n", r.rowCount());
          out.printf(
              "entries       %d (%d payload bytes), %d null, %d placeholder%n",
              entries, payloadBytes, nulls, placeholders);
          if (r.rowCount() > 0) {
            out.println();
          }
        }
        if (r.rowCount() == 0 && format == OutputFormat.table) {
          return ExitCodes.OK;
        }
        try (RowSink sink = RowSink.open(format, out)) {
          List<String> header =
              new ArrayList<>(
                  List.of(
                      "row",
                      "kind",
                      "entry_offset",
                      "entry_size",
                      "payload_offset",
                      "payload_length",
                      "crc32"));
          if (verify) {
            header.add("check");
          }
          sink.header(header);
          byte[] trailer = new byte[BlobFormat.ENTRY_TRAILER_SIZE];
          for (long row = 0; row < r.rowCount(); row++) {
            List<Object> cells = new ArrayList<>();
            cells.add(row);
            long[] range = r.isPlaceholder(row) ? null : r.payloadRange(row);
            if (range == null) {
              cells.add(r.isNull(row) ? "null" : "placeholder");
              cells.add(null);
              cells.add(null);
              cells.add(null);
              cells.add(null);
              cells.add(null);
              if (verify) {
                cells.add(null);
              }
            } else {
              long offset = r.entryOffset(row);
              long size = r.entrySize(row);
              trailers.readFully(offset + size - trailer.length, trailer, 0, trailer.length);
              cells.add("entry");
              cells.add(offset);
              cells.add(size);
              cells.add(range[0]);
              cells.add(range[1]);
              cells.add(String.format("%08x", BlobFormat.readInt(trailer, 8)));
              if (verify) {
                String check = check(r, row);
                if (!"ok".equals(check)) {
                  failed++;
                }
                cells.add(check);
              }
            }
            sink.row(cells);
          }
        }
      }
      if (failed > 0) {
        throw new CliException(
            ExitCodes.FAILURE,
            failed + " entr" + (failed == 1 ? "y" : "ies") + " failed the check");
      }
      return ExitCodes.OK;
    }

    /** Streams the entry through its CRC check: "ok" or the failure's message. */
    private static String check(BlobFileReader r, long row) {
      byte[] buf = new byte[64 * 1024];
      try (InputStream in = r.openPayload(row)) {
        while (in.read(buf) >= 0) {
          // drained for the check at the end
        }
        return "ok";
      } catch (IOException | RuntimeException e) {
        return "FAILED: " + ExitCodes.message(e);
      }
    }
  }
}
