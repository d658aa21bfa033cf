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
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleEntry;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * Reads thousands of damaged files (truncated, bit-flipped, overwritten, and payloads rewritten
 * with a fixed-up CRC so nested validation is reached) and checks that the reader either succeeds
 * or raises {@link BlobFormatException} naming the file: never another exception, an OOM or a hang.
 * A failure prints the seed, the mutation and the damaged file in hex.
 */
class BlobFileFuzzTest {

  private static final int CASES = 2_500;
  private static final String NAME = "fuzz.blob";

  private enum Column {
    SCALAR(DataTypes.BLOB(), null),
    ARRAY(DataTypes.ARRAY(DataTypes.BLOB()), null),
    INT_MAP(DataTypes.MAP(DataTypes.INT(), DataTypes.BLOB()), DataTypes.INT()),
    STRING_MAP(DataTypes.MAP(DataTypes.STRING(), DataTypes.BLOB()), DataTypes.STRING()),
    DECIMAL_MAP(
        DataTypes.MAP(DataTypes.DECIMAL(20, 2), DataTypes.BLOB()), DataTypes.DECIMAL(20, 2));

    final DataType type;
    final DataType keyType;

    Column(DataType type, DataType keyType) {
      this.type = type;
      this.keyType = keyType;
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] base(Column column) throws IOException {
    Random rnd = new Random(column.ordinal());
    byte[] big = new byte[300];
    rnd.nextBytes(big);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BlobFileWriter w = new BlobFileWriter(out, NAME, column.type)) {
      switch (column) {
        case SCALAR:
          w.add(utf8("alpha"));
          w.addNull();
          w.add(new byte[0]);
          w.addPlaceholder();
          w.add(big);
          w.add(utf8("zz"));
          break;
        case ARRAY:
          w.addArray(List.of());
          w.addArray(Arrays.asList(utf8("a"), null, new byte[0]));
          w.addNull();
          w.addPlaceholder();
          w.addArray(Arrays.asList(big, utf8("x")));
          break;
        default:
          Object[] keys = keys(column);
          w.addMap(
              Arrays.asList(
                  new SimpleEntry<>(keys[0], utf8("one")), new SimpleEntry<>(null, null)));
          w.addMap(List.of());
          w.addNull();
          w.addPlaceholder();
          w.addMap(
              Arrays.asList(
                  new SimpleEntry<>(keys[1], big), new SimpleEntry<>(keys[2], new byte[0])));
      }
    }
    return out.toByteArray();
  }

  private static Object[] keys(Column column) {
    switch (column) {
      case INT_MAP:
        return new Object[] {1, -7, Integer.MAX_VALUE};
      case STRING_MAP:
        return new Object[] {"k", "", "long key ü"};
      default:
        return new Object[] {
          new BigDecimal("1.00"), new BigDecimal("-123456789012345678.99"), new BigDecimal("0.01")
        };
    }
  }

  @Test
  void damagedFilesRaiseOnlyBlobFormatException() throws IOException {
    Column[] columns = Column.values();
    byte[][] bases = new byte[columns.length][];
    for (int i = 0; i < columns.length; i++) {
      bases[i] = base(columns[i]);
      assertThat(exercise(bases[i], columns[i])).as("undamaged %s", columns[i]).isNull();
    }
    int[] detected = new int[5];
    int[] total = new int[5];
    for (int seed = 0; seed < CASES; seed++) {
      Random rnd = new Random(seed);
      Column column = columns[seed % columns.length];
      int mode = (seed / columns.length) % 5;
      byte[] damaged = mutate(bases[column.ordinal()], mode, rnd);
      BlobFormatException e;
      try {
        e = exercise(damaged, column);
      } catch (Throwable t) {
        throw new AssertionError(
            "seed "
                + seed
                + ", "
                + column
                + ", mode "
                + mode
                + ": unexpected "
                + t
                + "\nfile: "
                + BytesInput.hex(damaged),
            t);
      }
      total[mode]++;
      if (e != null) {
        detected[mode]++;
        assertThat(e.file()).as("seed %s", seed).isEqualTo(NAME);
        assertThat(e.offset()).as("seed %s", seed).isBetween(0L, (long) damaged.length);
        assertThat(e.getMessage())
            .as("seed %s", seed)
            .startsWith(NAME + " at offset " + e.offset());
      }
    }
    // Truncation and damage outside payloads never go unnoticed; flips are caught by CRCs or the
    // index checks except where a flip turns one legal index value into another (null and
    // placeholder, say); rewritten payloads stay valid only where any bytes are a valid payload.
    assertThat(detected[0]).as("truncated").isEqualTo(total[0]);
    assertThat(detected[1]).as("bit flips").isGreaterThan(total[1] * 95 / 100);
    assertThat(detected[2]).as("overwrites").isGreaterThan(total[2] * 95 / 100);
    assertThat(detected[3]).as("rewritten payloads").isGreaterThan(total[3] * 6 / 10);
    assertThat(detected[4]).as("damaged index").isGreaterThan(total[4] * 95 / 100);
  }

