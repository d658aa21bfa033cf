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
package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;

/** JSON form of stats values: exact for every type that has stats. */
final class StatsCodec {

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private StatsCodec() {}

  static JsonNode encode(DataType type, Object v) {
    if (v == null) {
      return F.nullNode();
    }
    switch (type.root()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        return F.numberNode(((Number) v).longValue());
      case FLOAT:
      case DOUBLE:
        return F.textNode(Double.toString(((Number) v).doubleValue()));
      case DECIMAL:
        return F.textNode(((BigDecimal) v).toPlainString());
      case BOOLEAN:
        return F.booleanNode((Boolean) v);
      default:
        return F.textNode(v.toString());
    }
  }

  /**
   * Decodes a stats value written by {@link #encode}. A value of the wrong JSON type, out of the
   * column type's range or not parseable is an IOException naming the file and column: wrong
   * statistics would make scans skip rows silently.
   */
  static Object decode(DataType type, JsonNode node, String column, String file)
      throws IOException {
    if (node == null || node.isNull()) {
      return null;
    }
    try {
      switch (type.root()) {
        case TINYINT:
          return (byte) integral(node, Byte.MIN_VALUE, Byte.MAX_VALUE);
        case SMALLINT:
          return (short) integral(node, Short.MIN_VALUE, Short.MAX_VALUE);
        case INTEGER:
          return (int) integral(node, Integer.MIN_VALUE, Integer.MAX_VALUE);
        case BIGINT:
          return integral(node, Long.MIN_VALUE, Long.MAX_VALUE);
        case FLOAT:
          return (float) Double.parseDouble(text(node));
        case DOUBLE:
          return Double.parseDouble(text(node));
        case DECIMAL:
          return decimal((DecimalType) type, text(node));
        case BOOLEAN:
          if (!node.isBoolean()) {
            throw new IllegalArgumentException("not a boolean");
          }
          return node.booleanValue();
        case CHAR:
        case VARCHAR:
          return text(node);
        case DATE:
          return LocalDate.parse(text(node));
        case TIME_WITHOUT_TIME_ZONE:
          return LocalTime.parse(text(node));
        case TIMESTAMP_WITHOUT_TIME_ZONE:
          return LocalDateTime.parse(text(node));
        case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
          return Instant.parse(text(node));
        default:
          return null;
      }
    } catch (IllegalArgumentException | DateTimeParseException | ArithmeticException e) {
      String shown = node.toString();
      throw new IOException(
          file
              + ": statistics of column '"
              + column
              + "' ("
              + type
              + ") hold an invalid value "
              + (shown.length() > 60 ? shown.substring(0, 60) + "..." : shown)
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private static long integral(JsonNode node, long min, long max) {
    if (!node.isIntegralNumber() || !node.canConvertToLong()) {
      throw new IllegalArgumentException("not an integer");
    }
    long v = node.longValue();
    if (v < min || v > max) {
      throw new IllegalArgumentException("out of range");
    }
    return v;
  }

  private static String text(JsonNode node) {
    if (!node.isTextual()) {
      throw new IllegalArgumentException("not a string");
    }
    return node.textValue();
  }

  /**
   * A decimal of sane scale, checked before any arithmetic that a huge exponent would make slow.
   */
  private static BigDecimal decimal(DecimalType type, String text) {
    if (text.length() > 2 * DecimalType.MAX_PRECISION + 2) {
      throw new IllegalArgumentException("too long for DECIMAL");
    }
    BigDecimal v = new BigDecimal(text);
    // Written values may have been given with any scale; an exponent far outside every DECIMAL's
    // range cannot come from the writer and would make comparisons expensive.
    if (Math.abs(v.scale()) > 2 * DecimalType.MAX_PRECISION) {
      throw new IllegalArgumentException("scale " + v.scale() + " is outside any " + type);
    }
    return v;
  }
}
