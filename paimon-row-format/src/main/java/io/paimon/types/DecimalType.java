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
 * The DECIMAL(p, s) type. Values with {@code p <= }{@value #MAX_COMPACT_PRECISION} are stored as a
 * 64-bit unscaled value; wider ones as big-endian two's complement bytes. Java value {@link
 * java.math.BigDecimal}.
 */
public final class DecimalType extends DataType {

  /** The smallest allowed precision. */
  public static final int MIN_PRECISION = 1;

  /** The largest allowed precision. */
  public static final int MAX_PRECISION = 38;

  /** The largest precision whose unscaled value fits a {@code long}. */
  public static final int MAX_COMPACT_PRECISION = 18;

  /** The precision used when none is given. */
  public static final int DEFAULT_PRECISION = 10;

  /** The scale used when none is given. */
  public static final int DEFAULT_SCALE = 0;

  private final int precision;
  private final int scale;

  /** Creates a nullable DECIMAL(precision, scale). */
  public DecimalType(int precision, int scale) {
    this(true, precision, scale);
  }

  /**
   * Creates a DECIMAL(precision, scale) with the given nullability.
   *
   * @throws IllegalArgumentException if precision is outside [1, 38] or scale outside [0,
   *     precision]
   */
  public DecimalType(boolean nullable, int precision, int scale) {
    super(nullable, DataTypeRoot.DECIMAL);
    if (precision < MIN_PRECISION || precision > MAX_PRECISION) {
      throw new IllegalArgumentException(
          "DECIMAL precision must be between 1 and 38, got " + precision);
    }
    if (scale < 0 || scale > precision) {
      throw new IllegalArgumentException(
          "DECIMAL scale must be between 0 and the precision " + precision + ", got " + scale);
    }
    this.precision = precision;
    this.scale = scale;
  }

  /** The total number of decimal digits. */
  public int precision() {
    return precision;
  }

  /** The number of digits after the decimal point. */
  public int scale() {
    return scale;
  }

  /** Whether the unscaled value is stored as a 64-bit integer. */
  public boolean isCompact() {
    return precision <= MAX_COMPACT_PRECISION;
  }

  @Override
  public DecimalType copy(boolean nullable) {
    return new DecimalType(nullable, precision, scale);
  }

  @Override
  String sqlWithoutNullability() {
    return "DECIMAL(" + precision + ", " + scale + ")";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o)
        && precision == ((DecimalType) o).precision
        && scale == ((DecimalType) o).scale;
  }

  @Override
  public int hashCode() {
    return (31 * super.hashCode() + precision) * 31 + scale;
  }
}
