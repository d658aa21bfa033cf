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
package io.paimon.row;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A small JSON tree reader for the golden files. Unlike a general-purpose binding it keeps every
 * number as its source text ({@link NumberText}), so int64 values stay exact and FLOAT values can
 * be parsed as float32, as the golden README requires. Arrays become {@link List}s (which may hold
 * null), objects {@link LinkedHashMap}s, strings {@link String}s, booleans {@link Boolean}s.
 */
public final class Json {

  /** A JSON number as written in the file. */
  public record NumberText(String text) {

    /** The number as an exact {@code long}; fails on fractions and overflow. */
    public long longValue() {
      return Long.parseLong(text);
    }

    /** The number as an exact {@code int}; fails on fractions and overflow. */
    public int intValue() {
      return Integer.parseInt(text);
    }
  }

  private static final JsonFactory FACTORY = new JsonFactory();

  private Json() {}

  /**
   * Reads the JSON object in {@code file}, keeping only the members {@code keep} accepts; the
   * others are skipped without building their trees (cheap for a large {@code rows} array).
   */
  public static Map<String, Object> readObject(Path file, Predicate<String> keep)
      throws IOException {
    try (InputStream in = Files.newInputStream(file);
        JsonParser parser = FACTORY.createParser(in)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException(file + " does not hold a JSON object");
      }
      Map<String, Object> map = new LinkedHashMap<>();
      while (parser.nextToken() != JsonToken.END_OBJECT) {
        String key = parser.currentName();
        JsonToken value = parser.nextToken();
        if (keep.test(key)) {
          map.put(key, readValue(parser, value));
        } else {
          parser.skipChildren();
        }
      }
      return map;
    }
  }

  private static Object readValue(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_ARRAY:
        {
          List<Object> list = new ArrayList<>();
          for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            list.add(readValue(parser, t));
          }
          return list;
        }
      case START_OBJECT:
        {
          Map<String, Object> map = new LinkedHashMap<>();
          while (parser.nextToken() != JsonToken.END_OBJECT) {
            String key = parser.currentName();
            map.put(key, readValue(parser, parser.nextToken()));
          }
          return map;
        }
      case VALUE_STRING:
        return parser.getText();
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return new NumberText(parser.getText());
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new IOException("unexpected JSON token " + token + " at " + parser.currentLocation());
    }
  }

  /** {@code value} as an object; fails with the field path otherwise. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(Object value, String path) {
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException(path + ": expected a JSON object, got " + value);
    }
    return (Map<String, Object>) value;
  }

  /** {@code value} as an array; fails with the field path otherwise. */
  @SuppressWarnings("unchecked")
  public static List<Object> array(Object value, String path) {
    if (!(value instanceof List)) {
      throw new IllegalArgumentException(path + ": expected a JSON array, got " + value);
    }
    return (List<Object>) value;
  }

  /** {@code value} as a number; fails with the field path otherwise. */
  public static NumberText number(Object value, String path) {
    if (!(value instanceof NumberText)) {
      throw new IllegalArgumentException(path + ": expected a JSON number, got " + value);
    }
    return (NumberText) value;
  }

  /** {@code value} as a string; fails with the field path otherwise. */
  public static String string(Object value, String path) {
    if (!(value instanceof String)) {
      throw new IllegalArgumentException(path + ": expected a JSON string, got " + value);
    }
    return (String) value;
  }
}
