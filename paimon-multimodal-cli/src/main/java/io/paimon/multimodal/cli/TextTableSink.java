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
import java.util.ArrayList;
import java.util.List;

/**
 * Aligned text columns. The widths come from the header and the first {@value #SAMPLE} rows, so
 * memory stays bounded; a longer value further down widens its cell only. Numbers are aligned
 * right, other values left; line breaks and tabs inside values print as {@code \n}, {@code \t}.
 */
final class TextTableSink implements RowSink {

  static final int SAMPLE = 1000;

  private final PrintWriter out;
  private List<String> columns;
  private final List<List<String>> buffered = new ArrayList<>();
  private final List<Boolean> numeric = new ArrayList<>();
  private final List<Boolean> anyValue = new ArrayList<>();
  private int[] widths;

  TextTableSink(PrintWriter out) {
    this.out = out;
  }

  @Override
  public void header(List<String> columns) {
    this.columns = List.copyOf(columns);
    for (int i = 0; i < columns.size(); i++) {
      numeric.add(Boolean.TRUE);
      anyValue.add(Boolean.FALSE);
    }
  }

  @Override
  public void row(List<Object> values) {
    List<String> cells = new ArrayList<>(values.size());
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      if (v != null) {
        anyValue.set(i, Boolean.TRUE);
        if (!(v instanceof Number)) {
          numeric.set(i, Boolean.FALSE);
        }
      }
      cells.add(escape(Values.text(v)));
    }
    if (widths == null) {
      buffered.add(cells);
      if (buffered.size() >= SAMPLE) {
        flushBuffered();
      }
    } else {
      print(cells);
    }
  }

  private void flushBuffered() {
    widths = new int[columns.size()];
    for (int i = 0; i < widths.length; i++) {
      widths[i] = columns.get(i).length();
    }
    for (List<String> cells : buffered) {
      for (int i = 0; i < widths.length; i++) {
        widths[i] = Math.max(widths[i], cells.get(i).length());
      }
    }
    List<String> header = new ArrayList<>(columns);
    printAligned(header, false);
    List<String> rule = new ArrayList<>();
    for (int w : widths) {
      rule.add("-".repeat(w));
    }
    printAligned(rule, false);
    for (List<String> cells : buffered) {
      print(cells);
    }
    buffered.clear();
  }

  private void print(List<String> cells) {
    printAligned(cells, true);
  }

  private void printAligned(List<String> cells, boolean data) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      int pad = Math.max(0, widths[i] - c.length());
      boolean last = i == cells.size() - 1;
      if (i > 0) {
        line.append("  ");
      }
      if (data && numeric.get(i) && anyValue.get(i)) {
        line.append(" ".repeat(pad)).append(c);
      } else {
        line.append(c);
        if (!last) {
          line.append(" ".repeat(pad));
        }
      }
    }
    out.println(line);
  }

  private static String escape(String s) {
    if (s.indexOf('\n') < 0 && s.indexOf('\r') < 0 && s.indexOf('\t') < 0) {
      return s;
    }
    return s.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
  }

  @Override
  public void close() {
    if (widths == null && columns != null) {
      flushBuffered();
    }
    out.flush();
  }
}
