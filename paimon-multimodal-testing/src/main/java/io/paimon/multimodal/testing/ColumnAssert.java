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

import io.paimon.multimodal.fs.FileIO;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the values of one column, in row order, compared as the row assertions compare
 * cells (a {@code float[]} equals an Arrow list of the same floats; bytes equal a BLOB's payload
 * when the parent assertion was told {@code blobsFrom}). Get one from {@code column(name)} of the
 * other assertions. Failures name the column and the row.
 */
public final class ColumnAssert extends AbstractAssert<ColumnAssert, List<Object>> {

  private final String name;
  private final FileIO blobs;

  ColumnAssert(String name, List<Object> values, FileIO blobs) {
    super(values, ColumnAssert.class);
    this.name = name;
    this.blobs = blobs;
    describedAs("column '%s'", name);
  }

  /** Verifies the values, in row order. */
  public ColumnAssert containsExactly(Object... expected) {
    return containsExactlyElementsOf(Arrays.asList(expected));
  }

  /** Verifies the values, in row order. */
  public ColumnAssert containsExactlyElementsOf(List<?> expected) {
    for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
      if (!Cells.equal(expected.get(i), actual.get(i), blobs)) {
        failWithMessage(
            "Column '%s', row %d: expected %s but was %s",
            name,
            i,
            Cells.describe(Cells.normalize(expected.get(i), blobs)),
            Cells.describe(Cells.normalize(actual.get(i), blobs)));
      }
    }
    if (actual.size() != expected.size()) {
      failWithMessage(
          "Column '%s': expected %d values but there are %d", name, expected.size(), actual.size());
    }
    return this;
  }

  /** Verifies that no value is null. */
  public ColumnAssert hasNoNulls() {
    int i = actual.indexOf(null);
    if (i >= 0) {
      failWithMessage("Column '%s': expected no nulls but row %d is null", name, i);
    }
    return this;
  }

  /** Verifies that every value is null. */
  public ColumnAssert containsOnlyNulls() {
    for (int i = 0; i < actual.size(); i++) {
      if (actual.get(i) != null) {
        failWithMessage(
            "Column '%s': expected only nulls but row %d is %s",
            name, i, Cells.describe(actual.get(i)));
      }
    }
    return this;
  }
}
