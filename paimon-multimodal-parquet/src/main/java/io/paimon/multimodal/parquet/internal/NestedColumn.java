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

import io.paimon.row.RowFormatException;
import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.IntType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.VectorType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Assembles one top-level nested column (ARRAY, MAP, MULTISET, ROW, VARIANT, or VECTOR stored as a
 * list) from the repetition and definition levels of its leaf columns, straight into the Arrow
 * vector of its Paimon type or into the Java value model. Follows parquet's list and map layouts,
 * including the two-level legacy lists (a repeated primitive or group as the element). The shape is
 * checked once against the Paimon type when the column is resolved; a file that disagrees is
 * refused naming the column. One per column per reader, bound to the leaf readers of each row
 * group; not thread-safe.
 *
 * <p>Each value consumes the same number of level entries from every leaf under it (a null or empty
 * value exactly one), so after a value all leaves stand on the next one, and whether a list goes on
 * is read from the repetition level of its first leaf. Every loop consumes an entry per turn, so a
 * malformed file ends at the end of its pages, never in a loop.
 */
final class NestedColumn {

  private final ColumnDescriptor[] leaves;
  private final ColumnReader[] readers;
  private final NestedNodes.Node root;

  private NestedColumn(List<ColumnDescriptor> leaves, Builder b, NestedNodes.Node root) {
    this.leaves = leaves.toArray(new ColumnDescriptor[0]);
    this.readers = b.leaves.readers;
    this.root = root;
  }

  /** Whether {@code type} is read by this class rather than by a {@link ColumnDecoder}. */
  static boolean isNested(DataType type) {
    switch (type.root()) {
      case ARRAY:
      case MAP:
      case MULTISET:
      case ROW:
      case VARIANT:
      case VECTOR:
        return true;
      default:
        return false;
    }
  }

  /**
   * Resolves how the top-level file column {@code column} of {@code schema} assembles as {@code
   * field}, or refuses it.
   */
  static NestedColumn of(String file, DataField field, MessageType schema, Type column)
      throws RowFormatException {
    List<ColumnDescriptor> leaves = new ArrayList<>();
    Builder b = new Builder(file, schema, leaves);
    NestedNodes.Node root =
        b.node(field.name(), field.type(), column, new String[] {column.getName()});
    b.leaves.readers = new ColumnReader[leaves.size()];
    return new NestedColumn(leaves, b, root);
  }

  /** The leaf columns, in the order {@link #bind} takes their readers. */
  ColumnDescriptor[] leaves() {
    return leaves;
  }

  /** Binds the leaf readers of a row group, parallel to {@link #leaves()}. */
  void bind(ColumnReader[] leafReaders) {
    System.arraycopy(leafReaders, 0, readers, 0, readers.length);
  }

  /** Assembles the next {@code n} values into {@code vector} at {@code at..at+n-1}. */
  void decodeRun(FieldVector vector, int at, int n) {
    for (int i = at, end = at + n; i < end; i++) {
      root.read(vector, i);
    }
  }

  /** The next value in the Java value model of {@code io.paimon.types}. */
  Object value() {
    return root.value();
  }

  /** Skips the next value: every leaf entry up to the start of the next row. */
  void skip() {
    for (ColumnReader r : readers) {
      int max = r.getDescriptor().getMaxDefinitionLevel();
      do {
        if (r.getCurrentDefinitionLevel() == max) {
          r.skip();
        }
        r.consume();
      } while (r.getCurrentRepetitionLevel() > 0);
    }
  }

  /** Builds the node tree, numbering the leaves depth first. */
  private static final class Builder {
    private final String file;
    private final MessageType schema;
    private final List<ColumnDescriptor> descriptors;
    private final NestedNodes.Leaves leaves = new NestedNodes.Leaves();

    Builder(String file, MessageType schema, List<ColumnDescriptor> descriptors) {
      this.file = file;
      this.schema = schema;
      this.descriptors = descriptors;
    }

