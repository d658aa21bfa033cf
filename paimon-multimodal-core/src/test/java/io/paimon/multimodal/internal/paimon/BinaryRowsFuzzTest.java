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

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Damages serialized rows (the golden rows Paimon wrote and random valid rows) with seeded
 * mutations: bit flips, random bytes, slots replaced by hostile offsets and lengths, arities
 * changed, truncation and extension. Decoding each must either succeed or throw {@link
 * PaimonFormatException}: never another exception, and never a value the bytes cannot back. A
 * failure names the seed, the mutation and the bytes; rerun one with {@code -Dbinrow.seed=<seed>}.
 */
class BinaryRowsFuzzTest {

  private static final int CASES = Integer.getInteger("binrow.fuzz.cases", 20_000);
  private static final Long FIXED_SEED = Long.getLong("binrow.seed");
  private static final HexFormat HEX = HexFormat.of();

  private static final List<DataType> STATS =
      List.of(DataTypes.BIGINT(), DataTypes.STRING(), DataTypes.STRING());

  private static final List<String> GOLDEN_STATS =
      List.of(
          "000000030000000000000000000000000000000010000000200000006369747900000084"
              + "646f63756d656e7420302061626f7574",
          "000000030000000000000000040000000000000010000000200000006c616b6500000084"
              + "646f63756d656e7420342061626f7575",
          "000000030000000000000000050000000000000073686f72740000856369747900000084");

  private static final List<String> GOLDEN_PARTITIONS =
      List.of(
          "0000000100000000000000006369747900000084",
          "0000000100000000000000007269676874000085",
          "0000000100010000000000000000000000000000");

  /** Slot values that point at the edges of, or far outside, a row. */
  private static final long[] HOSTILE_SLOTS = {
    0L,
    -1L,
    Long.MIN_VALUE,
    Long.MAX_VALUE,
    0x7FFFFFFF_FFFFFFFFL,
    0x00000010_7FFFFFFFL,
    0x7FFFFFFF_00000008L,
    0x00000008_00000010L,
    0x00000000_FFFFFFFFL,
    0xFFFFFFFF_00000000L,
    0x8F00000000000000L,
    0xFF00000000000000L
  };

  @Test
  void damagedRowsDecodeOrThrowPaimonFormatException() {
    long first = FIXED_SEED != null ? FIXED_SEED : System.nanoTime();
    int cases = FIXED_SEED != null ? 1 : CASES;
    for (int c = 0; c < cases; c++) {
      long seed = first + c;
      RandomRows random = new RandomRows(seed);
      List<DataType> types;
      byte[] row;
      int source = random.nextInt(4);
      if (source == 0) {
        types = STATS;
        row = HEX.parseHex(GOLDEN_STATS.get(random.nextInt(GOLDEN_STATS.size())));
      } else if (source == 1) {
        types = List.of(DataTypes.STRING());
        row = HEX.parseHex(GOLDEN_PARTITIONS.get(random.nextInt(GOLDEN_PARTITIONS.size())));
      } else {
        types = random.types(random.nextInt(12));
        row = BinaryRows.serialize(types, random.values(types));
      }
      StringBuilder mutations = new StringBuilder();
      int count = 1 + random.nextInt(3);
      for (int m = 0; m < count; m++) {
        row = mutate(random, row, mutations);
      }
      String context =
          String.format(
              "seed %d (-Dbinrow.seed=%d) on %s after%s, types %s",
              seed, seed, HEX.formatHex(row), mutations, types);
      Object[] decoded;
      try {
        BinaryRows.arity(row);
        decoded = BinaryRows.deserialize(row, types, "fuzz");
      } catch (PaimonFormatException expected) {
        continue; // the only failure a damaged row may cause
      } catch (RuntimeException | Error e) {
        throw new AssertionError(context + ": " + e, e);
      }
      for (Object value : decoded) {
        int length =
            value instanceof byte[]
                ? ((byte[]) value).length
                : value instanceof String ? ((String) value).length() : 0;
        if (length > row.length) {
          fail("%s: decoded %d elements from a %d-byte row", context, length, row.length);
        }
      }
    }
  }

  private static byte[] mutate(RandomRows random, byte[] row, StringBuilder log) {
    if (row.length == 0) {
      log.append(" extend");
      return random.bytes(1 + random.nextInt(16));
    }
    int at = random.nextInt(row.length);
    switch (random.nextInt(6)) {
      case 0 -> {
        row[at] ^= (byte) (1 << random.nextInt(8));
        log.append(" flip@").append(at);
      }
      case 1 -> {
        row[at] = (byte) random.nextInt(256);
        log.append(" byte@").append(at);
      }
      case 2 -> {
        // A whole slot (or any aligned long) replaced, little-endian.
        int slot = 4 + 8 * random.nextInt(Math.max(1, (row.length - 4) / 8));
        long value =
            random.nextInt(2) == 0
                ? HOSTILE_SLOTS[random.nextInt(HOSTILE_SLOTS.length)]
                : random.nextLong();
        for (int i = 0; i < 8 && slot + i < row.length; i++) {
          row[slot + i] = (byte) (value >>> (8 * i));
        }
        log.append(" slot@").append(slot).append('=').append(Long.toHexString(value));
      }
      case 3 -> {
        int arity = random.nextInt(2) == 0 ? random.nextInt(80) : (int) random.nextLong();
        for (int i = 0; i < 4 && i < row.length; i++) {
          row[i] = (byte) (arity >>> (24 - 8 * i));
        }
        log.append(" arity=").append(arity);
      }
      case 4 -> {
        log.append(" truncate@").append(at);
        return Arrays.copyOf(row, at);
      }
      default -> {
        int extra = 1 + random.nextInt(24);
        byte[] longer = Arrays.copyOf(row, row.length + extra);
        System.arraycopy(random.bytes(extra), 0, longer, row.length, extra);
        log.append(" extend+").append(extra);
        return longer;
      }
    }
    return row;
  }
}
