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
 * The MAP&lt;K, V&gt; type. Java value {@link java.util.Map}; readers return maps that keep the
 * order of the pairs in the file, and a null key is allowed.
 */
public final class MapType extends DataType {

  private final DataType keyType;
  private final DataType valueType;

  /** Creates a nullable MAP&lt;keyType, valueType&gt;. */
  public MapType(DataType keyType, DataType valueType) {
    this(true, keyType, valueType);
  }

  /** Creates a MAP&lt;keyType, valueType&gt; with the given nullability. */
  public MapType(boolean nullable, DataType keyType, DataType valueType) {
    super(nullable, DataTypeRoot.MAP);
    this.keyType = Objects.requireNonNull(keyType, "keyType");
    this.valueType = Objects.requireNonNull(valueType, "valueType");
  }

  /** The type of the keys. */
  public DataType keyType() {
    return keyType;
  }

  /** The type of the values. */
  public DataType valueType() {
    return valueType;
  }

  @Override
  public MapType copy(boolean nullable) {
    return new MapType(nullable, keyType, valueType);
  }

  @Override
  public List<DataType> children() {
    return List.of(keyType, valueType);
  }

  @Override
  String sqlWithoutNullability() {
    return "MAP<" + keyType.asSqlString() + ", " + valueType.asSqlString() + ">";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o)
        && keyType.equals(((MapType) o).keyType)
        && valueType.equals(((MapType) o).valueType);
  }

  @Override
  public int hashCode() {
    return (31 * super.hashCode() + keyType.hashCode()) * 31 + valueType.hashCode();
  }
}
