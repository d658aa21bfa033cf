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

import io.paimon.blob.BlobFileWriter;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingFileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DataTypes;
import io.paimon.types.DecimalType;
import io.paimon.types.MapType;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * What the {@link BlobFileColumn} tests share: column types, random cells, {@code .blob} files
 * written in memory, and the descriptors of a file-form vector's cells.
 */
final class BlobColumnFixtures {

  private BlobColumnFixtures() {}

  static final DataType BLOB = DataTypes.BLOB();
  static final DataType ARRAY = DataTypes.ARRAY(DataTypes.BLOB());
  static final DataType INT_MAP = DataTypes.MAP(DataTypes.INT(), DataTypes.BLOB());
  static final DataType STRING_MAP = DataTypes.MAP(DataTypes.STRING(), DataTypes.BLOB());

  /** A table with a BLOB column of every shape and a MAP for every key type the layout allows. */
  static Object value(DataType type, Random rnd) {
    if (type.root() == DataTypeRoot.BLOB) {
      return blob(rnd);
    }
    int size = rnd.nextInt(5);
    if (type.root() == DataTypeRoot.ARRAY) {
      List<byte[]> out = new ArrayList<>();
      for (int i = 0; i < size; i++) {
        out.add(rnd.nextInt(5) == 0 ? null : blob(rnd));
      }
      return out;
    }
    DataType keyType = ((MapType) type).keyType();
    Map<Object, byte[]> out = new LinkedHashMap<>();
    Set<Object> seen = new HashSet<>();
    for (int tries = 0; out.size() < size && tries < 20; tries++) {
      Object key = key(keyType, rnd);
      if (seen.add(key instanceof byte[] b ? ByteBuffer.wrap(b) : key)) {
        out.put(key, rnd.nextInt(5) == 0 ? null : blob(rnd));
      }
    }
    return out;
  }

  static byte[] blob(Random rnd) {
    byte[] b = new byte[rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(60)];
    rnd.nextBytes(b);
    return b;
  }

  static Object key(DataType type, Random rnd) {
    switch (type.root()) {
      case INTEGER:
        return rnd.nextInt();
      case BIGINT:
        return rnd.nextLong();
      case TINYINT:
        return (byte) rnd.nextInt();
      case SMALLINT:
        return (short) rnd.nextInt();
      case BOOLEAN:
        return rnd.nextBoolean();
      case DECIMAL:
        {
          DecimalType d = (DecimalType) type;
          // Fewer bits than 10^precision needs, so every value fits.
          BigInteger unscaled = new BigInteger((int) (d.precision() * 3.32) - 1, rnd);
          return new BigDecimal(rnd.nextBoolean() ? unscaled : unscaled.negate(), d.scale());
        }
      case DATE:
        return LocalDate.ofEpochDay(rnd.nextInt(40_000) - 20_000);
      case TIME_WITHOUT_TIME_ZONE:
        return LocalTime.ofNanoOfDay(rnd.nextInt(86_400_000) * 1_000_000L);
      case VARBINARY:
        {
          byte[] b = new byte[rnd.nextInt(6)];
          rnd.nextBytes(b);
          return b;
        }
      default:
        String[] words = {"", "a", "lake", "\u00e9t\u00e9", "\u6f22\u5b57", "\ud83d\ude00"};
        return words[rnd.nextInt(words.length)] + rnd.nextInt(10);
    }
  }

  /** Appends a random non-null cell; returns each element's {offset, length}, null ones null. */
  static List<long[]> addRandomCell(BlobFileWriter w, DataType type, Random rnd)
      throws IOException {
    if (type.root() == DataTypeRoot.BLOB) {
      return Arrays.asList(w.add(blob(rnd)));
    }
    BlobFileWriter.NestedCell cell;
    Object value = value(type, rnd);
    if (type.root() == DataTypeRoot.ARRAY) {
      cell = w.addArray(castList(value));
    } else {
      List<SimpleEntry<Object, byte[]>> entries = new ArrayList<>();
      ((Map<?, ?>) value).forEach((k, v) -> entries.add(new SimpleEntry<>(k, (byte[]) v)));
      cell = w.addMap(entries);
    }
    List<long[]> ranges = new ArrayList<>();
    for (int e = 0; e < cell.layout().count(); e++) {
      long length = cell.layout().valueLength(e);
      ranges.add(length < 0 ? null : new long[] {cell.layout().valueOffset(e), length});
    }
    return ranges;
  }

