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
package io.paimon.multimodal.internal;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.row.RowFormatException;
import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.MapType;
import io.paimon.types.RowType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Copies one cell of a BLOB-bearing column from its data-file form (BLOB cells as serialized
 * descriptors in a Binary vector) to its output form (descriptor structs, see {@link
 * io.paimon.multimodal.arrow.TableArrow}), walking ARRAY, MAP and ROW around the BLOBs and copying
 * every part without a BLOB vector-to-vector. Stateless.
 */
public final class BlobVectors {

  private BlobVectors() {}

  /**
   * Converts {@code src[srcIndex]} (file form of {@code type}) into {@code out[outIndex]}.
   *
   * @throws RowFormatException if a stored descriptor is malformed, naming the column and file
   */
  public static void copy(
      String column,
      String file,
      DataType type,
      FieldVector src,
      int srcIndex,
      FieldVector out,
      int outIndex)
      throws RowFormatException {
    if (src.isNull(srcIndex)) {
      out.setNull(outIndex);
      return;
    }
    if (!StorageTypes.containsBlob(type)) {
      out.copyFromSafe(srcIndex, outIndex, src);
      return;
    }
    switch (type.root()) {
      case BLOB:
        {
          BlobDescriptor d;
          try {
            d = BlobDescriptor.deserialize(((VarBinaryVector) src).get(srcIndex));
          } catch (IllegalArgumentException e) {
            throw new RowFormatException(
                file,
                -1,
                "column '" + column + "' holds a malformed BLOB descriptor: " + e.getMessage(),
                e);
          }
          StructVector s = (StructVector) out;
          s.setIndexDefined(outIndex);
          ((VarCharVector) s.getChild("uri"))
              .setSafe(outIndex, d.uri().getBytes(StandardCharsets.UTF_8));
          ((BigIntVector) s.getChild("offset")).setSafe(outIndex, d.offset());
          ((BigIntVector) s.getChild("length")).setSafe(outIndex, d.length());
          return;
        }
      case ARRAY:
        {
          ListVector from = (ListVector) src;
          ListVector to = (ListVector) out;
          int start = from.getElementStartIndex(srcIndex);
          int size = from.getElementEndIndex(srcIndex) - start;
          int outStart = to.startNewValue(outIndex);
          DataType element = ((ArrayType) type).elementType();
          for (int i = 0; i < size; i++) {
            copy(
                column,
                file,
                element,
                from.getDataVector(),
                start + i,
                to.getDataVector(),
                outStart + i);
          }
          to.endValue(outIndex, size);
          return;
        }
      case MAP:
        {
          ListVector from = (ListVector) src;
          ListVector to = (ListVector) out;
          StructVector fromEntries = (StructVector) from.getDataVector();
          StructVector toEntries = (StructVector) to.getDataVector();
          List<FieldVector> fromKv = fromEntries.getChildrenFromFields();
          List<FieldVector> toKv = toEntries.getChildrenFromFields();
          MapType m = (MapType) type;
          int start = from.getElementStartIndex(srcIndex);
          int size = from.getElementEndIndex(srcIndex) - start;
          int outStart = to.startNewValue(outIndex);
          for (int i = 0; i < size; i++) {
            toEntries.setIndexDefined(outStart + i);
            copy(column, file, m.keyType(), fromKv.get(0), start + i, toKv.get(0), outStart + i);
            copy(column, file, m.valueType(), fromKv.get(1), start + i, toKv.get(1), outStart + i);
          }
          to.endValue(outIndex, size);
          return;
        }
      case ROW:
        {
          StructVector from = (StructVector) src;
          StructVector to = (StructVector) out;
          RowType r = (RowType) type;
          List<FieldVector> fromChildren = from.getChildrenFromFields();
          List<FieldVector> toChildren = to.getChildrenFromFields();
          to.setIndexDefined(outIndex);
          for (int f = 0; f < r.fieldCount(); f++) {
            copy(
                column,
                file,
                r.typeAt(f),
                fromChildren.get(f),
                srcIndex,
                toChildren.get(f),
                outIndex);
          }
          return;
        }
      default:
        out.copyFromSafe(srcIndex, outIndex, src);
    }
  }
}