  /** Applies mutation {@code mode} (truncate, flip, overwrite, rewrite payload, damage index). */
  private static byte[] mutate(byte[] base, int mode, Random rnd) throws IOException {
    byte[] b = base.clone();
    switch (mode) {
      case 0:
        return Arrays.copyOf(b, rnd.nextInt(b.length));
      case 1:
        for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
          b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
        }
        return b;
      case 2:
        int at = rnd.nextInt(b.length);
        for (int i = at; i < Math.min(b.length, at + 1 + rnd.nextInt(8)); i++) {
          b[i] = extreme(rnd);
        }
        return b;
      case 3:
        return rewritePayload(b, rnd);
      default:
        int indexLength = BlobFormat.readInt(b, b.length - 5);
        int from = b.length - 5 - indexLength;
        for (int i = 0; i < 1 + rnd.nextInt(3); i++) {
          b[from + rnd.nextInt(indexLength + 4)] = extreme(rnd);
        }
        return b;
    }
  }

  private static byte extreme(Random rnd) {
    byte[] picks = {0, (byte) 0xFF, (byte) 0x80, 0x7F, 0x01, (byte) 0xFE};
    return rnd.nextBoolean() ? picks[rnd.nextInt(picks.length)] : (byte) rnd.nextInt();
  }

  /** Damages one entry's payload and recomputes its CRC, so only structure checks can object. */
  private static byte[] rewritePayload(byte[] b, Random rnd) throws IOException {
    long[] entry;
    try (BlobFileReader r = BytesInput.reader(NAME, b)) {
      List<long[]> entries = new java.util.ArrayList<>();
      for (long row = 0; row < r.rowCount(); row++) {
        if (r.entrySize(row) > BlobFormat.ENTRY_OVERHEAD) {
          entries.add(new long[] {r.entryOffset(row), r.entrySize(row)});
        }
      }
      entry = entries.get(rnd.nextInt(entries.size()));
    }
    int off = (int) entry[0];
    int size = (int) entry[1];
    int payloadLength = size - BlobFormat.ENTRY_OVERHEAD;
    for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
      // Favour the header and the list sizes at the end, where structure lives.
      int p =
          rnd.nextBoolean()
              ? rnd.nextInt(payloadLength)
              : rnd.nextBoolean()
                  ? rnd.nextInt(Math.min(9, payloadLength))
                  : payloadLength - 1 - rnd.nextInt(Math.min(12, payloadLength));
      b[off + 4 + p] = rnd.nextBoolean() ? extreme(rnd) : (byte) (b[off + 4 + p] ^ 1);
    }
    CRC32 crc = new CRC32();
    crc.update(b, off, size - 4);
    BlobFormat.writeInt(b, off + size - 4, (int) crc.getValue());
    return b;
  }

  /** Reads everything; returns the format exception raised, or null if the file read cleanly. */
  private static BlobFormatException exercise(byte[] bytes, Column column) throws IOException {
    try (BlobFileReader r = BlobFileReader.open(new BytesInput(NAME, bytes))) {
      for (long row = 0; row < r.rowCount(); row++) {
        long[] range = r.payloadRange(row);
        assertThat(range == null).isEqualTo(r.entryOffset(row) < 0);
        if (r.isPlaceholder(row)) {
          continue;
        }
        byte[] payload = r.read(row);
        try (InputStream in = r.openPayload(row)) {
          if (in != null) {
            assertThat(in.readAllBytes()).isEqualTo(payload);
          }
        }
        if (column == Column.ARRAY) {
          r.readArray(row);
          r.nestedLayout(row, false);
        } else if (column.keyType != null) {
          r.readMap(row, column.keyType);
          r.nestedLayout(row, true);
        } else {
          // A scalar payload read as a nested one: mostly rejected, never a crash.
          try {
            r.readArray(row);
          } catch (BlobFormatException expected) {
            // fine
          }
        }
      }
      return null;
    } catch (BlobFormatException e) {
      return e;
    }
  }
}
