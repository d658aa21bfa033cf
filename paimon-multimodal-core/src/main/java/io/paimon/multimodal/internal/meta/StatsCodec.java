package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.paimon.types.DataType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

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

  static Object decode(DataType type, JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    switch (type.root()) {
      case TINYINT:
        return (byte) node.asLong();
      case SMALLINT:
        return (short) node.asLong();
      case INTEGER:
        return (int) node.asLong();
      case BIGINT:
        return node.asLong();
      case FLOAT:
        return (float) Double.parseDouble(node.asText());
      case DOUBLE:
        return Double.parseDouble(node.asText());
      case DECIMAL:
        return new BigDecimal(node.asText());
      case BOOLEAN:
        return node.asBoolean();
      case CHAR:
      case VARCHAR:
        return node.asText();
      case DATE:
        return LocalDate.parse(node.asText());
      case TIME_WITHOUT_TIME_ZONE:
        return LocalTime.parse(node.asText());
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return LocalDateTime.parse(node.asText());
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return Instant.parse(node.asText());
      default:
        return null;
    }
  }
}