    NestedNodes.Node node(String name, DataType type, Type t, String[] path)
        throws RowFormatException {
      if (!isNested(type)) {
        if (!t.isPrimitive()) {
          throw mismatch(name, type, t);
        }
        ColumnDescriptor d = schema.getColumnDescription(path);
        descriptors.add(d);
        return new NestedNodes.Leaf(
            leaves, descriptors.size() - 1, ColumnDecoder.of(file, field(name, type), d));
      }
      int def = schema.getMaxDefinitionLevel(path);
      switch (type.root()) {
        case ROW:
          {
            GroupType g = group(name, type, t);
            RowType rt = (RowType) type;
            NestedNodes.Node[] children = new NestedNodes.Node[rt.fieldCount()];
            for (int k = 0; k < children.length; k++) {
              DataField f = rt.fields().get(k);
              Type ct = child(g, f);
              children[k] = ct == null ? null : node(f.name(), f.type(), ct, append(path, ct));
            }
            return new NestedNodes.Struct(leaves, def, children, false);
          }
        case VARIANT:
          {
            GroupType g = group(name, type, t);
            if (!g.containsField("value") || !g.containsField("metadata")) {
              throw mismatch(name, type, t);
            }
            DataType bytes = io.paimon.types.DataTypes.BYTES().notNull();
            NestedNodes.Node value =
                node("value", bytes, g.getType("value"), append(path, g.getType("value")));
            Type mt = g.getType("metadata");
            NestedNodes.Node metadata = node("metadata", bytes, mt, append(path, mt));
            return new NestedNodes.Struct(
                leaves, def, new NestedNodes.Node[] {value, metadata}, true);
          }
        case ARRAY:
        case VECTOR:
          {
            DataType elementType =
                type.root() == DataTypeRoot.ARRAY
                    ? ((ArrayType) type).elementType()
                    : ((VectorType) type).elementType().notNull();
            Type repeated;
            String[] repeatedPath;
            if (t.isRepetition(Type.Repetition.REPEATED)) {
              // A bare repeated field is a list that is never null.
              repeated = t;
              repeatedPath = path;
              def = repeatedPath.length == 1 ? 0 : schema.getMaxDefinitionLevel(parent(path));
            } else {
              GroupType g = group(name, type, t);
              if (g.getFieldCount() != 1 || !g.getType(0).isRepetition(Type.Repetition.REPEATED)) {
                throw mismatch(name, type, t);
              }
              repeated = g.getType(0);
              repeatedPath = append(path, repeated);
            }
            NestedNodes.Node element;
            if (isThreeLevel(repeated, t.getName())) {
              Type e = repeated.asGroupType().getType(0);
              element = node(name + "[]", elementType, e, append(repeatedPath, e));
            } else {
              element = node(name + "[]", elementType, repeated, repeatedPath);
            }
            int elementDef = schema.getMaxDefinitionLevel(repeatedPath);
            int rep = schema.getMaxRepetitionLevel(repeatedPath);
            return type.root() == DataTypeRoot.ARRAY
                ? new NestedNodes.ListNode(leaves, def, elementDef, rep, element)
                : new NestedNodes.VectorNode(
                    leaves, name, def, elementDef, rep, element, (VectorType) type);
          }
        case MAP:
        case MULTISET:
          {
            DataType keyType;
            DataType valueType;
            if (type.root() == DataTypeRoot.MAP) {
              keyType = ((MapType) type).keyType();
              valueType = ((MapType) type).valueType();
            } else {
              keyType = ((MultisetType) type).elementType();
              valueType = new IntType(false);
            }
            GroupType g = group(name, type, t);
            if (g.getFieldCount() != 1
                || g.getType(0).isPrimitive()
                || !g.getType(0).isRepetition(Type.Repetition.REPEATED)
                || g.getType(0).asGroupType().getFieldCount() != 2) {
              throw mismatch(name, type, t);
            }
            GroupType kv = g.getType(0).asGroupType();
            String[] kvPath = append(path, kv);
            NestedNodes.Node key =
                node(name + ".key", keyType, kv.getType(0), append(kvPath, kv.getType(0)));
            NestedNodes.Node value =
                node(name + ".value", valueType, kv.getType(1), append(kvPath, kv.getType(1)));
            int entryDef = schema.getMaxDefinitionLevel(kvPath);
            int rep = schema.getMaxRepetitionLevel(kvPath);
            return new NestedNodes.MapNode(leaves, def, entryDef, rep, key, value);
          }
        default:
          throw new AssertionError(type);
      }
    }

    private GroupType group(String name, DataType type, Type t) throws RowFormatException {
      if (t.isPrimitive()) {
        throw mismatch(name, type, t);
      }
      return t.asGroupType();
    }

    private RowFormatException mismatch(String name, DataType type, Type t) {
      return new RowFormatException(
          file, -1, "column '" + name + "' is " + type + " but the file stores it as " + t);
    }

    /**
     * Parquet's rule for lists: the repeated field is the element when it is primitive, has more
     * than one field, or is named {@code array} or {@code <list>_tuple} (legacy writers); otherwise
     * its single field is.
     */
    private static boolean isThreeLevel(Type repeated, String listName) {
      if (repeated.isPrimitive()) {
        return false;
      }
      GroupType g = repeated.asGroupType();
      return g.getFieldCount() == 1
          && !g.getName().equals("array")
          && !g.getName().equals(listName + "_tuple");
    }

    /** The field of group {@code g} holding {@code f}: by field id, then by name. */
    private static Type child(GroupType g, DataField f) {
      for (Type t : g.getFields()) {
        if (t.getId() != null && t.getId().intValue() == f.id()) {
          return t;
        }
      }
      for (Type t : g.getFields()) {
        if (t.getName().equals(f.name())) {
          return t;
        }
      }
      return null;
    }

    private static DataField field(String name, DataType type) {
      return new DataField(0, name, type);
    }

    private static String[] append(String[] path, Type t) {
      String[] p = Arrays.copyOf(path, path.length + 1);
      p[path.length] = t.getName();
      return p;
    }

    private static String[] parent(String[] path) {
      return Arrays.copyOf(path, path.length - 1);
    }
  }
}
