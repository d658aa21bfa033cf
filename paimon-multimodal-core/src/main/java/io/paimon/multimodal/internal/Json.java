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
package io.paimon.multimodal.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The one Jackson mapper of the metadata files (thread-safe once configured). */
public final class Json {

  public static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.USE_LONG_FOR_INTS);

  private Json() {}

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  public static byte[] bytes(JsonNode node) {
    try {
      return MAPPER.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialize metadata: " + e.getMessage(), e);
    }
  }

  /** Parses a metadata file; malformed JSON is an IOException naming the file. */
  public static JsonNode parse(byte[] content, String file) throws IOException {
    try {
      JsonNode node = MAPPER.readTree(content);
      if (node == null || !node.isObject()) {
        throw new IOException(file + ": not a JSON object");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new IOException(
          file
              + ": malformed metadata JSON: "
              + e.getOriginalMessage()
              + " ("
              + new String(content, 0, Math.min(content.length, 80), StandardCharsets.UTF_8)
              + "...)",
          e);
    }
  }

  /** A required field; a missing one is an IOException naming the file and field. */
  public static JsonNode required(JsonNode node, String field, String file) throws IOException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new IOException(file + ": metadata field '" + field + "' is missing");
    }
    return v;
  }

  /** A required integral field that fits a long; anything else names the file and field. */
  public static long longField(JsonNode node, String field, String file) throws IOException {
    return asLong(required(node, field, file), field, file);
  }

  /** An optional integral field: {@code defaultValue} when absent or null. */
  public static long longField(JsonNode node, String field, long defaultValue, String file)
      throws IOException {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? defaultValue : asLong(v, field, file);
  }

  /** {@link #longField} that must also be at least {@code min}. */
  public static long longField(JsonNode node, String field, long min, long max, String file)
      throws IOException {
    long v = longField(node, field, file);
    if (v < min || v > max) {
      throw new IOException(
          file
              + ": metadata field '"
              + field
              + "' = "
              + v
              + " is outside ["
              + min
              + ", "
              + max
              + "]");
    }
    return v;
  }

  /** A value that must be an integral number fitting a long. */
  public static long asLong(JsonNode v, String field, String file) throws IOException {
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw new IOException(
          file + ": metadata field '" + field + "' is not a 64-bit integer: " + abbreviate(v));
    }
    return v.longValue();
  }

  /** A required string field. */
  public static String textField(JsonNode node, String field, String file) throws IOException {
    JsonNode v = required(node, field, file);
    if (!v.isTextual()) {
      throw new IOException(
          file + ": metadata field '" + field + "' is not a string: " + abbreviate(v));
    }
    return v.textValue();
  }

  /** A required array field. */
  public static JsonNode arrayField(JsonNode node, String field, String file) throws IOException {
    JsonNode v = required(node, field, file);
    if (!v.isArray()) {
      throw new IOException(
          file + ": metadata field '" + field + "' is not an array: " + abbreviate(v));
    }
    return v;
  }

  /** An element of an array that must be an object. */
  public static JsonNode objectElement(JsonNode v, String field, String file) throws IOException {
    if (!v.isObject()) {
      throw new IOException(
          file
              + ": an element of metadata field '"
              + field
              + "' is not an object: "
              + abbreviate(v));
    }
    return v;
  }

  /**
   * A file name stored in metadata: a single path segment (no separator, not "." or ".."), so a
   * damaged or hostile metadata file cannot make a reader open files outside the table.
   */
  public static String fileName(JsonNode node, String field, String file) throws IOException {
    return checkFileName(textField(node, field, file), field, file);
  }

  /** Checks that {@code name}, read from metadata field {@code field}, is a plain file name. */
  public static String checkFileName(String name, String field, String file) throws IOException {
    if (name.isEmpty()
        || name.equals(".")
        || name.equals("..")
        || name.indexOf('/') >= 0
        || name.indexOf('\\') >= 0
        || name.indexOf('\0') >= 0) {
      throw new IOException(
          file + ": metadata field '" + field + "' is not a plain file name: '" + name + "'");
    }
    return name;
  }

  private static String abbreviate(JsonNode v) {
    String s = v.toString();
    return s.length() <= 60 ? s : s.substring(0, 60) + "...";
  }
}
