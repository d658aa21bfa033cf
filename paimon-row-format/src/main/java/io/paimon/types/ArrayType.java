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

/** The ARRAY&lt;T&gt; type; Java value {@link java.util.List} (null elements allowed). */
public final class ArrayType extends DataType {

  private final DataType elementType;

  /** Creates a nullable ARRAY of the given element type. */
  public ArrayType(DataType elementType) {
    this(true, elementType);
  }

  /** Creates a ARRAY of the given element type and nullability. */
  public ArrayType(boolean nullable, DataType elementType) {
    super(nullable, DataTypeRoot.ARRAY);
    this.elementType = Objects.requireNonNull(elementType, "elementType");
  }

  /** The type of the elements. */
  public DataType elementType() {
    return elementType;
  }

  @Override
  public ArrayType copy(boolean nullable) {
    return new ArrayType(nullable, elementType);
  }

  @Override
  public List<DataType> children() {
    return List.of(elementType);
  }

  @Override
  String sqlWithoutNullability() {
    return "ARRAY<" + elementType.asSqlString() + ">";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && elementType.equals(((ArrayType) o).elementType);
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + elementType.hashCode();
  }
}
