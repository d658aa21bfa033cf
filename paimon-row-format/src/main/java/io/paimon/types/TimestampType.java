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

/** The TIMESTAMP(p) type without time zone. Java value {@link java.time.LocalDateTime}. */
public final class TimestampType extends DataType {

  /** The smallest allowed precision. */
  public static final int MIN_PRECISION = 0;

  /** The largest allowed precision. */
  public static final int MAX_PRECISION = 9;

  /** The precision used when none is given. */
  public static final int DEFAULT_PRECISION = 6;

  private final int precision;

  /** Creates a nullable type with the given precision. */
  public TimestampType(int precision) {
    this(true, precision);
  }

  /**
   * Creates a type with the given nullability and precision.
   *
   * @throws IllegalArgumentException if {@code precision} is outside [{@value #MIN_PRECISION},
   *     {@value #MAX_PRECISION}]
   */
  public TimestampType(boolean nullable, int precision) {
    super(nullable, DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE);
    if (precision < MIN_PRECISION || precision > MAX_PRECISION) {
      throw new IllegalArgumentException(
          "TIMESTAMP precision must be between "
              + MIN_PRECISION
              + " and "
              + MAX_PRECISION
              + ", got "
              + precision);
    }
    this.precision = precision;
  }

  /** The declared precision. */
  public int precision() {
    return precision;
  }

  @Override
  public TimestampType copy(boolean nullable) {
    return new TimestampType(nullable, precision);
  }

  @Override
  String sqlWithoutNullability() {
    return "TIMESTAMP(" + precision + ")";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && precision == ((TimestampType) o).precision;
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + precision;
  }
}
