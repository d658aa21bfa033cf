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
package io.paimon.types;

import java.util.List;
import java.util.Objects;

/**
 * The VECTOR&lt;T, n&gt; type: exactly {@code n} non-null elements of a primitive numeric or
 * boolean type, stored without a null bitmap. Java value: a primitive array of the element type
 * ({@code boolean[]}, {@code byte[]}, {@code short[]}, {@code int[]}, {@code long[]}, {@code
 * float[]} or {@code double[]}).
 */
public final class VectorType extends DataType {

  private final DataType elementType;
  private final int length;

  /** Creates a nullable VECTOR&lt;elementType, length&gt;. */
  public VectorType(DataType elementType, int length) {
    this(true, elementType, length);
  }

  /**
   * Creates a VECTOR&lt;elementType, length&gt; with the given nullability.
   *
   * @throws IllegalArgumentException if the element type is not BOOLEAN, an integer or a
   *     floating-point type, or the length is not positive
   */
  public VectorType(boolean nullable, DataType elementType, int length) {
    super(nullable, DataTypeRoot.VECTOR);
    this.elementType = Objects.requireNonNull(elementType, "elementType");
    DataTypeRoot r = elementType.root();
    if (!(r == DataTypeRoot.BOOLEAN || r.isInteger() || r.isFloatingPoint())) {
      throw new IllegalArgumentException(
          "VECTOR elements must be BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT or DOUBLE, got "
              + elementType);
    }
    if (length < 1) {
      throw new IllegalArgumentException("VECTOR length must be positive, got " + length);
    }
    this.length = length;
  }

  /** The type of the elements. */
  public DataType elementType() {
    return elementType;
  }

  /** The number of elements of every value. */
  public int length() {
    return length;
  }

  @Override
  public VectorType copy(boolean nullable) {
    return new VectorType(nullable, elementType, length);
  }

  @Override
  public List<DataType> children() {
    return List.of(elementType);
  }

  @Override
  String sqlWithoutNullability() {
    return "VECTOR<" + elementType.asSqlString() + ", " + length + ">";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o)
        && length == ((VectorType) o).length
        && elementType.equals(((VectorType) o).elementType);
  }

  @Override
  public int hashCode() {
    return (31 * super.hashCode() + elementType.hashCode()) * 31 + length;
  }
}
