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

/**
 * The VARCHAR(n) type; {@code STRING} is VARCHAR({@value #MAX_LENGTH}). Java value {@link String}.
 */
public final class VarCharType extends DataType {

  /** The smallest allowed length. */
  public static final int MIN_LENGTH = 1;

  /** The largest allowed length. */
  public static final int MAX_LENGTH = Integer.MAX_VALUE;

  /** The length used when none is given. */
  public static final int DEFAULT_LENGTH = 1;

  private final int length;

  /** Creates a nullable type with the given length. */
  public VarCharType(int length) {
    this(true, length);
  }

  /**
   * Creates a type with the given nullability and length.
   *
   * @throws IllegalArgumentException if {@code length} is outside [{@value #MIN_LENGTH}, {@value
   *     #MAX_LENGTH}]
   */
  public VarCharType(boolean nullable, int length) {
    super(nullable, DataTypeRoot.VARCHAR);
    if (length < MIN_LENGTH || length > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "VARCHAR length must be between "
              + MIN_LENGTH
              + " and "
              + MAX_LENGTH
              + ", got "
              + length);
    }
    this.length = length;
  }

  /** The declared length. */
  public int length() {
    return length;
  }

  @Override
  public VarCharType copy(boolean nullable) {
    return new VarCharType(nullable, length);
  }

  @Override
  String sqlWithoutNullability() {
    return length == MAX_LENGTH ? "STRING" : "VARCHAR(" + length + ")";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && length == ((VarCharType) o).length;
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + length;
  }
}
