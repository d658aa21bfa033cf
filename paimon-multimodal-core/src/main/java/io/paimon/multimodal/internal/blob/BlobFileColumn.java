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

import io.paimon.blob.BlobFileReader;
import io.paimon.blob.BlobFormat;
import io.paimon.blob.BlobFormatException;
import io.paimon.blob.BlobMapKeys;
import io.paimon.blob.BlobNestedCodec;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingInputFile;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.row.ArrowSchemas;
import io.paimon.row.SeekableInput;
import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.MapType;
import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The cells of one {@code .blob} file (layout in {@link BlobFormat}) as the file-form Arrow vectors
 * a {@code .row} reader would produce for the column, so that a column kept only in its {@code
 * .blob} file (Paimon's layout) reads like one stored as descriptors in the data file. The vectors
 * are exactly those of {@code RowFileReader.arrowReader} for {@link
 * StorageTypes#toFileType(DataType) StorageTypes.toFileType(columnType)} (see {@link
 * ArrowSchemas}):
 *
 * <ul>
 *   <li>{@code BLOB}: a {@link VarBinaryVector} of serialized {@link BlobDescriptor}s, each {@code
 *       (path, entry offset + 4, entry size - 16)}: the cell's payload;
 *   <li>{@code ARRAY<BLOB>}: a {@link ListVector} of such descriptors, one per element, covering
 *       the element's bytes inside the nested payload;
 *   <li>{@code MAP<K, BLOB>}: a {@code MapVector} of (decoded key, descriptor of the value).
 * </ul>
 *
 * A null cell, a null element or map value, and a placeholder row (whose value lives in another
 * file) read as null. The descriptors' URI is the {@code path} given to {@link #open}, which is
 * what the table's {@link FileIO} opens.
 *
 * <p>Cost: opening reads the tail and the row index and keeps the entry offsets (8 bytes a row, via
 * {@link BlobFileReader}); a {@code BLOB} cell then costs no I/O at all. A nested cell costs one
 * read of its 9-byte header and one of the end of its payload, sized for the worst case of its
 * length lists given its count (10 bytes an element, capped at {@value #MAX_TAIL_GUESS} bytes), and
 * for a MAP one read of its keys unless that covered them. Value bytes are not read, but for those
 * this tail read takes where the lists are shorter than their worst case. Within one {@link #read}
 * call a row asked for several times is read once.
 *
 * <p>Errors: a malformed index, nested payload or key raises {@link BlobFormatException} naming the
 * file and offset, as does a MAP with a null key (which an Arrow map cannot hold, as with the
 * {@code .row} reader); nested payloads are validated structurally but their CRCs are not checked,
 * since that needs every byte. On any exception from a read the target's content is unspecified.
 *
 * <p>Not thread-safe. Owns the file it opened and closes it in {@link #close}; the caller owns the
 * target vectors.
 */
public final class BlobFileColumn implements Closeable {

  /**
   * The largest speculative read of a nested payload's end: a count damaged into the billions must
   * not turn one cell into a huge read; past the cap the layout reads the lists exactly.
   */
  static final int MAX_TAIL_GUESS = 1 << 20;

  private final String path;
  private final String column;
  private final DataTypeRoot kind;
  private final BlobMapKeys keys; // MAP columns only
  private final Field fileField;
  private final SeekableInput in;
  private final BlobFileReader reader;

  /** A serialized descriptor of the file whose offset and length {@link #descriptor} patches. */
  private final byte[] descriptor;

  private BlobFileColumn(
      String path,
      String column,
      DataType type,
      BlobMapKeys keys,
      Field field,
      SeekableInput in,
      BlobFileReader reader) {
    this.path = path;
    this.column = column;
    this.kind = type.root();
    this.keys = keys;
    this.fileField = field;
    this.in = in;
    this.reader = reader;
    this.descriptor = new BlobDescriptor(path, 0, 0).serialize();
  }

  /**
   * Opens {@code path} through {@code io} and reads and checks its index.
   *
   * @param columnType {@code BLOB}, {@code ARRAY<BLOB>} or {@code MAP<K, BLOB>} with a key type
   *     {@link BlobMapKeys} allows
   * @param column the column's name, for the vectors' expected field and messages
   * @throws IllegalArgumentException if the column type cannot live in a {@code .blob} file or the
   *     path is empty (checked before the file is opened)
   * @throws BlobFormatException if the file's tail or index is malformed, naming the file
   */
  public static BlobFileColumn open(FileIO io, String path, DataType columnType, String column)
      throws IOException {
    return open(io, path, columnType, column, null);
  }

  /**
   * As {@link #open(FileIO, String, DataType, String)}, with the row index an earlier reader of the
   * same file read ({@link #index()}), or null to read it.
   */
  public static BlobFileColumn open(
      FileIO io, String path, DataType columnType, String column, BlobFileReader.Index index)
      throws IOException {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(column, "column");
    if (path.isEmpty()) {
      throw new IllegalArgumentException("path must not be empty");
    }
    boolean holds =
        switch (columnType.root()) {
          case BLOB -> true;
          case ARRAY -> ((ArrayType) columnType).elementType().root() == DataTypeRoot.BLOB;
          case MAP -> ((MapType) columnType).valueType().root() == DataTypeRoot.BLOB;
          default -> false;
        };
    if (!holds) {
      throw new IllegalArgumentException(
          String.format(
              "column '%s': a .blob file holds BLOB, ARRAY<BLOB> or MAP<K, BLOB>, not %s",
              column, columnType));
    }
    BlobMapKeys keys =
        columnType.root() == DataTypeRoot.MAP
            ? BlobMapKeys.forType(((MapType) columnType).keyType())
            : null;
    Field field = ArrowSchemas.toArrowField(column, StorageTypes.toFileType(columnType));
    // Messages name the path the caller knows the file by, which a FileIO's name() may not be.
    InputFile in =
        new ForwardingInputFile(io.newInputFile(path)) {
          @Override
          public String name() {
            return path;
          }
        };
    BlobFileReader reader =
        index == null
            ? BlobFileReader.open(in) // closes in if it fails
            : BlobFileReader.open(in, index);
    return new BlobFileColumn(path, column, columnType, keys, field, in, reader);
  }

  /** The file's row index, to open it again without reading it. */
  public BlobFileReader.Index index() {
    return reader.index();
  }

  /** The number of rows (cells, nulls and placeholders) in the file. */
  public long rowCount() {
    return reader.rowCount();
  }

  /**
   * Fills rows {@code [0, n)} of {@code target} with the cells at file positions {@code
   * positions[0..n)} (any order, repeats allowed): resets {@code target}, allocating as needed, and
   * sets its value count to {@code n}.
   *
   * @param target a vector of the column's file-form Arrow type ({@link ArrowSchemas#toArrowField}
   *     of {@code StorageTypes.toFileType(columnType)}; names and nullability may differ)
   * @throws IllegalArgumentException if {@code n} is outside {@code [0, positions.length]}, a
   *     position is outside {@code [0, rowCount())}, or {@code target} has another type
   * @throws BlobFormatException if a nested cell is malformed
   */
  public void read(long[] positions, int n, FieldVector target) throws IOException {
    if (n < 0 || n > positions.length) {
      throw new IllegalArgumentException(
          path + ": n = " + n + " is outside [0, " + positions.length + "] (positions.length)");
    }
    // All checked before the target is touched, so a bad position leaves it as it was.
    for (int i = 0; i < n; i++) {
      if (positions[i] < 0 || positions[i] >= rowCount()) {
        throw new IllegalArgumentException(
            path + ": position " + positions[i] + " is outside [0, " + rowCount() + ")");
      }
    }
    fill(positions, 0, n, target, kind == DataTypeRoot.BLOB ? null : new HashMap<>());
  }

  /**
   * As {@link #read}, for the consecutive positions {@code [from, from + n)}.
   *
   * @throws IllegalArgumentException if {@code n} is negative or the range is not within {@code [0,
   *     rowCount())}
   */
  public void readRange(long from, int n, FieldVector target) throws IOException {
    if (n < 0 || from < 0 || from > rowCount() - n) {
      throw new IllegalArgumentException(
          String.format(
              "%s: positions [%d, %d) are not within [0, %d)", path, from, from + n, rowCount()));
    }
    fill(null, from, n, target, null);
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  /** One nested cell: where its elements lie and, for a MAP, its decoded keys. */
  private record Cell(BlobNestedCodec.Layout layout, Object[] keys) {}

  /** Fills {@code target} with rows {@code positions[i]}, or {@code from + i} if null. */
  private void fill(
      long[] positions, long from, int n, FieldVector target, Map<Integer, Cell> cache)
      throws IOException {
    if (!sameShape(target.getField(), fileField)) {
      throw new IllegalArgumentException(
          path + ": target vector " + target.getField() + " is not of the file form " + fileField);
    }
    if (target.getValueCapacity() < n) {
      target.clear();
      if (target instanceof VarBinaryVector descriptors) {
        descriptors.setInitialCapacity(n, descriptor.length);
      } else {
        target.setInitialCapacity(n);
      }
      target.allocateNew();
    } else {
      target.reset();
    }
    for (int i = 0; i < n; i++) {
      int row = (int) (positions == null ? from + i : positions[i]);
      if (kind == DataTypeRoot.BLOB) {
        // Index only: the payload is where the entry says, nothing in the file needs reading.
        long size = reader.entrySize(row);
        if (size < 0) {
          target.setNull(i);
        } else {
          long offset = reader.entryOffset(row) + BlobFormat.ENTRY_HEADER_SIZE;
          ((VarBinaryVector) target)
              .setSafe(i, descriptor(offset, size - BlobFormat.ENTRY_OVERHEAD));
        }
      } else {
        fillNested((ListVector) target, i, cache == null ? load(row) : cached(row, cache));
      }
    }
    target.setValueCount(n);
  }

  /** Sets list (or map) {@code i} to {@code cell}, as the {@code .row} reader's codecs do. */
  private void fillNested(ListVector list, int i, Cell cell) {
    if (cell == null) {
      list.setNull(i);
      return;
    }
    BlobNestedCodec.Layout layout = cell.layout();
    int start = list.startNewValue(i);
    FieldVector values = list.getDataVector();
    if (kind == DataTypeRoot.MAP) {
      StructVector entries = (StructVector) values;
      List<FieldVector> kv = entries.getChildrenFromFields();
      values = kv.get(1);
      for (int e = 0; e < layout.count(); e++) {
        entries.setIndexDefined(start + e);
        setKey(kv.get(0), start + e, cell.keys()[e]);
      }
    }
    for (int e = 0; e < layout.count(); e++) {
      long length = layout.valueLength(e);
      if (length < 0) {
        values.setNull(start + e);
      } else {
        ((VarBinaryVector) values).setSafe(start + e, descriptor(layout.valueOffset(e), length));
      }
    }
    list.endValue(i, layout.count());
  }

  /**
   * The serialized descriptor of this file's range {@code [offset, offset + length)}, built in the
   * one template (setSafe copies it) instead of a new array per cell.
   */
  private byte[] descriptor(long offset, long length) {
    BlobFormat.writeLong(descriptor, descriptor.length - 16, offset);
    BlobFormat.writeLong(descriptor, descriptor.length - 8, length);
    return descriptor;
  }

  private Cell cached(int row, Map<Integer, Cell> cache) throws IOException {
    if (cache.containsKey(row)) {
      return cache.get(row);
    }
    Cell cell = load(row);
    cache.put(row, cell);
    return cell;
  }

  /** Reads row {@code row}'s nested layout (and keys); null for a null or placeholder row. */
  private Cell load(int row) throws IOException {
    long size = reader.entrySize(row);
    if (size < 0) {
      return null;
    }
    long at = reader.entryOffset(row) + BlobFormat.ENTRY_HEADER_SIZE;
    long length = size - BlobFormat.ENTRY_OVERHEAD;
    boolean map = kind == DataTypeRoot.MAP;
    Ranges ranges = new Ranges(in);
    if (length >= BlobFormat.NESTED_HEADER_SIZE) {
      // The header's count bounds the length lists at the payload's end, so one read of that
      // bound fetches list sizes and lists together instead of one read for each.
      byte[] header = ranges.fetch(at, BlobFormat.NESTED_HEADER_SIZE);
      long count = Math.max(0, BlobFormat.readInt(header, 5));
      long worst = (map ? 8 : 4) + count * BlobFormat.MAX_VARINT_BYTES * (map ? 2 : 1);
      long tail = Math.min(Math.min(worst, MAX_TAIL_GUESS), length - header.length);
      if (tail > 0) {
        ranges.fetch(at + length - tail, (int) tail);
      }
    }
    BlobNestedCodec.Layout layout = BlobNestedCodec.layout(ranges, at, length, map, path);
    return new Cell(layout, map ? decodeKeys(ranges, row, at, layout) : null);
  }

  /** Reads and decodes a MAP cell's keys, which lie together right after the payload's header. */
  private Object[] decodeKeys(Ranges ranges, int row, long at, BlobNestedCodec.Layout layout)
      throws IOException {
    long keysAt = at + BlobFormat.NESTED_HEADER_SIZE;
    long keyBytes = 0;
    for (int e = 0; e < layout.count(); e++) {
      if (layout.keyLength(e) < 0) {
        throw new BlobFormatException(
            path,
            at,
            String.format(
                "row %d: entry %d of MAP column '%s' has a null key, which an Arrow map cannot hold",
                row, e, column));
      }
      keyBytes += layout.keyLength(e);
    }
    // The layout placed the keys inside the payload, so this is bounded by the file's size.
    if (keyBytes > BlobFileReader.MAX_IN_MEMORY_ENTRY) {
      throw new BlobFormatException(
          path, keysAt, "row " + row + ": " + keyBytes + " bytes of map keys do not fit an array");
    }
    byte[] bytes = new byte[(int) keyBytes];
    ranges.readFully(keysAt, bytes, 0, bytes.length);
    Object[] decoded = new Object[layout.count()];
    Set<ByteBuffer> seen = new HashSet<>();
    for (int e = 0; e < decoded.length; e++) {
      int off = (int) (layout.keyOffset(e) - keysAt);
      int len = (int) layout.keyLength(e);
      decoded[e] = keys.decode(bytes, off, len, path, layout.keyOffset(e));
      if (!seen.add(ByteBuffer.wrap(bytes, off, len))) {
        Object key = decoded[e] instanceof byte[] b ? Arrays.toString(b) : decoded[e];
        throw new BlobFormatException(
            path,
            layout.keyOffset(e),
            "row " + row + ": MAP<K, BLOB> key " + key + " occurs twice");
      }
    }
    return decoded;
  }

  /** Sets a decoded key as the {@code .row} reader does for the key type (see ArrowSchemas). */
  private void setKey(FieldVector vector, int index, Object key) {
    switch (keys.type().root()) {
      case TINYINT -> ((TinyIntVector) vector).setSafe(index, (Byte) key);
      case SMALLINT -> ((SmallIntVector) vector).setSafe(index, (Short) key);
      case INTEGER -> ((IntVector) vector).setSafe(index, (Integer) key);
      case BIGINT -> ((BigIntVector) vector).setSafe(index, (Long) key);
      case BOOLEAN -> ((BitVector) vector).setSafe(index, (Boolean) key ? 1 : 0);
      case DECIMAL -> ((DecimalVector) vector).setSafe(index, (BigDecimal) key);
      case DATE -> ((DateDayVector) vector).setSafe(index, (int) ((LocalDate) key).toEpochDay());
      case TIME_WITHOUT_TIME_ZONE ->
          ((TimeMilliVector) vector)
              .setSafe(index, (int) (((LocalTime) key).toNanoOfDay() / 1_000_000L));
      case CHAR, VARCHAR ->
          ((VarCharVector) vector).setSafe(index, ((String) key).getBytes(StandardCharsets.UTF_8));
      default -> ((VarBinaryVector) vector).setSafe(index, (byte[]) key);
    }
  }

  /** Whether two fields have the same Arrow types, recursively (names and nullability aside). */
  private static boolean sameShape(Field a, Field b) {
    if (!a.getType().equals(b.getType()) || a.getChildren().size() != b.getChildren().size()) {
      return false;
    }
    for (int i = 0; i < a.getChildren().size(); i++) {
      if (!sameShape(a.getChildren().get(i), b.getChildren().get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The ranges of one nested cell read so far, serving the layout's reads from them and reading the
   * file only for what they do not cover (a damaged or very large cell).
   */
  private static final class Ranges implements BlobNestedCodec.Source {
    private final SeekableInput in;
    private final long[] starts = new long[2];
    private final byte[][] buffers = new byte[2][];
    private int count;

    Ranges(SeekableInput in) {
      this.in = in;
    }

    byte[] fetch(long position, int length) throws IOException {
      byte[] buffer = new byte[length];
      in.readFully(position, buffer, 0, length);
      starts[count] = position;
      buffers[count++] = buffer;
      return buffer;
    }

    @Override
    public void readFully(long position, byte[] buf, int off, int len) throws IOException {
      for (int i = 0; i < count; i++) {
        long rel = position - starts[i];
        if (rel >= 0 && rel <= buffers[i].length - (long) len) {
          System.arraycopy(buffers[i], (int) rel, buf, off, len);
          return;
        }
      }
      in.readFully(position, buf, off, len);
    }
  }
}
