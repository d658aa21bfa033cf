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

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.row.Row;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutputFormatsTest {

  private static String print(OutputFormat format, List<String> columns, List<List<Object>> rows) {
    StringWriter text = new StringWriter();
    try (RowSink sink = RowSink.open(format, new PrintWriter(text))) {
      sink.header(columns);
      rows.forEach(sink::row);
    }
    return text.toString();
  }

  @Test
  void quotesCsvFieldsAsRfc4180() {
    String csv =
        print(
            OutputFormat.csv,
            List.of("a", "b,c"),
            List.of(
                Arrays.asList("plain", "has,comma"),
                Arrays.asList("say \"hi\"", "two\r\nlines"),
                Arrays.asList(null, "")));
    assertThat(csv)
        .isEqualTo(
            "a,\"b,c\"\r\n"
                + "plain,\"has,comma\"\r\n"
                + "\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n"
                + ",\"\"\r\n");
  }

  @Test
  void alignsTableColumnsAndRightAlignsNumbers() {
    String table =
        print(
            OutputFormat.table,
            List.of("id", "name"),
            List.of(Arrays.asList(7L, "seven"), Arrays.asList(123L, "a\tb\nc")));
    assertThat(table)
        .isEqualTo("id   name\n" + "---  -------\n" + "  7  seven\n" + "123  a\\tb\\nc\n");
  }

  @Test
  void printsAnEmptyResultAsItsHeader() {
    assertThat(print(OutputFormat.table, List.of("id"), List.of())).isEqualTo("id\n--\n");
    assertThat(print(OutputFormat.jsonl, List.of("id"), List.of())).isEmpty();
  }

  @Test
  void turnsTheValueModelIntoPlainJson() {
    Values values = new Values(Values.Binary.BASE64);
    Map<Object, Object> intKeys = new LinkedHashMap<>();
    intKeys.put(1, "x");
    List<Object> row = new ArrayList<>();
    row.add(values.plain(new BlobDescriptor("file:/t/a.blob", 4, 18)));
    row.add(values.plain(new byte[] {0, 1, (byte) 0xfe}));
    row.add(values.plain(new BigDecimal("1E+3")));
    row.add(values.plain(LocalDate.of(2026, 1, 2)));
    row.add(values.plain(Row.of(1L, List.of("a"))));
    row.add(values.plain(intKeys));
    row.add(values.plain(Double.NaN));
    row.add(null);
    String jsonl =
        print(
            OutputFormat.jsonl,
            List.of("b", "raw", "d", "date", "r", "m", "nan", "n"),
            List.of(row));
    assertThat(jsonl)
        .isEqualTo(
            "{\"b\":{\"uri\":\"file:/t/a.blob\",\"offset\":4,\"length\":18},\"raw\":\"AAH+\","
                + "\"d\":1000,\"date\":\"2026-01-02\",\"r\":[1,[\"a\"]],"
                + "\"m\":[{\"key\":1,\"value\":\"x\"}],\"nan\":\"NaN\",\"n\":null}\n");
    assertThat(Values.json(values.plain(new float[] {0.25f, -0.0f}))).isEqualTo("[0.25,-0.0]");
    assertThat(Values.json(values.plain(Row.of(null, 1)))).isEqualTo("[null,1]");
    assertThat(new Values(Values.Binary.HEX).plain(new byte[] {0, 1, (byte) 0xfe}))
        .isEqualTo("0001fe");
  }
}
