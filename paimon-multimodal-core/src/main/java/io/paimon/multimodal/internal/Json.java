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
}
