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
package io.paimon.multimodal.internal.paimon;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON plumbing shared by {@link SchemaJson}, {@link SnapshotJson} and {@link TagJson}: Paimon
 * Java's pretty printer, parsing into a tree, and typed member access whose every failure is a
 * {@link PaimonFormatException} naming the file and the JSON location. Stateless and thread-safe.
 */
final class PaimonJson {

  /**
   * Floats as BigDecimal so a duration's nine decimals survive; trailing tokens are an error so
   * that two files concatenated, or garbage after the object, do not pass as the first object.
   */
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  /** Writes one JSON document to a generator. */
  interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  private PaimonJson() {}

  /**
   * The document as Paimon Java writes it ({@code writerWithDefaultPrettyPrinter()}): two-space
   * object indentation, {@code "key" : value}, arrays on the line of their key ({@code [ {}, {} ]},
   * {@code [ ]}). The line feed is pinned to {@code \n} because Jackson's default is the platform
   * separator, and the text is built as a String and then encoded as UTF-8, as Paimon does.
   */
  static byte[] write(Body body) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
      g.setPrettyPrinter(
          new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));
      body.write(g);
    } catch (IOException e) {
      // A StringWriter does not fail; only a generator misuse (a bug) can get here.
      throw new UncheckedIOException(e);
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Parses {@code content} as one JSON object.
   *
   * @param what what the file holds, for messages ("schema", "snapshot", "tag")
   * @throws PaimonFormatException if it is not JSON (or too deeply nested for Jackson's limits) or
   *     not an object
   */
  static ObjectNode parseObject(byte[] content, String file, String what)
      throws PaimonFormatException {
    JsonNode root;
    try {
      root = MAPPER.readTree(content);
    } catch (JsonProcessingException e) {
      throw new PaimonFormatException(
          file + ": " + what + " file is not valid JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new PaimonFormatException(file + ": cannot parse " + what + " file: " + e, e);
    } catch (NumberFormatException e) {
      // Jackson reports a number BigDecimal refuses (1e999999999999) unchecked.
      throw new PaimonFormatException(
          file + ": " + what + " file holds an unreadable number: " + e.getMessage(), e);
    }
    if (root == null || root.isMissingNode()) {
      throw new PaimonFormatException(file + ": " + what + " file is empty");
    }
    if (!root.isObject()) {
      throw new PaimonFormatException(
          file + ": " + what + " file must hold a JSON object, found " + kind(root));
    }
    return (ObjectNode) root;
  }

  /** An error at a JSON location, e.g. {@code fields[2].type}. */
  static PaimonFormatException error(String file, String where, String problem) {
    return new PaimonFormatException(file + ": " + where + ": " + problem);
  }

  /** The member, or null when it is absent or JSON null (pypaimon writes {@code null}s). */
  static JsonNode member(ObjectNode obj, String key) {
    JsonNode v = obj.get(key);
    return v == null || v.isNull() ? null : v;
  }

  static JsonNode required(ObjectNode obj, String key, String file, String where)
      throws PaimonFormatException {
    JsonNode v = member(obj, key);
    if (v == null) {
      throw error(file, at(where, key), "required member is missing");
    }
    return v;
  }

  static ObjectNode object(JsonNode node, String file, String where) throws PaimonFormatException {
    if (!node.isObject()) {
      throw error(file, where, "expected a JSON object, found " + kind(node));
    }
    return (ObjectNode) node;
  }

  static ArrayNode requiredArray(ObjectNode obj, String key, String file, String where)
      throws PaimonFormatException {
    JsonNode v = required(obj, key, file, where);
    if (!v.isArray()) {
      throw error(file, at(where, key), "expected a JSON array, found " + kind(v));
    }
    return (ArrayNode) v;
  }

  static String requiredString(ObjectNode obj, String key, String file, String where)
      throws PaimonFormatException {
    return text(required(obj, key, file, where), file, at(where, key));
  }

  /** The string member, or null when absent or JSON null. */
  static String optionalString(ObjectNode obj, String key, String file, String where)
      throws PaimonFormatException {
    JsonNode v = member(obj, key);
    return v == null ? null : text(v, file, at(where, key));
  }

  static String text(JsonNode node, String file, String where) throws PaimonFormatException {
    if (!node.isTextual()) {
      throw error(file, where, "expected a string, found " + kind(node));
    }
    return node.textValue();
  }

  static int requiredInt(ObjectNode obj, String key, String file, String where)
      throws PaimonFormatException {
    return intValue(required(obj, key, file, where), file, at(where, key));
  }

  static int intValue(JsonNode node, String file, String where) throws PaimonFormatException {
    // canConvertToInt alone would also accept (and truncate) 2.5
    if (!node.isIntegralNumber() || !node.canConvertToInt()) {
      throw error(file, where, "expected a 32-bit integer, found " + describe(node));
    }
    return node.intValue();
  }

  static long requiredLong(ObjectNode obj, String key, String file, String where)
      throws PaimonFormatException {
    return longValue(required(obj, key, file, where), file, at(where, key));
  }

  /** The integral member, or null when absent or JSON null. */
  static Long optionalLong(ObjectNode obj, String key, String file, String where)
      throws PaimonFormatException {
    JsonNode v = member(obj, key);
    return v == null ? null : longValue(v, file, at(where, key));
  }

  static long longValue(JsonNode node, String file, String where) throws PaimonFormatException {
    if (!node.isIntegralNumber() || !node.canConvertToLong()) {
      throw error(file, where, "expected a 64-bit integer, found " + describe(node));
    }
    return node.longValue();
  }

  /**
   * A string-to-string map in stored order. Scalars are taken as their text, as Paimon's readers
   * do; null, objects and arrays are errors.
   */
  static Map<String, String> stringMap(JsonNode node, String file, String where)
      throws PaimonFormatException {
    ObjectNode obj = object(node, file, where);
    Map<String, String> map = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : obj.properties()) {
      JsonNode v = e.getValue();
      if (!v.isValueNode() || v.isNull()) {
        throw error(file, at(where, e.getKey()), "expected a string, found " + kind(v));
      }
      map.put(e.getKey(), v.asText());
    }
    return map;
  }

  static String at(String where, String key) {
    return where.isEmpty() ? key : where + "." + key;
  }

  static String kind(JsonNode node) {
    return node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
  }

  /** The node's kind and, for numbers, a bounded rendering of its value. */
  private static String describe(JsonNode node) {
    if (!node.isNumber()) {
      return kind(node);
    }
    String text = node.asText();
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
