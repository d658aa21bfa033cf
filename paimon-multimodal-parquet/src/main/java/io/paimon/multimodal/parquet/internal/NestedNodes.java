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
package io.paimon.multimodal.parquet.internal;

import io.paimon.row.Row;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.column.ColumnReader;

/**
 * The nodes {@link NestedColumn} assembles values with, one per level of a nested Paimon type. A
 * node reads its leaves' current level entries through the shared {@link Leaves}; it is given a
 * vector of the Arrow layout {@code ArrowSchemas} maps its type to. Not thread-safe.
 */
final class NestedNodes {

  private NestedNodes() {}

  /** The leaf readers of the current row group, shared by a column's nodes. */
  static final class Leaves {
    ColumnReader[] readers;
  }

  /** A value of the column's tree: its leaves are {@code first..first+count-1}. */
  abstract static class Node {
    final Leaves b;
    final int first;
    final int count;

    Node(Leaves b, int first, int count) {
      this.b = b;
      this.first = first;
      this.count = count;
    }

    abstract void read(FieldVector vector, int index);

    abstract Object value();

    final int definition() {
      return b.readers[first].getCurrentDefinitionLevel();
    }

    final boolean continues(int repetition) {
      return b.readers[first].getCurrentRepetitionLevel() == repetition;
    }

    /** Consumes the single entry a null or empty value leaves in each leaf. */
    final void consumeOne() {
      for (int l = first, end = first + count; l < end; l++) {
        b.readers[l].consume();
      }
    }

    static int first(Node... nodes) {
      for (Node n : nodes) {
        if (n != null) {
          return n.first;
        }
      }
      return 0;
    }

    static int count(Node... nodes) {
      int c = 0;
      for (Node n : nodes) {
        c += n == null ? 0 : n.count;
      }
      return c;
    }
  }

  static final class Leaf extends Node {
    private final ColumnDecoder decoder;

    Leaf(Leaves b, int leaf, ColumnDecoder decoder) {
      super(b, leaf, 1);
      this.decoder = decoder;
    }

    @Override
    void read(FieldVector vector, int index) {
      decoder.decode(b.readers[first], vector, index);
    }

    @Override
    Object value() {
      return decoder.value(b.readers[first]);
    }
  }

  /** ROW, or VARIANT (value and metadata binaries); a null child is a field the file lacks. */
  static final class Struct extends Node {
    private final int def;
    private final Node[] children;
    private final boolean variant;

    Struct(Leaves b, int def, Node[] children, boolean variant) {
      super(b, first(children), count(children));
      this.def = def;
      this.children = children;
      this.variant = variant;
    }

    @Override
    void read(FieldVector vector, int index) {
      StructVector s = (StructVector) vector;
      if (definition() < def) {
        s.setNull(index);
        for (int k = 0; k < children.length; k++) {
          ((FieldVector) s.getChildByOrdinal(k)).setNull(index);
        }
        consumeOne();
        return;
      }
      s.setIndexDefined(index);
      for (int k = 0; k < children.length; k++) {
        FieldVector child = (FieldVector) s.getChildByOrdinal(k);
        if (children[k] == null) {
          child.setNull(index);
        } else {
          children[k].read(child, index);
        }
      }
    }

    @Override
    Object value() {
      if (definition() < def) {
        consumeOne();
        return null;
      }
      Object[] values = new Object[children.length];
      for (int k = 0; k < children.length; k++) {
        values[k] = children[k] == null ? null : children[k].value();
      }
      if (variant) {
        if (values[0] == null || values[1] == null) {
          throw new IllegalStateException("a VARIANT without its value or metadata");
        }
        return Variant.of((byte[]) values[0], (byte[]) values[1]);
      }
      return Row.wrap(values);
    }
  }

  /**
   * A list-shaped value (ARRAY, MAP, MULTISET): null below {@code def}, empty below {@code
   * elementDef}, its items going on while the first leaf repeats at {@code rep}.
   */
  abstract static class Repeated extends Node {
    final int def;
    final int elementDef;
    final int rep;

    Repeated(Leaves b, int first, int count, int def, int elementDef, int rep) {
      super(b, first, count);
      this.def = def;
      this.elementDef = elementDef;
      this.rep = rep;
    }

    /**
     * Starts value {@code index} of {@code list}: the offset of its first item, or -1 when it is
     * null or empty (then already written and consumed).
     */
    final int open(ListVector list, int index) {
      int d = definition();
      if (d < def) {
        list.setNull(index);
        consumeOne();
        return -1;
      }
      int start = list.startNewValue(index);
      if (d < elementDef) {
        list.endValue(index, 0);
        consumeOne();
        return -1;
      }
      return start;
    }

    /** For the Java value: -1 when null, 0 when empty (both consumed), 1 when it has items. */
    final int items() {
      int d = definition();
      if (d < elementDef) {
        consumeOne();
        return d < def ? -1 : 0;
      }
      return 1;
    }
  }

  /** ARRAY. */
  static final class ListNode extends Repeated {
    private final Node element;

