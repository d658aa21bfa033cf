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

import io.paimon.types.RowType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded mutations of valid {@code .row} files for the fuzz test: byte-level ones (bit flips, bytes
 * set to 0x00/0xFF/0x80, truncation, insertion, deletion, footer fields overwritten with extreme
 * values, chunks spliced from another file) and structure-aware ones that keep the file consistent
 * around the change (a block decompressed, changed and re-compressed; one index value changed and
 * the index re-encoded), so the mutation reaches the row decoders. Each instance records what it
 * did for the failure report. Not thread-safe.
 */
final class RowFileMutator {

  /** A valid file to mutate, with its parts decoded once. */
  record Seed(
      String name,
      RowType type,
      byte[] bytes,
      RowFileBuilder.Parts parts,
      List<byte[]> rawBlocks,
      int weight) {

    static Seed of(String name, RowType type, byte[] bytes, int weight) {
      RowFileBuilder.Parts parts = RowFileBuilder.parse(bytes);
      return new Seed(name, type, bytes, parts, parts.rawBlocks(bytes), weight);
    }

    long rowsIn(int b) {
      long[] starts = parts.rowStarts();
      return (b + 1 < starts.length ? starts[b + 1] : parts.rowCount()) - starts[b];
    }
  }

  private static final long[] EXTREMES = {
    0,
    1,
    -1,
    4,
    35,
    127,
    128,
    255,
    65535,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE + 1L,
    0xFFFF_FFFFL,
    Long.MAX_VALUE,
    Long.MIN_VALUE,
    1L << 31,
    1L << 40
  };
  private static final byte[] SPECIAL = {0x00, (byte) 0xFF, (byte) 0x80, 0x7F, 0x01};

  private final SplittableRandom r;
  private final StringBuilder log = new StringBuilder();

  RowFileMutator(long seed) {
    this.r = new SplittableRandom(seed);
  }

  /** What the mutations did, for messages. */
  String log() {
    return log.toString().trim();
  }

  /** A mutated copy of {@code seed}: one or more mutations, possibly splicing from {@code all}. */
  byte[] mutate(Seed seed, List<Seed> all) {
    int kind = r.nextInt(100);
    byte[] data;
    int extra;
    if (kind < 50 && !seed.rawBlocks().isEmpty()) {
      data = mutateBlock(seed);
      extra = r.nextInt(4) == 0 ? 1 : 0;
    } else if (kind < 62) {
      data = mutateIndexValue(seed);
      extra = r.nextInt(4) == 0 ? 1 : 0;
    } else {
      data = seed.bytes().clone();
      extra = 1 + (r.nextInt(3) == 0 ? 1 + r.nextInt(2) : 0);
    }
    for (int i = 0; i < extra; i++) {
      data = mutateBytes(data, all);
    }
    return data;
  }

  private long interesting(long original) {
    switch (r.nextInt(4)) {
      case 0:
        return EXTREMES[r.nextInt(EXTREMES.length)];
      case 1:
        return original + r.nextInt(-3, 4);
      case 2:
        return r.nextLong();
      default:
        return r.nextInt();
    }
  }

  // ---- structure-aware ----

