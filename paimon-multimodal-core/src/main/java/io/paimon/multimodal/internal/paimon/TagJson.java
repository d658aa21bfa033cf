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

import static io.paimon.multimodal.internal.paimon.PaimonJson.error;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * Reads and writes Paimon's tag files, {@code tag/tag-<name>} (§5 of the table spec): the tagged
 * snapshot's JSON ({@link SnapshotJson}), then, for a tag with a retention time, {@code
 * tagCreateTime} and {@code tagTimeRetained} as Paimon's Jackson {@code JavaTimeModule} writes
 * them:
 *
 * <ul>
 *   <li>{@code tagCreateTime}: the local date-time as {@code [year, month, day, hour, minute,
 *       second, nanos]}, where the second is left out when it and the nanos are 0, and the nanos
 *       when they are 0 ({@code [ 2026, 1, 2, 3, 4 ]});
 *   <li>{@code tagTimeRetained}: the seconds as a decimal number with nine decimals printed as
 *       Java's {@link BigDecimal#toString()} does ({@code 129600.000000000}, {@code 1.500000000},
 *       {@code 1E-9}), and {@code 0.0} for zero.
 * </ul>
 *
 * <p>All methods are static, stateless and thread-safe.
 */
public final class TagJson {

  private static final BigDecimal NANOS_PER_SECOND = BigDecimal.valueOf(1_000_000_000L);
  private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal ONE_NANO = BigDecimal.valueOf(1, 9);

  private TagJson() {}

  /**
   * The tag file's bytes (UTF-8 JSON), exactly as Paimon Java 1.4.2 writes the same tag.
   *
   * @throws NullPointerException if {@code tag} or its snapshot is null
   * @throws IllegalArgumentException if the snapshot cannot be written (see {@link
   *     SnapshotJson#write}) or the retention is negative
   */
  public static byte[] write(TagFile tag) {
    Objects.requireNonNull(tag, "tag");
    SnapshotJson.checkWritable(tag.snapshot());
    Duration retained = tag.tagTimeRetained();
    if (retained != null && retained.isNegative()) {
      // Jackson writes a negative Duration as seconds "." nanos (-0.5 s as -1.500000000), which
      // does not read back as the same value; a retention is never negative anyway.
      throw new IllegalArgumentException("tagTimeRetained must not be negative, got " + retained);
    }
    return PaimonJson.write(
        g -> {
          g.writeStartObject();
          SnapshotJson.writeMembers(g, tag.snapshot());
          if (tag.tagCreateTime() != null) {
            g.writeFieldName("tagCreateTime");
            writeDateTime(g, tag.tagCreateTime());
          }
          if (retained != null) {
            g.writeFieldName("tagTimeRetained");
            g.writeNumber(seconds(retained));
          }
          g.writeEndObject();
        });
  }

  /**
   * Reads a tag file: a snapshot (see {@link SnapshotJson#read}) with optional {@code
   * tagCreateTime} and {@code tagTimeRetained}; Paimon Java's pretty-printed form and pypaimon's
   * one-line form alike. {@code tagCreateTime} may have 5 to 7 elements (missing ones are 0) or be
   * an ISO-8601 string; {@code tagTimeRetained} may be any number of seconds (fractions below a
   * nanosecond are dropped) or an ISO-8601 duration string.
   *
   * @param content the file's bytes
   * @param file the file's name or path, for messages
   * @throws PaimonFormatException naming {@code file} and the member, for any malformed content; no
   *     other exception is thrown for any content
   * @throws NullPointerException if {@code content} or {@code file} is null
   */
  public static TagFile read(byte[] content, String file) throws PaimonFormatException {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(file, "file");
    ObjectNode root = PaimonJson.parseObject(content, file, "tag");
    SnapshotFile snapshot = SnapshotJson.readMembers(root, file);
    JsonNode created = PaimonJson.member(root, "tagCreateTime");
    JsonNode retained = PaimonJson.member(root, "tagTimeRetained");
    return new TagFile(
        snapshot,
        created == null ? null : readDateTime(created, file),
        retained == null ? null : readDuration(retained, file));
  }

  private static void writeDateTime(JsonGenerator g, LocalDateTime t) throws IOException {
    g.writeStartArray();
    g.writeNumber(t.getYear());
    g.writeNumber(t.getMonthValue());
    g.writeNumber(t.getDayOfMonth());
    g.writeNumber(t.getHour());
    g.writeNumber(t.getMinute());
    if (t.getSecond() > 0 || t.getNano() > 0) {
      g.writeNumber(t.getSecond());
      if (t.getNano() > 0) {
        g.writeNumber(t.getNano());
      }
    }
    g.writeEndArray();
  }

  /** The decimal Jackson's DurationSerializer writes for a non-negative duration. */
  static BigDecimal seconds(Duration d) {
    if (d.getNano() == 0) {
      // Jackson keeps nine zero decimals, except for zero itself, which it writes as 0.0.
      return d.getSeconds() == 0
          ? BigDecimal.ZERO.setScale(1)
          : BigDecimal.valueOf(d.getSeconds()).setScale(9);
    }
    return BigDecimal.valueOf(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9));
  }

  private static LocalDateTime readDateTime(JsonNode node, String file)
      throws PaimonFormatException {
    String where = "tagCreateTime";
    try {
      if (node.isTextual()) {
        return LocalDateTime.parse(node.textValue());
      }
      if (!node.isArray() || node.size() < 5 || node.size() > 7) {
        throw error(
            file,
            where,
            "expected [year, month, day, hour, minute(, second(, nanos))], found "
                + PaimonJson.kind(node)
                + (node.isArray() ? " of " + node.size() + " elements" : ""));
      }
      ArrayNode a = (ArrayNode) node;
      int[] v = new int[7];
      for (int i = 0; i < a.size(); i++) {
        v[i] = PaimonJson.intValue(a.get(i), file, where + "[" + i + "]");
      }
      return LocalDateTime.of(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    } catch (DateTimeException e) {
      throw error(file, where, "not a valid local date-time: " + e.getMessage());
    }
  }

  private static Duration readDuration(JsonNode node, String file) throws PaimonFormatException {
    String where = "tagTimeRetained";
    if (node.isTextual()) {
      try {
        return Duration.parse(node.textValue());
      } catch (DateTimeException | ArithmeticException e) {
        throw error(file, where, "not an ISO-8601 duration: " + e.getMessage());
      }
    }
    if (!node.isNumber()) {
      throw error(file, where, "expected a number of seconds, found " + PaimonJson.kind(node));
    }
    BigDecimal value = node.decimalValue();
    // Compared before scaling: compareTo looks at the exponents first, so neither 1E+999999999
    // nor 1E-999999999 makes BigDecimal materialise a power of ten with a billion digits.
    BigDecimal magnitude = value.abs();
    if (magnitude.compareTo(MAX_SECONDS) > 0) {
      throw error(file, where, "duration of " + clip(node.asText()) + " seconds is out of range");
    }
    if (magnitude.compareTo(ONE_NANO) < 0) {
      return Duration.ZERO;
    }
    BigInteger nanos =
        value.multiply(NANOS_PER_SECOND).setScale(0, RoundingMode.DOWN).toBigIntegerExact();
    BigInteger[] parts = nanos.divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
    return Duration.ofSeconds(parts[0].longValueExact(), parts[1].longValueExact());
  }

  private static String clip(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
