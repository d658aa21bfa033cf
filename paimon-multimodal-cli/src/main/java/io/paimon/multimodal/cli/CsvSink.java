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
 * RFC 4180 CSV: a header line, CRLF line ends, a field quoted (with inner quotes doubled) when it
 * holds a comma, a quote, CR or LF, or is empty. A null is an empty unquoted field, so it differs
 * from an empty string ({@code ""}). Lists and maps are their JSON text.
 */
final class CsvSink implements RowSink {

  private final PrintWriter out;

  CsvSink(PrintWriter out) {
    this.out = out;
  }

  @Override
  public void header(List<String> columns) {
    line(List.copyOf(columns));
  }

  @Override
  public void row(List<Object> values) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      Object v = values.get(i);
      if (v != null) {
        sb.append(quote(Values.text(v)));
      }
    }
    out.print(sb.append("\r\n"));
  }

  private void line(List<String> fields) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(quote(fields.get(i)));
    }
    out.print(sb.append("\r\n"));
  }

  /** A field as RFC 4180 writes it. */
  static String quote(String s) {
    if (!s.isEmpty()
        && s.indexOf(',') < 0
        && s.indexOf('"') < 0
        && s.indexOf('\n') < 0
        && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }

  @Override
  public void close() {
    out.flush();
  }
}
