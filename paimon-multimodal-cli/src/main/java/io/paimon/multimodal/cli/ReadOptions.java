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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** The options {@code pmm scan} and {@code pmm take} share: what to read and how to print it. */
final class ReadOptions {

  @Option(
      names = "--select",
      split = ",",
      paramLabel = "COLUMN",
      description = "The columns to print, in this order (comma-separated or repeated).")
  List<String> select = new ArrayList<>();

  @ArgGroup(exclusive = true, multiplicity = "0..1")
  Version version;

  @Option(names = "--with-row-id", description = "Adds the _ROW_ID column.")
  boolean withRowId;

  @Option(
      names = {"-f", "--format"},
      paramLabel = "FORMAT",
      defaultValue = "table",
      description = "table, csv, jsonl or arrow (an Arrow IPC stream). Default: ${DEFAULT-VALUE}.")
  OutputFormat format;

  @Option(
      names = "--binary",
      paramLabel = "BASE64|HEX",
      defaultValue = "BASE64",
      description = "How BYTES/BINARY values print in text formats: BASE64 or HEX.")
  Values.Binary binary;

  @Option(
      names = "--output",
      paramLabel = "FILE",
      description = "Write to FILE instead of stdout (a new or replaced file).")
  Path output;

  @Option(
      names = "--progress",
      description = "Report rows written so far to stderr while reading, and the total at the end.")
  boolean progress;

  @Option(
      names = "--batch-size",
      paramLabel = "ROWS",
      defaultValue = "4096",
      description = "Rows per Arrow batch. Default: ${DEFAULT-VALUE}.")
  int batchSize;

  /** {@code --snapshot} or {@code --tag}. */
  static final class Version {
    @Option(names = "--snapshot", paramLabel = "ID", description = "Read this snapshot.")
    Long snapshot;

    @Option(names = "--tag", paramLabel = "NAME", description = "Read the snapshot of this tag.")
    String tag;

    Scan apply(Scan scan) {
      return snapshot != null ? scan.snapshot(snapshot) : scan.tag(tag);
    }
  }

  /** Applies the version, the projection, the row ID and the batch size to a scan. */
  Scan apply(Scan scan) {
    if (batchSize < 1) {
      throw new CliException(ExitCodes.USAGE, "--batch-size must be at least 1, is " + batchSize);
    }
    Scan s = scan.batchSize(batchSize);
    if (version != null) {
      s = version.apply(s);
    }
    if (!select.isEmpty()) {
      s = s.select(select);
    }
    if (withRowId) {
      s = s.withRowId();
    }
    return s;
  }
}
