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

import java.io.PrintWriter;
import java.util.List;

/**
 * Where printed rows go: one of the text formats ({@link OutputFormat}). Rows hold plain values
 * ({@link Values#plain}); {@link #close()} flushes what is buffered but does not close the writer.
 */
interface RowSink extends AutoCloseable {

  /** Starts the output with the column names; called once, before any row. */
  void header(List<String> columns);

  /** Prints one row, a plain value per column. */
  void row(List<Object> values);

  /** Ends the output. */
  @Override
  void close();

  /**
   * A sink for a text format.
   *
   * @throws CliException (usage) for {@link OutputFormat#arrow}
   */
  static RowSink open(OutputFormat format, PrintWriter out) {
    switch (format) {
      case table:
        return new TextTableSink(out);
      case csv:
        return new CsvSink(out);
      case jsonl:
        return new JsonlSink(out);
      default:
        throw new CliException(ExitCodes.USAGE, "--format " + format + " is not a text format");
    }
  }
}
