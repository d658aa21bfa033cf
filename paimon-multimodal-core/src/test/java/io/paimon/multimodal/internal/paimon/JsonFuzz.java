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

import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Mutates JSON test vectors and checks that a reader either accepts the result or throws {@link
 * PaimonFormatException}: never another exception or an error. Mutations are structural (a value
 * replaced by an ill-typed, huge, negative or deeply nested one; a member removed or renamed) and
 * raw (bit flips, truncation, spliced tokens). A failure names the seed, the case and the input.
 */
final class JsonFuzz {

  /** A reader under test. */
  interface Reader {
    Object read(byte[] content, String file) throws PaimonFormatException;
  }

  static final int CASES = Integer.getInteger("fuzz.cases", 3000);

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static final String[] TOKENS = {
    "null",
    "[]",
    "{}",
    "\"\"",
    "\"x\"",
    "1e999",
    "-1",
    "99999999999999999999",
    "true",
    "0.5",
    "\"ARRAY<\"",
    "\" NOT NULL\"",
    ",",
    ":",
    "\"",
    "{",
    "[",
    "]",
    "}",
    "\\u0000",
    "\"ROW\"",
    "\"VECTOR\"",
    "\"TIMESTAMP(99)\""
  };

  private JsonFuzz() {}

  /** Runs {@link #CASES} mutations of the given vectors through {@code reader}. */
  static void run(long seed, List<String> vectors, Reader reader) {
    SplittableRandom random = new SplittableRandom(seed);
    List<byte[]> inputs = new ArrayList<>();
    for (String v : vectors) {
      inputs.add(JsonVectors.load(v));
    }
    for (int i = 0; i < CASES; i++) {
      int which = random.nextInt(inputs.size());
      byte[] original = inputs.get(which);
      byte[] mutated =
          random.nextBoolean() ? mutateTree(original, random) : mutateBytes(original, random);
      try {
        reader.read(mutated, "fuzz-" + i);
      } catch (PaimonFormatException expected) {
        if (expected.getMessage() == null || !expected.getMessage().startsWith("fuzz-" + i)) {
          fail(
              describe(seed, i, vectors.get(which), mutated)
                  + ": message does not name the file: "
                  + expected.getMessage());
        }
      } catch (Throwable t) {
        throw new AssertionError(describe(seed, i, vectors.get(which), mutated), t);
      }
    }
  }

  private static String describe(long seed, int i, String vector, byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    return "seed "
        + seed
        + ", case "
        + i
        + " (mutated "
        + vector
        + "): "
        + (text.length() > 2000 ? text.substring(0, 2000) + "..." : text);
  }

  static byte[] mutateTree(byte[] original, SplittableRandom random) {
    JsonNode root;
    try {
      root = MAPPER.readTree(original);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int mutations = 1 + random.nextInt(3);
    for (int m = 0; m < mutations; m++) {
      List<JsonNode> containers = new ArrayList<>();
      collectContainers(root, containers);
      JsonNode parent = containers.get(random.nextInt(containers.size()));
      if (parent.isEmpty()) {
        continue;
      }
      if (parent.isObject()) {
        ObjectNode obj = (ObjectNode) parent;
        List<String> names = new ArrayList<>();
        obj.fieldNames().forEachRemaining(names::add);
        String name = names.get(random.nextInt(names.size()));
        int action = random.nextInt(10);
        if (action == 0) {
          obj.remove(name);
        } else if (action == 1) {
          JsonNode v = obj.remove(name);
          obj.set(name + "x", v);
        } else {
          obj.set(name, randomValue(random));
        }
      } else {
        ArrayNode arr = (ArrayNode) parent;
        int index = random.nextInt(arr.size());
        int action = random.nextInt(4);
        if (action == 0) {
          arr.remove(index);
        } else if (action == 1) {
          arr.add(arr.get(index).deepCopy());
        } else {
          arr.set(index, randomValue(random));
        }
      }
    }
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void collectContainers(JsonNode node, List<JsonNode> out) {
    if (node.isContainerNode()) {
      out.add(node);
      for (JsonNode child : node) {
        collectContainers(child, out);
      }
    }
  }

  private static JsonNode randomValue(SplittableRandom random) {
    switch (random.nextInt(16)) {
      case 0:
        return NODES.nullNode();
      case 1:
        return NODES.textNode("");
      case 2:
        return NODES.textNode("ROW");
      case 3:
        return NODES.textNode(random.nextBoolean() ? "ARRAY<INT>" : "VECTOR<FLOAT, 0>");
      case 4:
        return NODES.numberNode(new BigInteger("9".repeat(1 + random.nextInt(60))));
      case 5:
        return NODES.numberNode(random.nextBoolean() ? -1L : Long.MIN_VALUE);
      case 6:
        return NODES.numberNode(new BigDecimal(random.nextBoolean() ? "1e999999" : "2.5"));
      case 7:
        return NODES.booleanNode(random.nextBoolean());
      case 8:
        return NODES.arrayNode();
      case 9:
        return NODES.objectNode();
      case 10:
        {
          JsonNode deep = NODES.numberNode(1);
          for (int i = 0; i < 200; i++) {
            deep = NODES.arrayNode().add(deep);
          }
          return deep;
        }
      case 11:
        return NODES.textNode((random.nextBoolean() ? "ARRAY<" : "ROW(a ").repeat(5000));
      case 12:
        return NODES.numberNode(random.nextInt(10));
      case 13:
        return NODES.textNode("TIMESTAMP(6) WITH LOCAL TIME ZONE NOT NULL");
      case 14:
        {
          ObjectNode t = NODES.objectNode();
          t.put("type", random.nextBoolean() ? "MAP" : "ARRAY NOT NULL");
          t.put("element", "INT");
          return t;
        }
      default:
        return NODES.numberNode(random.nextLong());
    }
  }

  static byte[] mutateBytes(byte[] original, SplittableRandom random) {
    byte[] b = original.clone();
    int mutations = 1 + random.nextInt(4);
    for (int m = 0; m < mutations && b.length > 0; m++) {
      switch (random.nextInt(5)) {
        case 0:
          {
            int at = random.nextInt(b.length);
            b[at] ^= (byte) (1 << random.nextInt(8));
            break;
          }
        case 1:
          b = Arrays.copyOf(b, random.nextInt(b.length));
          break;
        case 2:
          {
            int at = random.nextInt(b.length);
            int len = Math.min(b.length - at, 1 + random.nextInt(20));
            byte[] out = new byte[b.length - len];
            System.arraycopy(b, 0, out, 0, at);
            System.arraycopy(b, at + len, out, at, b.length - at - len);
            b = out;
            break;
          }
        case 3:
          {
            byte[] token = TOKENS[random.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8);
            int at = random.nextInt(b.length + 1);
            byte[] out = new byte[b.length + token.length];
            System.arraycopy(b, 0, out, 0, at);
            System.arraycopy(token, 0, out, at, token.length);
            System.arraycopy(b, at, out, at + token.length, b.length - at);
            b = out;
            break;
          }
        default:
          b[random.nextInt(b.length)] = (byte) random.nextInt(256);
      }
    }
    return b;
  }
}
