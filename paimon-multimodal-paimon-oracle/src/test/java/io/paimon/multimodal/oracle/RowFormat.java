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
package io.paimon.multimodal.oracle;

import io.paimon.row.RowFileOptions;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.FormatReaderFactory;
import org.apache.paimon.format.FormatWriterFactory;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.table.SpecialFields;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.MultisetType;
import org.apache.paimon.types.RowType;

/**
 * The {@code row} {@link FileFormat}: readers and writers over our codec (see {@link
 * RowFormatFactory}). Filters are ignored (Paimon filters again) and no statistics are extracted,
 * as with Paimon's own {@code row} format: manifests record {@code _VALUE_STATS_COLS = []}.
 */
final class RowFormat extends FileFormat {

  private final RowFileOptions options;

  RowFormat(RowFileOptions options) {
    super(RowFormatFactory.IDENTIFIER);
    this.options = options;
  }

  @Override
  public FormatReaderFactory createReaderFactory(
      RowType dataSchemaRowType, RowType projectedRowType, @Nullable List<Predicate> filters) {
    return new RowFormatReaderFactory(dataSchemaRowType, projectedRowType, options);
  }

  /**
   * @throws UnsupportedOperationException if the type holds a system field ({@code _ROW_ID}, {@code
   *     _SEQUENCE_NUMBER}, ...): the reader cannot tell such a file from one without them (Paimon
   *     1.4.2 appends them to every data schema it reads with), so it would decode them wrongly
   */
  @Override
  public FormatWriterFactory createWriterFactory(RowType type) {
    for (DataField f : type.getFields()) {
      if (isSystemField(f)) {
        throw new UnsupportedOperationException(
            "the row adapter does not store system field "
                + f.name()
                + " (id "
                + f.id()
                + "); Paimon fills it from the file's metadata");
      }
    }
    validateDataFields(type);
    return (out, compression) -> new RowFormatWriter(out, type, options);
  }

  /**
   * Accepts every Paimon 1.4.2 type our codec has, BLOB only as a top-level column (stored as its
   * serialized descriptor, as 1.4.2's columnar formats do).
   *
   * @throws UnsupportedOperationException naming the field, for a BLOB inside an ARRAY, MAP,
   *     MULTISET or ROW, or a type the codec does not know
   */
  @Override
  public void validateDataFields(RowType rowType) {
    for (DataField f : rowType.getFields()) {
      PaimonTypes.toOurs(f.type());
      rejectNestedBlob(f.name(), f.type(), false);
    }
  }

  private static void rejectNestedBlob(String path, DataType t, boolean nested) {
    if (t.getTypeRoot() == DataTypeRoot.BLOB && nested) {
      throw new UnsupportedOperationException(
          "row format: BLOB nested in '"
              + path
              + "' is not supported; only top-level BLOB columns are (as descriptors)");
    }
    List<DataType> children = new ArrayList<>();
    if (t instanceof ArrayType) {
      children.add(((ArrayType) t).getElementType());
    } else if (t instanceof MapType) {
      children.add(((MapType) t).getKeyType());
      children.add(((MapType) t).getValueType());
    } else if (t instanceof MultisetType) {
      children.add(((MultisetType) t).getElementType());
    } else if (t instanceof RowType) {
      for (DataField f : ((RowType) t).getFields()) {
        rejectNestedBlob(path + "." + f.name(), f.type(), true);
      }
    }
    for (DataType child : children) {
      rejectNestedBlob(path, child, true);
    }
  }

  /** Whether Paimon gave this field a system field id ({@code _ROW_ID}, ...). */
  static boolean isSystemField(DataField f) {
    // By id only: isSystemField(name) also matches user columns named _KEY_..., which the schema
    // validation rejects anyway, but an id is what Paimon itself resolves fields by.
    return SpecialFields.isSystemField(f.id());
  }
}
