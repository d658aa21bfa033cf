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

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.row.Row;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns values of the library's Java value model into plain values every output format can print
 * (strings, numbers, booleans, lists and string-keyed maps) and prints them as text. BLOB cells
 * become their descriptor {@code {"uri", "offset", "length"}}; binary values are base64 (RFC 4648,
 * with padding) or lower-case hex; dates, times and timestamps are ISO-8601; a nested ROW is a list
 * of its fields; a VECTOR a list of numbers; a MAP with keys other than strings is a list of {@code
 * {"key", "value"}} objects.
 */
final class Values {

  /** How binary values are printed. */
  enum Binary {
    BASE64,
    HEX
  }

  static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private final Binary binary;

  Values(Binary binary) {
    this.binary = binary;
  }

  /** The plain form of a value; null stays null. */
  Object plain(Object v) {
    if (v == null || v instanceof String || v instanceof Boolean) {
      return v;
    }
    if (v instanceof Number) {
      return v;
    }
    if (v instanceof byte[]) {
      byte[] b = (byte[]) v;
      return binary == Binary.HEX
          ? HexFormat.of().formatHex(b)
          : Base64.getEncoder().encodeToString(b);
    }
    if (v instanceof BlobDescriptor) {
      BlobDescriptor d = (BlobDescriptor) v;
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("uri", d.uri());
      m.put("offset", d.offset());
      m.put("length", d.length());
      return m;
    }
    if (v instanceof Row) {
      return plainList(Arrays.asList(((Row) v).toArray()));
    }
    if (v instanceof Object[]) {
      return plainList(Arrays.asList((Object[]) v));
    }
    if (v.getClass().isArray()) {
      // A VECTOR column's primitive array (float[], double[], int[], ...).
      int n = Array.getLength(v);
      List<Object> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(Array.get(v, i));
      }
      return out;
    }
    if (v instanceof List) {
      return plainList((List<?>) v);
    }
    if (v instanceof Map) {
      return plainMap((Map<?, ?>) v);
    }
    return v.toString();
  }

  private List<Object> plainList(List<?> values) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object o : values) {
      out.add(plain(o));
    }
    return out;
  }

  private Object plainMap(Map<?, ?> map) {
    boolean stringKeys = map.keySet().stream().allMatch(k -> k instanceof String);
    if (stringKeys) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, val) -> out.put((String) k, plain(val)));
      return out;
    }
    List<Object> out = new ArrayList<>(map.size());
    map.forEach(
        (k, val) -> {
          Map<String, Object> e = new LinkedHashMap<>();
          e.put("key", plain(k));
          e.put("value", plain(val));
          out.add(e);
        });
    return out;
  }

  /** A plain value as text: scalars as they are, lists and maps as JSON, null as {@code null}. */
  static String text(Object plain) {
    if (plain == null) {
      return "null";
    }
    if (plain instanceof String) {
      return (String) plain;
    }
    if (plain instanceof BigDecimal) {
      return ((BigDecimal) plain).toPlainString();
    }
    if (plain instanceof Number || plain instanceof Boolean) {
      return plain.toString();
    }
    return json(plain);
  }

  /** A plain value as JSON text. */
  static String json(Object plain) {
    try {
      return JSON.writeValueAsString(plain);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot print a value as JSON: " + e.getMessage(), e);
    }
  }
}
