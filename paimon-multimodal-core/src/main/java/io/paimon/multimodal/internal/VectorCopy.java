package io.paimon.multimodal.internal;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Copies one value between vectors of the same type, growing the target as needed. What {@code
 * ValueVector.copyFromSafe} does, but lists (and maps), fixed-size lists and structs are copied
 * element by element through their child vectors instead of through Arrow's generic
 * reader/writer copier, which is many times slower. Stateless.
 */
public final class VectorCopy {

  private VectorCopy() {}

  /** Copies {@code from[fromIndex]} to {@code to[toIndex]}. */
  public static void copy(ValueVector from, int fromIndex, ValueVector to, int toIndex) {
    if (from instanceof ListVector) { // also MapVector
      ListVector source = (ListVector) from;
      ListVector target = (ListVector) to;
      if (source.isNull(fromIndex)) {
        target.setNull(toIndex);
        return;
      }
      int start = source.getElementStartIndex(fromIndex);
      int end = source.getElementEndIndex(fromIndex);
      int at = target.startNewValue(toIndex);
      ValueVector elements = source.getDataVector();
      ValueVector targetElements = target.getDataVector();
      for (int i = start; i < end; i++) {
        copy(elements, i, targetElements, at + i - start);
      }
      target.endValue(toIndex, end - start);
    } else if (from instanceof FixedSizeListVector) {
      FixedSizeListVector source = (FixedSizeListVector) from;
      FixedSizeListVector target = (FixedSizeListVector) to;
      int size = source.getListSize();
      if (source.isNull(fromIndex)) {
        target.setNull(toIndex);
      } else {
        target.setNotNull(toIndex);
      }
      ValueVector elements = source.getDataVector();
      ValueVector targetElements = target.getDataVector();
      for (int i = 0; i < size; i++) {
        copy(elements, fromIndex * size + i, targetElements, toIndex * size + i);
      }
    } else if (from instanceof NonNullableStructVector) {
      NonNullableStructVector source = (NonNullableStructVector) from;
      if (to instanceof StructVector) {
        if (source.isNull(fromIndex)) {
          ((StructVector) to).setNull(toIndex);
        } else {
          ((StructVector) to).setIndexDefined(toIndex);
        }
      }
      List<FieldVector> children = source.getChildrenFromFields();
      List<FieldVector> targetChildren = ((NonNullableStructVector) to).getChildrenFromFields();
      for (int c = 0; c < children.size(); c++) {
        copy(children.get(c), fromIndex, targetChildren.get(c), toIndex);
      }
    } else {
      to.copyFromSafe(fromIndex, toIndex, from);
    }
  }
}