  private byte[] mutateBlock(Seed seed) {
    int b = r.nextInt(seed.rawBlocks().size());
    byte[] raw = seed.rawBlocks().get(b).clone();
    int trailerStart = raw.length - 4 - 4 * (int) seed.rowsIn(b);
    switch (r.nextInt(6)) {
      case 0:
      case 1:
        {
          int pos = r.nextInt(Math.max(1, trailerStart));
          raw[pos] ^= (byte) (1 << r.nextInt(8));
          log.append(" block ").append(b).append(" flip@").append(pos);
          break;
        }
      case 2:
        {
          int pos = r.nextInt(raw.length);
          raw[pos] = SPECIAL[r.nextInt(SPECIAL.length)];
          log.append(" block ").append(b).append(" set@").append(pos).append('=').append(raw[pos]);
          break;
        }
      case 3:
        {
          int slot = r.nextInt((raw.length - trailerStart) / 4);
          int pos = trailerStart + 4 * slot;
          ByteBuffer bb = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
          int value = (int) interesting(bb.getInt(pos));
          bb.putInt(pos, value);
          log.append(" block ").append(b).append(" trailer[").append(slot).append("]=");
          log.append(value);
          break;
        }
      case 4:
        {
          int pos = r.nextInt(Math.max(1, trailerStart));
          int n = 1 + r.nextInt(8);
          byte[] grown = new byte[raw.length + n];
          System.arraycopy(raw, 0, grown, 0, pos);
          for (int i = 0; i < n; i++) {
            grown[pos + i] = (byte) r.nextInt();
          }
          System.arraycopy(raw, pos, grown, pos + n, raw.length - pos);
          raw = grown;
          log.append(" block ").append(b).append(" insert ").append(n).append('@').append(pos);
          break;
        }
      default:
        {
          int pos = r.nextInt(Math.max(1, trailerStart));
          int n = Math.min(1 + r.nextInt(8), raw.length - pos);
          byte[] shrunk = new byte[raw.length - n];
          System.arraycopy(raw, 0, shrunk, 0, pos);
          System.arraycopy(raw, pos + n, shrunk, pos, raw.length - pos - n);
          raw = shrunk;
          log.append(" block ").append(b).append(" delete ").append(n).append('@').append(pos);
        }
    }
    return rebuild(seed, b, raw);
  }

  private static byte[] rebuild(Seed seed, int changed, byte[] raw) {
    RowFileBuilder builder = new RowFileBuilder();
    RowFileBuilder.Parts p = seed.parts();
    for (int b = 0; b < seed.rawBlocks().size(); b++) {
      if (b == changed) {
        builder.frame(RowFileBuilder.compress(raw), raw.length, seed.rowsIn(b));
      } else {
        int from = (int) p.blockOffset(b);
        byte[] frame = Arrays.copyOfRange(seed.bytes(), from, from + (int) p.compressed()[b]);
        builder.frame(frame, p.uncompressed()[b], seed.rowsIn(b));
      }
    }
    return builder.rowCount(p.rowCount()).build();
  }

  private byte[] mutateIndexValue(Seed seed) {
    RowFileBuilder.Parts p = seed.parts();
    long[][] sections = {p.compressed().clone(), p.uncompressed().clone(), p.rowStarts().clone()};
    RowFileBuilder builder = new RowFileBuilder();
    for (int b = 0; b < p.compressed().length; b++) {
      int from = (int) p.blockOffset(b);
      builder.frame(
          Arrays.copyOfRange(seed.bytes(), from, from + (int) p.compressed()[b]),
          p.uncompressed()[b],
          seed.rowsIn(b));
    }
    long rowCount = p.rowCount();
    int s = r.nextInt(4);
    if (s == 3 || sections[0].length == 0) {
      rowCount = interesting(rowCount);
      log.append(" rowCount=").append(rowCount);
    } else if (r.nextInt(8) == 0) {
      int len = sections[s].length + (r.nextBoolean() ? 1 : -1);
      sections[s] = Arrays.copyOf(sections[s], len);
      log.append(" section ").append(s).append(" resized to ").append(len);
    } else {
      int i = r.nextInt(sections[s].length);
      sections[s][i] = interesting(sections[s][i]);
      log.append(" section ").append(s).append('[').append(i).append("]=").append(sections[s][i]);
    }
    return builder
        .compressedSizes(sections[0])
        .uncompressedSizes(sections[1])
        .rowStarts(sections[2])
        .rowCount(rowCount)
        .build();
  }

  // ---- byte-level ----

