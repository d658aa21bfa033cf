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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;

/**
 * Shared pieces of the fuzz tests: seeded byte mutations, and the check that a read either succeeds
 * or throws {@link PaimonFormatException} naming the file, within an allocation bound. A failing
 * input is saved under {@code target/fuzz-failures/} and the failure names the seed.
 */
final class Fuzz {

  /** The seed: {@code -Dfuzz.seed=...} to replay a failure, else the clock. */
  static long seed() {
    return Long.getLong("fuzz.seed", System.nanoTime());
  }

  /** How many trials to run: {@code -Dfuzz.trials=...} for a longer run, else {@code dflt}. */
  static int trials(int dflt) {
    return Integer.getInteger("fuzz.trials", dflt);
  }

  /** A mutated copy of {@code bytes} and what was done to it. */
  record Mutation(byte[] bytes, String description) {}

  /** Lengths and counts that readers must not trust, as Avro zigzag varints. */
  private static final long[] HOSTILE = {
    -1,
    Integer.MAX_VALUE - 8L,
    Integer.MAX_VALUE,
    1L << 32,
    1L << 40,
    Long.MAX_VALUE,
    Long.MIN_VALUE
  };

  private Fuzz() {}

  static Mutation mutate(byte[] in, Random rnd) {
    byte[] b = in.clone();
    int kind = rnd.nextInt(6);
    switch (kind) {
      case 0:
        {
          int flips = 1 + rnd.nextInt(4);
          StringBuilder d = new StringBuilder("flip bits");
          for (int i = 0; i < flips && b.length > 0; i++) {
            int pos = rnd.nextInt(b.length);
            int bit = rnd.nextInt(8);
            b[pos] ^= (byte) (1 << bit);
            d.append(' ').append(pos).append(':').append(bit);
          }
          return new Mutation(b, d.toString());
        }
      case 1:
        {
          int len = b.length == 0 ? 0 : rnd.nextInt(b.length);
          return new Mutation(Arrays.copyOf(b, len), "truncate to " + len);
        }
      case 2:
        {
          int pos = rnd.nextInt(b.length + 1);
          byte[] extra = new byte[1 + rnd.nextInt(8)];
          rnd.nextBytes(extra);
          return new Mutation(insert(b, pos, extra), "insert " + hex(extra) + " at " + pos);
        }
      case 3:
        {
          int pos = b.length == 0 ? 0 : rnd.nextInt(b.length);
          int n = Math.min(1 + rnd.nextInt(8), b.length - pos);
          byte[] out = new byte[b.length - n];
          System.arraycopy(b, 0, out, 0, pos);
          System.arraycopy(b, pos + n, out, pos, b.length - pos - n);
          return new Mutation(out, "delete " + n + " at " + pos);
        }
      case 4:
        {
          long v = HOSTILE[rnd.nextInt(HOSTILE.length)];
          byte[] varint = new RawAvro().zigzag(v).bytes();
          int pos = b.length == 0 ? 0 : rnd.nextInt(b.length);
          return new Mutation(overwrite(b, pos, varint), "write varint " + v + " at " + pos);
        }
      default:
        {
          int pos = b.length == 0 ? 0 : rnd.nextInt(b.length);
          int n = Math.min(1 + rnd.nextInt(16), b.length - pos);
          for (int i = 0; i < n; i++) {
            b[pos + i] = (byte) rnd.nextInt();
          }
          return new Mutation(b, "randomize " + n + " at " + pos);
        }
    }
  }

  interface Read {
    void read(byte[] bytes, String file) throws Exception;
  }

  /**
   * Runs {@code read} on {@code m} and checks it succeeds or throws {@link PaimonFormatException}
   * naming {@code file}, allocating at most {@code maxAllocation} bytes.
   */
  static void check(
      Read read, Mutation m, String base, long seed, int trial, String file, long maxAllocation) {
    String context =
        "seed "
            + seed
            + " (-Dfuzz.seed="
            + seed
            + "), trial "
            + trial
            + ", base "
            + base
            + ", "
            + m.description();
    Throwable[] failure = {null};
    long allocated =
        RawAvro.allocatedBy(
            () -> {
              try {
                read.read(m.bytes(), file);
              } catch (PaimonFormatException e) {
                if (e.getMessage() == null || !e.getMessage().contains(file)) {
                  failure[0] = e;
                }
              } catch (Throwable t) {
                failure[0] = t;
              }
            });
    if (failure[0] != null || allocated > maxAllocation) {
      Path saved = save(m.bytes(), seed, trial);
      throw new AssertionError(
          context
              + ": "
              + (failure[0] != null ? failure[0] : "allocated " + allocated + " bytes")
              + "; input saved to "
              + saved,
          failure[0]);
    }
  }

  private static Path save(byte[] bytes, long seed, int trial) {
    try {
      Path dir = Files.createDirectories(Path.of("target", "fuzz-failures"));
      return Files.write(dir.resolve(seed + "-" + trial + ".bin"), bytes);
    } catch (IOException e) {
      return Path.of("(not saved: " + e + ")");
    }
  }

  static byte[] insert(byte[] b, int pos, byte[] extra) {
    byte[] out = new byte[b.length + extra.length];
    System.arraycopy(b, 0, out, 0, pos);
    System.arraycopy(extra, 0, out, pos, extra.length);
    System.arraycopy(b, pos, out, pos + extra.length, b.length - pos);
    return out;
  }

  private static byte[] overwrite(byte[] b, int pos, byte[] with) {
    byte[] out = b.length < pos + with.length ? Arrays.copyOf(b, pos + with.length) : b;
    System.arraycopy(with, 0, out, pos, with.length);
    return out;
  }

  static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  static void assertFinishedWithin(long startNanos, long maxMillis, String what) {
    long millis = (System.nanoTime() - startNanos) / 1_000_000;
    assertThat(millis).as("%s took %d ms", what, millis).isLessThan(maxMillis);
  }
}
