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
package io.paimon.multimodal.testing;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.row.ArrowSchemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.util.Text;

/**
 * Cell values as the assertions compare and print them. Values are normalized first: primitive
 * arrays and lists become lists, Arrow's {@link Text} a string, a byte array a read-only {@link
 * ByteBuffer} (compared by content), a BLOB descriptor the bytes it points at when a {@link FileIO}
 * is given, integers a {@code Long}, and a {@code Float} stays a float. Stateless.
 */
final class Cells {

  private static final int MAX_BYTES_SHOWN = 16;

  private Cells() {}

  /** Whether two cells are equal after normalization. */
  static boolean equal(Object expected, Object actual, FileIO blobs) {
    Object e = normalize(expected, blobs);
    Object a = normalize(actual, blobs);
    if (e instanceof Double || a instanceof Double) {
      if (e instanceof Number en && a instanceof Number an) {
        return e instanceof Float || a instanceof Float
            ? Float.compare(en.floatValue(), an.floatValue()) == 0
            : Double.compare(en.doubleValue(), an.doubleValue()) == 0;
      }
    }
    return java.util.Objects.equals(e, a);
  }

  /** The normal form of a value (see the class comment). */
  static Object normalize(Object v, FileIO blobs) {
    if (v == null) {
      return null;
    }
    if (v instanceof BlobDescriptor d && blobs != null) {
      return ByteBuffer.wrap(read(blobs, d)).asReadOnlyBuffer();
    }
    if (v instanceof byte[] b) {
      return ByteBuffer.wrap(b).asReadOnlyBuffer();
    }
    if (v instanceof Text t) {
      return t.toString();
    }
    if (v instanceof Byte || v instanceof Short || v instanceof Integer) {
      return ((Number) v).longValue();
    }
    if (v.getClass().isArray()) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < Array.getLength(v); i++) {
        out.add(normalize(Array.get(v, i), blobs));
      }
      return out;
    }
    if (v instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      for (Object o : list) {
        out.add(normalize(o, blobs));
      }
      return out;
    }
    if (v instanceof Map<?, ?> map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map.forEach((k, x) -> out.put(normalize(k, blobs), normalize(x, blobs)));
      return out;
    }
    return v;
  }

  /** A short form of a value for failure messages: byte arrays by size and first bytes. */
  static String describe(Object v) {
    Object n = normalize(v, null);
    if (n instanceof ByteBuffer b) {
      byte[] head = new byte[Math.min(b.remaining(), MAX_BYTES_SHOWN)];
      b.duplicate().get(head);
      return "byte["
          + b.remaining()
          + "] "
          + HexFormat.ofDelimiter(" ").formatHex(head)
          + (b.remaining() > MAX_BYTES_SHOWN ? " ..." : "");
    }
    if (n instanceof String s) {
      return '"' + s + '"';
    }
    return String.valueOf(n);
  }

  /** The bytes a descriptor points at. */
  static byte[] read(FileIO io, BlobDescriptor d) {
    try (InputFile in = io.newInputFile(d.uri())) {
      long length =
          d.length() == BlobDescriptor.UNKNOWN_LENGTH ? in.length() - d.offset() : d.length();
      byte[] out = new byte[Math.toIntExact(length)];
      in.readFully(d.offset(), out, 0, out.length);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the BLOB " + d, e);
    }
  }

  /** A cell of an Arrow batch: BLOB descriptor structs become {@link BlobDescriptor}s. */
  static Object fromArrow(FieldVector vector, int row) {
    if (vector.isNull(row)) {
      return null;
    }
    if (vector instanceof StructVector struct
        && "BLOB".equals(vector.getField().getMetadata().get(ArrowSchemas.PAIMON_TYPE_KEY))) {
      Object uri = struct.getChild("uri").getObject(row);
      long offset = ((Number) struct.getChild("offset").getObject(row)).longValue();
      long length = ((Number) struct.getChild("length").getObject(row)).longValue();
      return new BlobDescriptor(uri.toString(), offset, length);
    }
    return vector.getObject(row);
  }

  /** The rows of an Arrow batch, by column name. */
  static List<Map<String, Object>> rows(VectorSchemaRoot root) {
    List<Map<String, Object>> rows = new ArrayList<>(root.getRowCount());
    for (int i = 0; i < root.getRowCount(); i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (FieldVector v : root.getFieldVectors()) {
        row.put(v.getName(), fromArrow(v, i));
      }
      rows.add(row);
    }
    return rows;
  }
}