  private byte[] mutateBytes(byte[] data, List<Seed> all) {
    if (data.length == 0) {
      log.append(" insert into empty");
      return new byte[] {(byte) r.nextInt()};
    }
    switch (r.nextInt(9)) {
      case 0:
        {
          int flips = 1 + r.nextInt(4);
          for (int i = 0; i < flips; i++) {
            int pos = r.nextInt(data.length);
            data[pos] ^= (byte) (1 << r.nextInt(8));
            log.append(" flip@").append(pos);
          }
          return data;
        }
      case 1:
        {
          int pos = r.nextInt(data.length);
          data[pos] = SPECIAL[r.nextInt(3)];
          log.append(" set@").append(pos).append('=').append(data[pos]);
          return data;
        }
      case 2:
        {
          int len = r.nextInt(data.length);
          log.append(" truncate to ").append(len);
          return Arrays.copyOf(data, len);
        }
      case 3:
        {
          int pos = r.nextInt(data.length + 1);
          byte[] insert = new byte[1 + r.nextInt(16)];
          for (int i = 0; i < insert.length; i++) {
            insert[i] = (byte) r.nextInt();
          }
          log.append(" insert ").append(insert.length).append('@').append(pos);
          return splice(data, pos, 0, insert);
        }
      case 4:
        {
          int pos = r.nextInt(data.length);
          int n = Math.min(1 + r.nextInt(16), data.length - pos);
          log.append(" delete ").append(n).append('@').append(pos);
          return splice(data, pos, n, new byte[0]);
        }
      case 5:
      case 6:
        return overwriteFooterField(data);
      case 7:
        {
          Seed other = all.get(r.nextInt(all.size()));
          int from = r.nextInt(other.bytes().length);
          int n = Math.min(1 + r.nextInt(64), other.bytes().length - from);
          int pos = r.nextInt(data.length);
          boolean insert = r.nextBoolean();
          log.append(insert ? " splice-insert " : " splice-over ")
              .append(n)
              .append(" from ")
              .append(other.name())
              .append('@')
              .append(from)
              .append(" to ")
              .append(pos);
          byte[] chunk = Arrays.copyOfRange(other.bytes(), from, from + n);
          return splice(data, pos, insert ? 0 : Math.min(n, data.length - pos), chunk);
        }
      default:
        {
          if (data.length < 32) {
            return mutateBytes(data, all);
          }
          long indexOffset =
              ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).getLong(data.length - 20);
          long indexEnd = data.length - 32;
          if (indexOffset < 0 || indexOffset >= indexEnd) {
            return mutateBytes(data, all);
          }
          int pos = (int) (indexOffset + r.nextLong(indexEnd - indexOffset));
          data[pos] = r.nextBoolean() ? SPECIAL[r.nextInt(SPECIAL.length)] : (byte) r.nextInt();
          log.append(" index byte@").append(pos).append('=').append(data[pos]);
          return data;
        }
    }
  }

  private byte[] overwriteFooterField(byte[] data) {
    if (data.length < 32) {
      return data;
    }
    // Offsets from the end and widths of rows, blocks, index offset/length, version, magic.
    int[][] fields = {{32, 8}, {24, 4}, {20, 8}, {12, 4}, {8, 1}, {7, 1}, {6, 2}, {4, 4}};
    int[] f = fields[r.nextInt(fields.length)];
    int pos = data.length - f[0];
    ByteBuffer bb = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    long original = f[1] == 8 ? bb.getLong(pos) : f[1] == 4 ? bb.getInt(pos) : data[pos];
    long value = interesting(original);
    for (int i = 0; i < f[1]; i++) {
      data[pos + i] = (byte) (value >>> (8 * i));
    }
    log.append(" footer@-").append(f[0]).append('=').append(value);
    return data;
  }

  private static byte[] splice(byte[] data, int pos, int remove, byte[] insert) {
    byte[] out = new byte[data.length - remove + insert.length];
    System.arraycopy(data, 0, out, 0, pos);
    System.arraycopy(insert, 0, out, pos, insert.length);
    System.arraycopy(data, pos + remove, out, pos + insert.length, data.length - pos - remove);
    return out;
  }
}
