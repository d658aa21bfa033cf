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

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The benchmark dataset shared by every benchmark of the {@code .row} codec, exactly as the spec
 * ({@code specs/row-format.md}, "Benchmark dataset") defines it: schema {@link #TYPE}, one {@code
 * SplittableRandom(42)} shared by all rows and called in a fixed order, no nulls.
 *
 * <pre>{@code
 * BenchmarkDataset data = new BenchmarkDataset();
 * Row row0 = data.next();   // (0, 2023-11-14T22:13:20.031, "jsbtmpqel", 492.98918579469245, ...)
 * Row[] rows = BenchmarkDataset.generate(1_000_000);
 * }</pre>
 *
 * <p>An instance generates rows 0, 1, 2, ... in order; it is not thread-safe.
 *
 * <p>Test code of the codec, shared through this module's test-jar with the comparison programs of
 * the {@code benchmarks} module, so that every benchmark uses this one definition.
 */
public final class BenchmarkDataset {

  /**
   * {@code ROW<id BIGINT, ts TIMESTAMP(3), name STRING, score DOUBLE, tags ARRAY<STRING>, payload
   * BYTES>}.
   */
  public static final RowType TYPE =
      (RowType)
          DataTypes.parse(
              "ROW<id BIGINT, ts TIMESTAMP(3), name STRING, score DOUBLE, tags ARRAY<STRING>,"
                  + " payload BYTES>");

  /** The number of rows the spec's figures refer to. */
  public static final int DEFAULT_ROWS = 1_000_000;

  /** The seed of the one random generator shared by all rows. */
  public static final long SEED = 42;

  /** Epoch millis of row 0's second; row i lies in second {@code i} after it. */
  public static final long BASE_EPOCH_MILLIS = 1_700_000_000_000L;

  /** The length of every payload. */
  public static final int PAYLOAD_BYTES = 64;

  private final SplittableRandom random = new SplittableRandom(SEED);
  private long nextId;

  /** The number of rows generated so far, which is the id of the next row. */
  public long generated() {
    return nextId;
  }

  /** Generates the next row; the calls on the shared generator follow the spec's order. */
  public Row next() {
    long i = nextId++;
    SplittableRandom r = random;
    long tsMillis = BASE_EPOCH_MILLIS + i * 1000L + r.nextInt(1000);
    String name = letters(r, 8 + r.nextInt(17));
    double score = r.nextDouble() * 1000.0;
    int tagCount = r.nextInt(4);
    List<String> tags;
    if (tagCount == 0) {
      tags = Collections.emptyList();
    } else {
      String[] t = new String[tagCount];
      for (int k = 0; k < tagCount; k++) {
        t[k] = letters(r, 3 + r.nextInt(6));
      }
      tags = Arrays.asList(t);
    }
    long p0 = r.nextLong();
    long p1 = r.nextLong();
    byte[] payload = new byte[PAYLOAD_BYTES];
    for (int k = 0; k < 8; k++) {
      payload[k] = (byte) (p0 >>> (8 * k));
      payload[8 + k] = (byte) (p1 >>> (8 * k));
    }
    for (int k = 16; k < PAYLOAD_BYTES; k++) {
      payload[k] = (byte) (i + k);
    }
    return Row.of(i, timestamp(tsMillis), name, score, tags, payload);
  }

  private static String letters(SplittableRandom r, int length) {
    byte[] chars = new byte[length];
    for (int k = 0; k < length; k++) {
      chars[k] = (byte) ('a' + r.nextInt(26));
    }
    return new String(chars, StandardCharsets.ISO_8859_1);
  }

  /** The TIMESTAMP(3) value (a UTC wall-clock {@link LocalDateTime}) of epoch millis. */
  public static LocalDateTime timestamp(long epochMillis) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(epochMillis, 1000L),
        (int) Math.floorMod(epochMillis, 1000L) * 1_000_000,
        ZoneOffset.UTC);
  }

  /** Epoch millis of a TIMESTAMP(3) value, inverse of {@link #timestamp}. */
  public static long epochMillis(LocalDateTime ts) {
    return ts.toEpochSecond(ZoneOffset.UTC) * 1000L + ts.getNano() / 1_000_000;
  }

  /** Rows 0 to {@code rows - 1}. */
  public static Row[] generate(int rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("rows must not be negative, got " + rows);
    }
    BenchmarkDataset data = new BenchmarkDataset();
    Row[] out = new Row[rows];
    for (int i = 0; i < rows; i++) {
      out[i] = data.next();
    }
    return out;
  }

  /** Rows 0 to {@code rows - 1} as a list. */
  public static List<Row> generateList(int rows) {
    return new ArrayList<>(Arrays.asList(generate(rows)));
  }

  /**
   * Writes rows 0 to {@code rows - 1} to a new file at {@code path}, generating them as it goes.
   *
   * @return the file size in bytes
   */
  public static long writeFile(Path path, int rows, RowFileOptions options) throws IOException {
    BenchmarkDataset data = new BenchmarkDataset();
    try (RowFileWriter writer = RowFile.newWriter(path, TYPE, options)) {
      for (int i = 0; i < rows; i++) {
        writer.write(data.next());
      }
      writer.close();
      return writer.bytesWritten();
    }
  }
}