    ListNode(Leaves b, int def, int elementDef, int rep, Node element) {
      super(b, element.first, element.count, def, elementDef, rep);
      this.element = element;
    }

    @Override
    void read(FieldVector vector, int index) {
      ListVector list = (ListVector) vector;
      int start = open(list, index);
      if (start < 0) {
        return;
      }
      FieldVector data = list.getDataVector();
      int n = 0;
      do {
        element.read(data, start + n);
        n++;
      } while (continues(rep));
      list.endValue(index, n);
    }

    @Override
    Object value() {
      int items = items();
      if (items < 0) {
        return null;
      }
      List<Object> out = new ArrayList<>();
      while (items > 0) {
        out.add(element.value());
        items = continues(rep) ? 1 : 0;
      }
      return out;
    }
  }

  /** MAP and MULTISET: entries of a key and a value, keys kept once with their last value. */
  static final class MapNode extends Repeated {
    private final Node key;
    private final Node value;

    MapNode(Leaves b, int def, int entryDef, int rep, Node key, Node value) {
      super(b, key.first, key.count + value.count, def, entryDef, rep);
      this.key = key;
      this.value = value;
    }

    @Override
    void read(FieldVector vector, int index) {
      ListVector map = (ListVector) vector;
      int start = open(map, index);
      if (start < 0) {
        return;
      }
      StructVector entries = (StructVector) map.getDataVector();
      FieldVector keys = (FieldVector) entries.getChildByOrdinal(0);
      FieldVector values = (FieldVector) entries.getChildByOrdinal(1);
      int n = 0;
      do {
        entries.setIndexDefined(start + n);
        key.read(keys, start + n);
        if (keys.isNull(start + n)) {
          throw new IllegalStateException("a null map key");
        }
        value.read(values, start + n);
        n++;
      } while (continues(rep));
      map.endValue(index, n);
    }

    @Override
    Object value() {
      int items = items();
      if (items < 0) {
        return null;
      }
      Map<Object, Object> out = new LinkedHashMap<>();
      while (items > 0) {
        Object k = key.value();
        if (k == null) {
          throw new IllegalStateException("a null map key");
        }
        out.put(k, value.value());
        items = continues(rep) ? 1 : 0;
      }
      return out;
    }
  }

  /** VECTOR stored as a list: exactly the type's length of non-null elements. */
  static final class VectorNode extends Node {
    private final String name;
    private final int def;
    private final int elementDef;
    private final int rep;
    private final Node element;
    private final VectorType type;

    VectorNode(
        Leaves b, String name, int def, int elementDef, int rep, Node element, VectorType type) {
      super(b, element.first, element.count);
      this.name = name;
      this.def = def;
      this.elementDef = elementDef;
      this.rep = rep;
      this.element = element;
      this.type = type;
    }

    @Override
    void read(FieldVector vector, int index) {
      FixedSizeListVector v = (FixedSizeListVector) vector;
      int d = definition();
      if (d < def) {
        v.setNull(index);
        consumeOne();
        return;
      }
      int start = v.startNewValue(index);
      if (d < elementDef) {
        wrongLength(0);
      }
      FieldVector data = v.getDataVector();
      int n = 0;
      do {
        if (n == type.length()) {
          wrongLength(n + 1);
        }
        element.read(data, start + n);
        if (data.isNull(start + n)) {
          throw new IllegalStateException("VECTOR column '" + name + "' holds a null element");
        }
        n++;
      } while (continues(rep));
      if (n != type.length()) {
        wrongLength(n);
      }
    }

    @Override
    Object value() {
      int d = definition();
      if (d < def) {
        consumeOne();
        return null;
      }
      if (d < elementDef) {
        wrongLength(0);
      }
      List<Object> values = new ArrayList<>(type.length());
      do {
        Object e = element.value();
        if (e == null) {
          throw new IllegalStateException("VECTOR column '" + name + "' holds a null element");
        }
        values.add(e);
      } while (continues(rep) && values.size() <= type.length());
      if (values.size() != type.length()) {
        wrongLength(values.size());
      }
      return primitive(values);
    }

    /** The primitive array of the element type ({@code float[]}...) holding {@code values}. */
    private Object primitive(List<Object> values) {
      Class<?> component;
      switch (type.elementType().root()) {
        case BOOLEAN:
          component = boolean.class;
          break;
        case TINYINT:
          component = byte.class;
          break;
        case SMALLINT:
          component = short.class;
          break;
        case INTEGER:
          component = int.class;
          break;
        case BIGINT:
          component = long.class;
          break;
        case FLOAT:
          component = float.class;
          break;
        default:
          component = double.class;
      }
      Object array = java.lang.reflect.Array.newInstance(component, values.size());
      for (int i = 0; i < values.size(); i++) {
        // Unboxes into the primitive slot.
        java.lang.reflect.Array.set(array, i, values.get(i));
      }
      return array;
    }

    private void wrongLength(int n) {
      throw new IllegalStateException(
          "VECTOR column '"
              + name
              + "' of length "
              + type.length()
              + " holds a list of "
              + (n > type.length() ? "more than " + type.length() : String.valueOf(n))
              + " elements");
    }
  }
}
