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
package io.paimon.multimodal.internal.blob;

import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.ARRAY;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.BLOB;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.INT_MAP;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.STRING_MAP;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.addRandomCell;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.writeBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.paimon.blob.BlobFormat;
import io.paimon.blob.BlobFormatException;
import io.paimon.multimodal.internal.blob.BlobColumnFixtures.Cells;
import io.paimon.multimodal.internal.blob.BlobColumnFixtures.MemoryFileIO;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link BlobFileColumn} on malformed files: a damaged index, a damaged nested payload, a null map
 * key, and seeded truncations and mutations, each a {@link BlobFormatException} naming the file,
 * never another exception or a read larger than the file.
 */
class BlobFileColumnValidationTest {

  private RootAllocator allocator;
  private final MemoryFileIO memory = new MemoryFileIO();
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeEverything() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
    assertThat(memory.open).as("input files left open").isZero();
    allocator.close();
  }

  private <T extends AutoCloseable> T track(T resource) {
    toClose.add(resource);
    return resource;
  }

  private FieldVector fileFormVector(String name, DataType type) {
    return BlobColumnFixtures.fileFormVector(allocator, name, type);
  }

  /** Writes a file into {@link #memory} and returns its path. */
  private String blobFile(DataType type, Cells cells) {
    String path = "mem/" + type.root() + "-" + memory.files.size() + ".blob";
    memory.put(path, writeBytes(type, cells));
    return path;
  }

  @Test
  void aMalformedIndexIsAFormatErrorNamingTheFileAndClosesIt() {
    byte[] good = writeBytes(BLOB, w -> w.add(new byte[] {1, 2, 3}));
    Map<String, byte[]> cases = new LinkedHashMap<>();
    cases.put("shorter than the", Arrays.copyOf(good, 3));
    byte[] version = good.clone();
    version[version.length - 1] = 2;
    cases.put("unsupported version", version);
    byte[] indexLength = good.clone();
    indexLength[indexLength.length - 5] = 120;
    cases.put("does not fit", indexLength);
    byte[] size = good.clone();
    size[size.length - 6] = 40; // the one index value: an entry of 20 bytes (zigzag 40)
    cases.put("runs past the data", size);
    cases.forEach(
        (message, bytes) -> {
          memory.put("mem/bad.blob", bytes);
          assertThatThrownBy(() -> BlobFileColumn.open(memory, "mem/bad.blob", BLOB, "c"))
              .isInstanceOf(BlobFormatException.class)
              .hasMessageContaining("mem/bad.blob")
              .hasMessageContaining(message);
          assertThat(memory.open).isZero();
        });
  }

  @Test
  void aMalformedNestedPayloadIsAFormatError() throws IOException {
    // An ARRAY payload whose count claims two billion elements, of lists that hold one: the
    // writer's one-element cell with its count rewritten (and the entry's CRC made to match).
    byte[] bad = writeBytes(ARRAY, w -> w.addArray(List.of(new byte[] {7})));
    int entrySize = BlobFormat.NESTED_HEADER_SIZE + 1 + 1 + 4 + BlobFormat.ENTRY_OVERHEAD;
    BlobFormat.writeInt(bad, BlobFormat.ENTRY_HEADER_SIZE + 5, Integer.MAX_VALUE);
    CRC32 crc = new CRC32();
    crc.update(bad, 0, entrySize - 4);
    BlobFormat.writeInt(bad, entrySize - 4, (int) crc.getValue());
    memory.put("mem/count.blob", bad);
    BlobFileColumn column = track(BlobFileColumn.open(memory, "mem/count.blob", ARRAY, "c"));
    FieldVector target = track(fileFormVector("c", ARRAY));
    assertThatThrownBy(() -> column.readRange(0, 1, target))
        .isInstanceOf(BlobFormatException.class)
        .hasMessageContaining("mem/count.blob")
        .hasMessageContaining("cannot hold 2147483647 lengths");

    // A MAP file read as an ARRAY column, and the other way round.
    String map = blobFile(INT_MAP, w -> w.addMap(List.of(new SimpleEntry<>(1, new byte[2]))));
    BlobFileColumn asArray = track(BlobFileColumn.open(memory, map, ARRAY, "c"));
    assertThatThrownBy(() -> asArray.readRange(0, 1, target))
        .isInstanceOf(BlobFormatException.class)
        .hasMessageContaining("expected an ARRAY<BLOB> payload, found a MAP<K, BLOB> payload");
    BlobFileColumn asStringMap = track(BlobFileColumn.open(memory, map, STRING_MAP, "c"));
    FieldVector strings = track(fileFormVector("c", STRING_MAP));
    asStringMap.readRange(0, 1, strings); // 4 key bytes are a valid (if odd) string
    BlobFileColumn asLongMap =
        track(BlobFileColumn.open(memory, map, DataTypes.MAP(DataTypes.BIGINT(), BLOB), "c"));
    FieldVector longs = track(fileFormVector("c", DataTypes.MAP(DataTypes.BIGINT(), BLOB)));
    assertThatThrownBy(() -> asLongMap.readRange(0, 1, longs))
        .isInstanceOf(BlobFormatException.class)
        .hasMessageContaining("takes 8 bytes, found 4");
  }

  @Test
  void aNullMapKeyIsAFormatErrorAsInTheRowReader() throws IOException {
    String path =
        blobFile(
            INT_MAP,
            w -> {
              w.addMap(List.of(new SimpleEntry<>(1, new byte[1])));
              w.addMap(
                  Arrays.asList(new SimpleEntry<>(2, new byte[1]), new SimpleEntry<>(null, null)));
            });
    BlobFileColumn column = track(BlobFileColumn.open(memory, path, INT_MAP, "m"));
    FieldVector target = track(fileFormVector("m", INT_MAP));
    column.readRange(0, 1, target);
    assertThatThrownBy(() -> column.readRange(0, 2, target))
        .isInstanceOf(BlobFormatException.class)
        .hasMessageContaining(path)
        .hasMessageContaining("row 1: entry 1 of MAP column 'm' has a null key");
  }

  @Test
  void truncatedAndMutatedFilesGiveFormatErrorsOnly() throws IOException {
    List<DataType> types =
        List.of(BLOB, ARRAY, INT_MAP, STRING_MAP, DataTypes.MAP(DataTypes.DECIMAL(20, 2), BLOB));
    for (DataType type : types) {
      Random build = new Random(type.hashCode());
      byte[] good =
          writeBytes(
              type,
              w -> {
                for (int r = 0; r < 12; r++) {
                  if (r % 5 == 4) {
                    w.addNull();
                  } else {
                    addRandomCell(w, type, build);
                  }
                }
              });
      for (int length = 0; length < good.length; length++) {
        tryDamaged(type, Arrays.copyOf(good, length), "truncated to " + length);
      }
      long seed = 1000 + type.hashCode();
      Random rnd = new Random(seed);
      for (int c = 0; c < 1500; c++) {
        byte[] bad = good.clone();
        String mutation;
        if (rnd.nextBoolean()) {
          int at = rnd.nextInt(bad.length);
          bad[at] ^= (byte) (1 << rnd.nextInt(8));
          mutation = "bit flip at " + at;
        } else {
          int at = rnd.nextInt(bad.length - 3);
          int[] values = {0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, rnd.nextInt(64)};
          int v = values[rnd.nextInt(values.length)];
          ByteBuffer.wrap(bad).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(at, v);
          mutation = "int " + v + " at " + at;
        }
        tryDamaged(type, bad, "seed " + seed + ", case " + c + ", " + mutation);
      }
    }
  }

  /**
   * Opens and reads a damaged file: it may succeed or raise a BlobFormatException, nothing else.
   */
  private void tryDamaged(DataType type, byte[] bytes, String what) {
    String path = "mem/damaged.blob";
    memory.put(path, bytes);
    memory.reads.clear();
    try (BlobFileColumn column = BlobFileColumn.open(memory, path, type, "c");
        FieldVector target = fileFormVector("c", type)) {
      int rows = (int) column.rowCount();
      column.readRange(0, rows, target);
      long[] positions = new long[rows * 2];
      for (int i = 0; i < positions.length; i++) {
        positions[i] = (i * 7L) % rows;
      }
      column.read(positions, positions.length, target);
    } catch (BlobFormatException e) {
      assertThat(e.getMessage()).as(what).contains(path);
    } catch (Exception | Error e) {
      fail(type + ", " + what + ": " + e + "\nfile: " + HexFormat.of().formatHex(bytes), e);
    }
    for (long[] read : memory.reads) {
      assertThat(read[1])
          .as(what + ": a read larger than the file")
          .isLessThanOrEqualTo(bytes.length);
    }
  }
}
