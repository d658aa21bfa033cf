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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One JSON object per line (JSON Lines), keys in column order, null as {@code null}. */
final class JsonlSink implements RowSink {

  private final PrintWriter out;
  private List<String> columns;

  JsonlSink(PrintWriter out) {
    this.out = out;
  }

  @Override
  public void header(List<String> columns) {
    this.columns = List.copyOf(columns);
  }

  @Override
  public void row(List<Object> values) {
    Map<String, Object> object = new LinkedHashMap<>();
    for (int i = 0; i < values.size(); i++) {
      object.put(columns.get(i), values.get(i));
    }
    out.print(Values.json(object));
    out.print('\n');
  }

  @Override
  public void close() {
    out.flush();
  }
}