  @SuppressWarnings("unchecked")
  static List<byte[]> castList(Object value) {
    return (List<byte[]>) value;
  }

  /** A table value's payloads in stored order: the BLOB, the elements or the map values. */
  static List<byte[]> payloads(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof byte[] b) {
      return Arrays.asList(b);
    }
    if (value instanceof List<?> list) {
      return castList(list);
    }
    List<byte[]> out = new ArrayList<>();
    ((Map<?, ?>) value).values().forEach(v -> out.add((byte[]) v));
    return out;
  }

  /**
   * The descriptors of row {@code r} of a file-form vector: one for a BLOB, one per element or map
   * value (null ones null), or null for a null row.
   */
  static List<BlobDescriptor> descriptors(FieldVector vector, int r) {
    if (vector.isNull(r)) {
      return null;
    }
    if (vector instanceof VarBinaryVector v) {
      return List.of(BlobDescriptor.deserialize(v.get(r)));
    }
    ListVector list = (ListVector) vector;
    FieldVector data = list.getDataVector();
    VarBinaryVector values =
        (VarBinaryVector)
            (data instanceof StructVector s ? s.getChildrenFromFields().get(1) : data);
    List<BlobDescriptor> out = new ArrayList<>();
    for (int i = list.getElementStartIndex(r); i < list.getElementEndIndex(r); i++) {
      out.add(values.isNull(i) ? null : BlobDescriptor.deserialize(values.get(i)));
    }
    return out;
  }

  @FunctionalInterface
  interface Cells {
    void write(BlobFileWriter w) throws IOException;
  }

  static byte[] writeBytes(DataType type, Cells cells) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BlobFileWriter w = new BlobFileWriter(out, "mem", type)) {
      cells.write(w);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** An empty vector of a column's file-form Arrow type. */
  static FieldVector fileFormVector(BufferAllocator allocator, String name, DataType type) {
    return ArrowSchemas.toArrowField(name, StorageTypes.toFileType(type)).createVector(allocator);
  }

  /**
   * Files held in memory (other paths go to the local file system), recording every read as
   * {position, length} and counting open files. Its files' {@code name()} differs from their path,
   * so tests see that messages name the path the caller gave.
   */
  static final class MemoryFileIO extends ForwardingFileIO {
    final Map<String, byte[]> files = new HashMap<>();
    final List<long[]> reads = new ArrayList<>();
    int open;

    MemoryFileIO() {
      super(FileIO.local());
    }

    void put(String path, byte[] bytes) {
      files.put(path, bytes);
    }

    @Override
    public InputFile newInputFile(String path) throws IOException {
      byte[] bytes = files.get(path);
      if (bytes == null) {
        throw new FileNotFoundException(path);
      }
      open++;
      return new InputFile() {
        private boolean closed;

        @Override
        public String name() {
          return "memory:" + path.hashCode();
        }

        @Override
        public long length() {
          return bytes.length;
        }

        @Override
        public void readFully(long position, byte[] buf, int off, int len) throws IOException {
          reads.add(new long[] {position, len});
          if (position < 0 || position > bytes.length - (long) len) {
            throw new EOFException(path + ": " + len + " bytes at " + position + " past the end");
          }
          System.arraycopy(bytes, (int) position, buf, off, len);
        }

        @Override
        public void close() {
          if (!closed) {
            closed = true;
            open--;
          }
        }
      };
    }
  }
}
