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
package io.paimon.blob;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Writes local files and reads them back. */
class BlobFileRoundTripTest {

  private static final int MIB = 1 << 20;

  @TempDir Path dir;

  private String path(String name) {
    return dir.resolve(name).toString();
  }

  /** A payload size from 0 to 1 MiB, skewed towards small sizes and the edges. */
  private static int size(Random rnd) {
    switch (rnd.nextInt(6)) {
      case 0:
        return 0;
      case 1:
        return 1 + rnd.nextInt(16);
      case 2:
        return MIB;
      case 3:
        return rnd.nextInt(MIB + 1);
      default:
        return rnd.nextInt(4096);
    }
  }

  private static byte[] bytes(Random rnd, int n) {
    byte[] b = new byte[n];
    rnd.nextBytes(b);
    return b;
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3})
  void scalarCellsRoundTripAndDescriptorRangesPointAtPayloads(long seed) throws IOException {
    Random rnd = new Random(seed);
    int rows = 40;
    List<byte[]> expected = new ArrayList<>();
    List<long[]> ranges = new ArrayList<>();
    String file = path("scalar-" + seed + ".blob");
    try (BlobFileWriter w = BlobFileWriter.create(Path.of(file), DataTypes.BLOB())) {
      for (int row = 0; row < rows; row++) {
        int kind = rnd.nextInt(10);
        if (kind == 0) {
          w.addNull();
          expected.add(null);
          ranges.add(null);
        } else if (kind == 1) {
          w.addPlaceholder();
          expected.add(PLACEHOLDER);
          ranges.add(null);
        } else {
          byte[] payload = bytes(rnd, size(rnd));
          expected.add(payload);
          InputStream stream = new ByteArrayInputStream(payload);
          ranges.add(
              kind < 5
                  ? w.add(payload)
                  : kind < 8 ? w.add(stream, payload.length) : w.add(stream, -1));
        }
        assertThat(w.rowCount()).as("seed %s", seed).isEqualTo(row + 1);
      }
      w.close();
      assertThat(w.bytesWritten()).as("seed %s", seed).isEqualTo(Files.size(Path.of(file)));
    }

    byte[] all = Files.readAllBytes(Path.of(file));
    try (BlobFileReader r = BlobFileReader.open(Path.of(file))) {
      assertThat(r.rowCount()).isEqualTo(rows);
      for (int row = 0; row < rows; row++) {
        String what = "seed " + seed + " row " + row;
        byte[] payload = expected.get(row);
        assertThat(r.isNull(row)).as(what).isEqualTo(payload == null);
        assertThat(r.isPlaceholder(row)).as(what).isEqualTo(payload == PLACEHOLDER);
        assertThat(r.payloadRange(row)).as(what).isEqualTo(ranges.get(row));
        if (payload == PLACEHOLDER) {
          continue;
        }
        assertThat(r.read(row)).as(what).isEqualTo(payload);
        if (payload == null) {
          assertThat(r.entryOffset(row)).as(what).isEqualTo(-1);
          continue;
        }
        long[] range = ranges.get(row);
        // A descriptor's ranged read: exactly the payload bytes.
        assertThat(Arrays.copyOfRange(all, (int) range[0], (int) (range[0] + range[1])))
            .as(what)
            .isEqualTo(payload);
        // The read engine's path: verify the entry from a slice of a larger buffer.
        int entryOff = (int) r.entryOffset(row);
        int entryLen = (int) r.entrySize(row);
        assertThat(BlobFormat.verifyEntry(all, entryOff, entryLen, file, row, entryOff))
            .as(what)
            .containsExactly(entryOff + 4, payload.length);
        try (InputStream in = r.openPayload(row)) {
          assertThat(in.readAllBytes()).as(what).isEqualTo(payload);
        }
      }
    }
  }

  private static final byte[] PLACEHOLDER = new byte[0];

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {11, 12})
  void arrayCellsRoundTripWithElementRanges(long seed) throws IOException {
    Random rnd = new Random(seed);
    int rows = 30;
    List<List<byte[]>> expected = new ArrayList<>();
    List<BlobFileWriter.NestedCell> cells = new ArrayList<>();
    String file = path("array-" + seed + ".blob");
    try (BlobFileWriter w =
        BlobFileWriter.create(Path.of(file), DataTypes.ARRAY(DataTypes.BLOB()))) {
      for (int row = 0; row < rows; row++) {
        if (rnd.nextInt(6) == 0) {
          w.addNull();
          expected.add(null);
          cells.add(null);
          continue;
        }
        List<byte[]> array = new ArrayList<>();
        int n = rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(6);
        for (int i = 0; i < n; i++) {
          array.add(rnd.nextInt(5) == 0 ? null : bytes(rnd, size(rnd) / 8));
        }
        expected.add(array);
        cells.add(w.addArray(array));
      }
    }

    byte[] all = Files.readAllBytes(Path.of(file));
    try (BlobFileReader r = BlobFileReader.open(Path.of(file))) {
      for (int row = 0; row < rows; row++) {
        String what = "seed " + seed + " row " + row;
        List<byte[]> array = expected.get(row);
        BlobNestedCodec.Layout layout = r.nestedLayout(row, false);
        if (array == null) {
          assertThat(r.readArray(row)).as(what).isNull();
          assertThat(layout).as(what).isNull();
          continue;
        }
        assertThat(r.readArray(row)).as(what).containsExactlyElementsOf(array);
        BlobFileWriter.NestedCell cell = cells.get(row);
        assertThat(r.payloadRange(row))
            .as(what)
            .containsExactly(cell.payloadOffset(), cell.payloadLength());
        assertThat(layout.hasKeys()).as(what).isFalse();
        assertThat(layout.count()).as(what).isEqualTo(array.size());
        for (int i = 0; i < array.size(); i++) {
          assertThat(layout.valueOffset(i)).as(what).isEqualTo(cell.layout().valueOffset(i));
          assertThat(layout.valueLength(i)).as(what).isEqualTo(cell.layout().valueLength(i));
          byte[] element = array.get(i);
          if (element == null) {
            assertThat(layout.valueLength(i)).as(what).isEqualTo(-1);
          } else {
            int at = (int) layout.valueOffset(i);
            assertThat(Arrays.copyOfRange(all, at, at + element.length))
                .as(what)
                .isEqualTo(element);
          }
        }
      }
    }
  }

  static Stream<Arguments> keyTypes() {
    return Stream.of(
        Arguments.of(DataTypes.TINYINT(), gen(r -> (byte) r.nextInt())),
        Arguments.of(DataTypes.SMALLINT(), gen(r -> (short) r.nextInt())),
        Arguments.of(DataTypes.INT(), gen(Random::nextInt)),
        Arguments.of(DataTypes.BIGINT(), gen(Random::nextLong)),
        Arguments.of(DataTypes.BOOLEAN(), gen(Random::nextBoolean)),
        Arguments.of(
            DataTypes.DECIMAL(18, 4),
            gen(r -> BigDecimal.valueOf(r.nextLong() % 1_000_000_000_000_000_000L, 4))),
        Arguments.of(
            DataTypes.DECIMAL(38, 10),
            gen(
                r ->
                    new BigDecimal(
                        new BigInteger(120, r).subtract(BigInteger.ONE.shiftLeft(119)), 10))),
        Arguments.of(
            DataTypes.DATE(), gen(r -> LocalDate.ofEpochDay(r.nextInt(200_000) - 100_000))),
        Arguments.of(
            DataTypes.TIME(), gen(r -> LocalTime.ofNanoOfDay(r.nextInt(86_400_000) * 1_000_000L))),
        Arguments.of(DataTypes.BINARY(3), gen(r -> bytes(r, 3))),
        Arguments.of(DataTypes.VARBINARY(20), gen(r -> bytes(r, r.nextInt(20)))),
        Arguments.of(DataTypes.CHAR(4), gen(r -> "k" + r.nextInt(1000))),
        Arguments.of(DataTypes.STRING(), gen(r -> "ключ-" + r.nextInt(1_000_000))));
  }

  private static Function<Random, Object> gen(Function<Random, Object> f) {
    return f;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keyTypes")
  void mapCellsRoundTripForEveryKeyType(DataType keyType, Function<Random, Object> keys)
      throws IOException {
    long seed = keyType.toString().hashCode();
    Random rnd = new Random(seed);
    int rows = 25;
    List<List<Map.Entry<Object, byte[]>>> expected = new ArrayList<>();
    String file = path("map.blob");
    try (BlobFileWriter w =
        BlobFileWriter.create(Path.of(file), DataTypes.MAP(keyType, DataTypes.BLOB()))) {
      for (int row = 0; row < rows; row++) {
        if (rnd.nextInt(6) == 0) {
          w.addNull();
          expected.add(null);
          continue;
        }
        List<Map.Entry<Object, byte[]>> map = new ArrayList<>();
        Set<Object> used = new HashSet<>();
        int n = rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(5);
        for (int i = 0; i < n; i++) {
          Object key = rnd.nextInt(6) == 0 ? null : keys.apply(rnd);
          if (!used.add(key instanceof byte[] ? Arrays.toString((byte[]) key) : key)) {
            continue;
          }
          map.add(new SimpleEntry<>(key, rnd.nextInt(5) == 0 ? null : bytes(rnd, size(rnd) / 16)));
        }
        expected.add(map);
        BlobFileWriter.NestedCell cell = w.addMap(map);
        assertThat(cell.layout().count()).isEqualTo(map.size());
      }
    }

    try (BlobFileReader r = BlobFileReader.open(Path.of(file))) {
      for (int row = 0; row < rows; row++) {
        String what = keyType + " seed " + seed + " row " + row;
        List<Map.Entry<Object, byte[]>> map = expected.get(row);
        List<Map.Entry<Object, byte[]>> actual = r.readMap(row, keyType);
        if (map == null) {
          assertThat(actual).as(what).isNull();
          continue;
        }
        assertThat(actual).as(what).hasSameSizeAs(map);
        for (int i = 0; i < map.size(); i++) {
          assertThat(actual.get(i).getKey()).as(what + " key " + i).isEqualTo(map.get(i).getKey());
          assertThat(actual.get(i).getValue())
              .as(what + " value " + i)
              .isEqualTo(map.get(i).getValue());
        }
        BlobNestedCodec.Layout layout = r.nestedLayout(row, true);
        assertThat(layout.hasKeys()).as(what).isTrue();
        assertThat(layout.count()).as(what).isEqualTo(map.size());
      }
    }
  }

  @ParameterizedTest(name = "length known: {0}")
  @ValueSource(booleans = {true, false})
  void streamsA3MiBPayloadFromAGeneratorWithoutArrays(boolean known) throws IOException {
    long length = 3L * MIB + 7;
    String file = path("stream.blob");
    try (BlobFileWriter w = BlobFileWriter.create(Path.of(file), DataTypes.BLOB())) {
      assertThat(w.add(new Counting(length), known ? length : -1)).containsExactly(4, length);
    }
    try (BlobFileReader r = BlobFileReader.open(Path.of(file));
        InputStream in = r.openPayload(0)) {
      byte[] buf = new byte[10_000];
      long pos = 0;
      long firstMismatch = -1;
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        for (int i = 0; i < n && firstMismatch < 0; i++) {
          if (buf[i] != (byte) ((pos + i) * 31)) {
            firstMismatch = pos + i;
          }
        }
        pos += n;
      }
      assertThat(firstMismatch).as("first wrong byte").isEqualTo(-1);
      assertThat(pos).isEqualTo(length);
    }
  }

  /** Bytes {@code (i * 31)} for i in [0, length), generated on demand. */
  static final class Counting extends InputStream {
    private final long length;
    private long pos;

    Counting(long length) {
      this.length = length;
    }

    @Override
    public int read() {
      return pos < length ? (int) ((pos++ * 31) & 0xFF) : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos >= length) {
        return -1;
      }
      int n = (int) Math.min(len, Math.min(length - pos, 5000));
      for (int i = 0; i < n; i++) {
        b[off + i] = (byte) (pos++ * 31);
      }
      return n;
    }
  }

  static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
