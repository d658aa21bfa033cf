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

import io.paimon.multimodal.internal.paimon.GoldenManifests.Golden;
import io.paimon.multimodal.internal.paimon.RandomMetadata.Nulls;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.avro.file.CodecFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reads thousands of damaged manifest lists, manifests and index manifests (bit flips, truncations,
 * insertions, deletions, hostile varints, random runs) with all three readers, and checks that each
 * read either succeeds or throws {@link PaimonFormatException} naming the file: never another
 * exception, an allocation beyond {@value #MAX_ALLOCATION} bytes, or a hang. The bases are the
 * golden files, files we write, and both again recoded without compression, so that mutations reach
 * the record data and not only the zstd frames.
 */
class ManifestFilesFuzzTest {

  private static final int TRIALS = 4_000;
  private static final long MAX_ALLOCATION = 64L << 20;
  private static final String FILE = "fuzzed-file";

  private record Base(String name, byte[] bytes) {}

  @Test
  @Timeout(value = 600, unit = TimeUnit.SECONDS)
  void damagedFilesReadOrFailWithPaimonFormatException() throws IOException {
    long seed = Fuzz.seed();
    Random rnd = new Random(seed);
    List<Base> bases = bases();
    List<Fuzz.Read> readers =
        List.of(
            ManifestFiles::readManifestList,
            ManifestFiles::readManifest,
            ManifestFiles::readIndexManifest);
    int trials = Fuzz.trials(TRIALS);
    long start = System.nanoTime();
    for (int trial = 0; trial < trials; trial++) {
      Base base = bases.get(rnd.nextInt(bases.size()));
      Fuzz.Mutation m = Fuzz.mutate(base.bytes(), rnd);
      for (Fuzz.Read read : readers) {
        Fuzz.check(read, m, base.name(), seed, trial, FILE, MAX_ALLOCATION);
      }
    }
    Fuzz.assertFinishedWithin(start, 30L * trials, trials + " trials of seed " + seed);
  }

  private static List<Base> bases() throws IOException {
    List<Base> bases = new ArrayList<>();
    for (Golden g : GoldenManifests.avroFiles()) {
      bases.add(new Base(g.toString(), g.bytes()));
    }
    RandomMetadata random = new RandomMetadata(new Random(42), Nulls.MIXED);
    bases.add(new Base("written list", ManifestFiles.writeManifestList(random.manifestMetas(5))));
    bases.add(new Base("written manifest", ManifestFiles.writeManifest(random.manifestEntries(5))));
    bases.add(new Base("written index", ManifestFiles.writeIndexManifest(random.indexEntries(5))));
    for (Base b : List.copyOf(bases)) {
      bases.add(new Base(b.name() + " (uncompressed)", uncompressed(b.bytes())));
    }
    return bases;
  }

  private static byte[] uncompressed(byte[] file) throws IOException {
    return ManifestFilesRoundTripTest.avroFile(
        ManifestFilesGoldenTest.schemaOf(file),
        ManifestFilesRoundTripTest.genericRecords(file),
        CodecFactory.nullCodec());
  }
}
