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

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code --schema} syntax of {@code pmm row dump}: the columns of a {@code ROW<...>} type in
 * Paimon's type syntax ({@link DataTypes#parse}), {@code name TYPE [NOT NULL]} separated by commas,
 * with or without the surrounding {@code ROW<...>}.
 */
final class SchemaText {

  private SchemaText() {}

  /**
   * Parses a schema.
   *
   * @throws CliException (invalid, exit code 4) naming the position of the problem
   */
  static RowType parse(String text) {
    String t = text.strip();
    boolean wrapped = t.regionMatches(true, 0, "ROW<", 0, 4) && t.endsWith(">");
    String full = wrapped ? t : "ROW<" + t + ">";
    DataType type;
    try {
      type = DataTypes.parse(full);
    } catch (IllegalArgumentException e) {
      throw new CliException(ExitCodes.INVALID, message(text, wrapped, e.getMessage()), e);
    }
    if (!(type instanceof RowType) || ((RowType) type).fields().isEmpty()) {
      throw new CliException(ExitCodes.INVALID, "bad --schema '" + text + "': no column");
    }
    return (RowType) type;
  }

  private static final Pattern PARSER_MESSAGE =
      Pattern.compile("Cannot parse type \".*\" at position (\\d+): (.*)", Pattern.DOTALL);

  /** The parser's message, its position counted in the text as the user gave it. */
  private static String message(String text, boolean wrapped, String parserMessage) {
    Matcher m = PARSER_MESSAGE.matcher(parserMessage == null ? "" : parserMessage);
    if (!m.matches()) {
      return "bad --schema '" + text + "': " + parserMessage;
    }
    int position = Integer.parseInt(m.group(1));
    int lead = text.length() - text.stripLeading().length();
    int inText = wrapped ? position + lead : Math.max(0, position - 4) + lead;
    return "bad --schema at position " + inText + " of '" + text + "': " + m.group(2);
  }
}
