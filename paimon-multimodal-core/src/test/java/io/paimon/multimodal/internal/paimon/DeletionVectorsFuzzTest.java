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

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads thousands of damaged deletion-vectors files (Paimon's 32-bit and 64-bit files and ours)
 * with their ranges, with damaged ranges, and with damaged bitmaps whose CRC is fixed up so that
 * the bitmap parser is reached, and checks that each read either succeeds or throws {@link
 * PaimonFormatException} naming the file: never another exception, a large allocation or a hang.
 */
class DeletionVectorsFuzzTest {

  private static final int TRIALS = 5_000;
  private static final long MAX_ALLOCATION = 64L << 20;
  private static final String FILE = "fuzzed-dv";

  private record Base(String name, byte[] bytes, List<DeletionVectorRange> ranges) {}

  @Test
  @Timeout(value = 600, unit = TimeUnit.SECONDS)
  void damagedVectorsReadOrFailWithPaimonFormatException() throws IOException {
    long seed = Fuzz.seed();
    Random rnd = new Random(seed);
    List<Base> bases = bases();
    int trials = Fuzz.trials(TRIALS);
    long start = System.nanoTime();
    for (int trial = 0; trial < trials; trial++) {
      Base base = bases.get(rnd.nextInt(bases.size()));
      List<DeletionVectorRange> ranges = base.ranges();
      Fuzz.Mutation m;
      switch (rnd.nextInt(3)) {
        case 0:
          m = Fuzz.mutate(base.bytes(), rnd);
          break;
        case 1:
          ranges = mutateRanges(ranges, rnd);
          m = new Fuzz.Mutation(base.bytes(), "ranges " + ranges);
          break;
        default:
          m = mutateBitmapKeepingCrc(base, rnd);
      }
      List<DeletionVectorRange> r = ranges;
      Fuzz.check(
          (bytes, file) -> DeletionVectors.read(bytes, r, file),
          m,
          base.name(),
          seed,
          trial,
          FILE,
          MAX_ALLOCATION);
    }
    Fuzz.assertFinishedWithin(start, 30L * trials, trials + " trials of seed " + seed);
  }

  private static List<Base> bases() throws IOException {
    List<Base> bases = new ArrayList<>();
    bases.add(
        new Base(
            "paimon dv32",
            DeletionVectorsTest.indexFile("index-dv32-0"),
            DeletionVectorsTest.ranges(0)));
    bases.add(
        new Base(
            "paimon dv64",
            DeletionVectorsTest.indexFile("index-dv64-0"),
            DeletionVectorsTest.ranges(1)));
    bases.add(
        new Base(
            "paimon dv64 big",
            DeletionVectorsTest.indexFile("index-dv64-big-0"),
            List.of(new DeletionVectorRange("data-e-0.parquet", 1, 86, 3L))));
    Random rnd = new Random(7);
    for (int i = 0; i < 4; i++) {
      Map<String, RoaringBitmap> vectors = new LinkedHashMap<>();
      for (int f = 0; f < 3; f++) {
        vectors.put("data-" + i + "-" + f, DeletionVectorsTest.randomBitmap(rnd));
      }
      List<DeletionVectorRange> ranges = new ArrayList<>();
      byte[] file = DeletionVectors.write(vectors, ranges);
      bases.add(new Base("written " + i, file, ranges));
    }
    return bases;
  }

  private static List<DeletionVectorRange> mutateRanges(
      List<DeletionVectorRange> ranges, Random rnd) {
    List<DeletionVectorRange> out = new ArrayList<>(ranges);
    int i = rnd.nextInt(out.size());
    DeletionVectorRange r = out.get(i);
    int[] hostile = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, rnd.nextInt()};
    int v = rnd.nextBoolean() ? hostile[rnd.nextInt(hostile.length)] : rnd.nextInt(20) - 10;
    switch (rnd.nextInt(4)) {
      case 0:
        out.set(i, new DeletionVectorRange(r.dataFileName(), r.offset() + v, r.length(), null));
        break;
      case 1:
        out.set(i, new DeletionVectorRange(r.dataFileName(), r.offset(), r.length() + v, null));
        break;
      case 2:
        out.set(i, new DeletionVectorRange(r.dataFileName(), r.offset(), r.length(), (long) v));
        break;
      default:
        out.add(out.get(rnd.nextInt(out.size())));
    }
    return out;
  }

  /** Damages the bitmap of one vector and rewrites its CRC, so only the bitmap is wrong. */
  private static Fuzz.Mutation mutateBitmapKeepingCrc(Base base, Random rnd) {
    DeletionVectorRange r = base.ranges().get(rnd.nextInt(base.ranges().size()));
    byte[] b = base.bytes().clone();
    int length = ByteBuffer.wrap(b, r.offset(), 4).getInt();
    int bitmapStart = r.offset() + 8;
    int bitmapLength = length - 4;
    StringBuilder d = new StringBuilder("bitmap of " + r.dataFileName() + " with fixed CRC:");
    for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
      int pos = bitmapStart + rnd.nextInt(bitmapLength);
      byte value = (byte) (rnd.nextBoolean() ? rnd.nextInt() : b[pos] ^ (1 << rnd.nextInt(8)));
      b[pos] = value;
      d.append(' ').append(pos).append('=').append(value);
    }
    CRC32 crc = new CRC32();
    crc.update(b, r.offset() + 4, length);
    ByteBuffer.wrap(b).putInt(r.offset() + 4 + length, (int) crc.getValue());
    return new Fuzz.Mutation(b, d.toString());
  }
}
