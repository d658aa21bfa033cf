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
package io.paimon.multimodal.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link InputFile#readScattered}: the default and the local file's direct reads agree. */
class ScatteredReadTest {

  @TempDir Path dir;

  /** The local file seen only through readFully, so readScattered takes the default path. */
  private static InputFile defaultOnly(InputFile in) {
    return new InputFile() {
      @Override
      public String name() {
        return in.name();
      }

      @Override
      public long length() throws IOException {
        return in.length();
      }

      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        in.readFully(position, buf, off, len);
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }

  @Test
  void piecesGetConsecutiveBytesOfTheRangeWhicheverImplementationReads() throws IOException {
    byte[] content = new byte[300_000];
    Random random = new Random(5);
    random.nextBytes(content);
    Path file = dir.resolve("f.bin");
    Files.write(file, content);
    try (InputFile local = FileIO.local().newInputFile(file.toString())) {
      InputFile viaDefault = defaultOnly(local);
      for (int round = 0; round < 200; round++) {
        int pieces = 1 + random.nextInt(8);
        byte[][] buffers = new byte[pieces][];
        int[] offsets = new int[pieces];
        int[] lengths = new int[pieces];
        byte[] shared = new byte[40_000];
        long total = 0;
        for (int i = 0; i < pieces; i++) {
          lengths[i] = random.nextInt(4) == 0 ? 0 : random.nextInt(30_000);
          offsets[i] = random.nextInt(3);
          buffers[i] = random.nextInt(5) == 0 ? shared : new byte[offsets[i] + lengths[i] + 2];
          total += lengths[i];
        }
        long position = random.nextInt((int) (content.length - total));
        for (InputFile in : new InputFile[] {local, viaDefault}) {
          in.readScattered(position, buffers, offsets, lengths);
          long at = position;
          for (int i = 0; i < pieces; i++) {
            if (buffers[i] != shared) {
              assertThat(Arrays.copyOfRange(buffers[i], offsets[i], offsets[i] + lengths[i]))
                  .isEqualTo(Arrays.copyOfRange(content, (int) at, (int) at + lengths[i]));
            }
            at += lengths[i];
          }
        }
      }
    }
  }

  @Test
  void aRangePastTheEndIsAnEofAndBadPiecesAreRejected() throws IOException {
    Path file = dir.resolve("small.bin");
    Files.write(file, new byte[100]);
    try (InputFile local = FileIO.local().newInputFile(file.toString())) {
      for (InputFile in : new InputFile[] {local, defaultOnly(local)}) {
        assertThatThrownBy(
                () ->
                    in.readScattered(
                        90, new byte[][] {new byte[8], new byte[8]}, new int[2], new int[] {8, 8}))
            .isInstanceOf(EOFException.class);
        assertThatThrownBy(
                () -> in.readScattered(0, new byte[][] {new byte[4]}, new int[] {2}, new int[] {3}))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("piece 0");
        assertThatThrownBy(
                () -> in.readScattered(0, new byte[][] {new byte[4]}, new int[0], new int[] {1}))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("differ in length");
      }
    }
  }
}
