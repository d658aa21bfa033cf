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
package io.paimon.row.internal;

import io.paimon.row.RowFormatException;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.RowType;
import io.paimon.types.VectorType;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/** The ARRAY, nested ROW and VECTOR encoders of {@link ArrowEncoder}. */
final class ArrowNestedEncoders {

  private ArrowNestedEncoders() {}

  static final class ListEncoder extends ArrowEncoder {
    private final ArrowEncoder element;
    private final boolean nullable;

    ListEncoder(String path, ListVector vector, FieldCodec elementCodec, ArrowEncoder element) {
      super(path, vector);
      this.element = element;
      this.nullable = elementCodec.type.isNullable();
    }

    @Override
    void encode(ByteSink out, int index) throws RowFormatException {
      long range = offsets(index);
      int start = (int) (range >> 32);
      encodeElements(out, element, nullable, start, (int) range - start);
    }
  }

  /** A nested ROW: its own null bitmap, then its non-null fields, children found by name. */
  static final class StructEncoder extends ArrowEncoder {
    private final ArrowEncoder[] fields;
    private final boolean[] nullable;
    private final int bitmapBytes;

    private StructEncoder(
        String path, FieldVector vector, ArrowEncoder[] fields, boolean[] nullable) {
      super(path, vector);
      this.fields = fields;
      this.nullable = nullable;
      this.bitmapBytes = (fields.length + 7) >>> 3;
    }

    static StructEncoder create(NestedCodecs.StructCodec codec, StructVector vector) {
      RowType type = (RowType) codec.type;
      FieldCodec[] codecs = codec.fields();
      ArrowEncoder[] fields = new ArrowEncoder[codecs.length];
      boolean[] nullable = new boolean[codecs.length];
      for (int i = 0; i < codecs.length; i++) {
        fields[i] =
            ArrowEncoder.create(
                codecs[i], vector.getChild(type.fields().get(i).name(), FieldVector.class));
        nullable[i] = codecs[i].type.isNullable();
      }
      return new StructEncoder(codec.path, vector, fields, nullable);
    }

    @Override
    void encode(ByteSink out, int index) throws RowFormatException {
      int bitmap = out.reserveZeros(bitmapBytes);
      for (int i = 0; i < fields.length; i++) {
        ArrowEncoder field = fields[i];
        if (field.isNull(index)) {
          if (!nullable[i]) {
            throw new IllegalArgumentException("field '" + field.path + "' is NOT NULL but null");
          }
          out.setBit(bitmap, i);
        } else {
          encode(field, out, index);
        }
      }
    }
  }

  /** VECTOR&lt;T, n&gt;: varint(n), then n elements without a null bitmap. */
  static final class FixedSizeListEncoder extends ArrowEncoder {
    private final int length;
    private final int width;
    private final boolean bits;

    /** The elements: BOOLEANs are bits in Arrow and bytes in the file, encoded one by one. */
    private final ArrowEncoder element;

    FixedSizeListEncoder(String path, FixedSizeListVector vector, VectorType type) {
      super(path, vector);
      this.length = type.length();
      this.bits = type.elementType().root() == DataTypeRoot.BOOLEAN;
      FieldVector child = vector.getDataVector();
      this.width = bits ? 1 : ((BaseFixedWidthVector) child).getTypeWidth();
      this.element =
          bits
              ? new ArrowEncoder.Bool(path + "[]", child)
              : new ArrowEncoder.Fixed(path + "[]", child, width);
    }

    @Override
    void encode(ByteSink out, int index) throws RowFormatException {
      int start = index * length;
      for (int i = 0; i < length; i++) {
        if (element.isNull(start + i)) {
          throw new IllegalArgumentException(
              "field '" + path + "': element " + i + " of a VECTOR is null");
        }
      }
      out.writeVarint(length);
      if (bits) {
        for (int i = 0; i < length; i++) {
          element.encode(out, start + i);
        }
      } else {
        out.writeBytes(
            address(element.dataBuffer(), (long) start * width, (long) length * width),
            length * width);
      }
    }
  }
}
