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

import io.paimon.multimodal.ProgressListener;
import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;

/**
 * Streams a scan's result batch by batch to stdout or a file, in one of the {@link OutputFormat}s:
 * memory stays bounded by the batch size (and the table format's sample of rows).
 */
final class ScanOutput {

  private final ReadOptions options;
  private final PrintWriter stdout;
  private final PrintWriter stderr;
  private final OutputStream rawStdout;
  private ProgressTracker progress;

  ScanOutput(ReadOptions options, PrintWriter stdout, PrintWriter stderr, OutputStream rawStdout) {
    this.options = options;
    this.stdout = stdout;
    this.stderr = stderr;
    this.rawStdout = rawStdout;
  }

  /** Writes the scan's rows; returns how many. */
  long write(Scan scan) throws IOException {
    ProgressListener listener =
        options.progress ? Progressing.toStderr(stderr) : ProgressListener.NONE;
    progress = ProgressTracker.start("read of " + scan.table().name(), "rows", -1, listener);
    try {
      return writeAll(scan);
    } finally {
      progress.finish();
    }
  }

  private long writeAll(Scan scan) throws IOException {
    if (options.format == OutputFormat.arrow) {
      if (options.output == null) {
        stdout.flush();
        return writeArrow(scan, rawStdout);
      }
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(options.output))) {
        return writeArrow(scan, out);
      }
    }
    if (options.output == null) {
      return writeText(scan, stdout);
    }
    try (PrintWriter out =
        new PrintWriter(
            new OutputStreamWriter(
                new BufferedOutputStream(Files.newOutputStream(options.output)),
                StandardCharsets.UTF_8))) {
      return writeText(scan, out);
    }
  }

  private long writeArrow(Scan scan, OutputStream out) throws IOException {
    long rows = 0;
    try (ArrowReader reader = scan.toArrowReader()) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(out))) {
        writer.start();
        while (reader.loadNextBatch()) {
          writer.writeBatch();
          rows += root.getRowCount();
          progress.add(root.getRowCount(), 0, 0);
        }
        writer.end();
      }
    }
    out.flush();
    return rows;
  }

  private long writeText(Scan scan, PrintWriter out) throws IOException {
    Values values = new Values(options.binary);
    Schema schema = scan.schema();
    long rows = 0;
    try (ArrowReader reader = scan.toArrowReader();
        RowSink sink = RowSink.open(options.format, out)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<FieldVector> vectors = root.getFieldVectors();
      List<String> names = new ArrayList<>();
      List<DataType> types = new ArrayList<>();
      for (FieldVector v : vectors) {
        String name = v.getName();
        names.add(name);
        types.add(Schema.ROW_ID.equals(name) ? DataTypes.BIGINT() : schema.columnType(name));
      }
      sink.header(names);
      while (reader.loadNextBatch()) {
        int n = root.getRowCount();
        for (int i = 0; i < n; i++) {
          List<Object> row = new ArrayList<>(names.size());
          for (int c = 0; c < names.size(); c++) {
            row.add(
                values.plain(ArrowValues.get(names.get(c), types.get(c), root.getVector(c), i)));
          }
          sink.row(row);
        }
        rows += n;
        progress.add(n, 0, 0);
      }
    }
    return rows;
  }
}
