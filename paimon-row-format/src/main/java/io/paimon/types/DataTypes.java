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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Factories for every {@link DataType}, named as in SQL, and {@link #parse(String)} for Paimon's
 * type syntax. All factories return nullable types; call {@link DataType#notNull()} for a
 * non-nullable copy.
 *
 * <pre>{@code
 * RowType type = DataTypes.ROW(
 *     DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
 *     DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())));
 * RowType same = (RowType) DataTypes.parse("ROW<id BIGINT NOT NULL, tags ARRAY<STRING>>");
 * }</pre>
 */
public final class DataTypes {

  private DataTypes() {}

  /** BOOLEAN. */
  public static BooleanType BOOLEAN() {
    return new BooleanType();
  }

  /** TINYINT, a signed 8-bit integer. */
  public static TinyIntType TINYINT() {
    return new TinyIntType();
  }

  /** SMALLINT, a signed 16-bit integer. */
  public static SmallIntType SMALLINT() {
    return new SmallIntType();
  }

  /** INT, a signed 32-bit integer. */
  public static IntType INT() {
    return new IntType();
  }

  /** BIGINT, a signed 64-bit integer. */
  public static BigIntType BIGINT() {
    return new BigIntType();
  }

  /** FLOAT, IEEE 754 binary32. */
  public static FloatType FLOAT() {
    return new FloatType();
  }

  /** DOUBLE, IEEE 754 binary64. */
  public static DoubleType DOUBLE() {
    return new DoubleType();
  }

  /** DECIMAL(precision, scale). */
  public static DecimalType DECIMAL(int precision, int scale) {
    return new DecimalType(precision, scale);
  }

  /** CHAR(length). */
  public static CharType CHAR(int length) {
    return new CharType(length);
  }

  /** VARCHAR(length). */
  public static VarCharType VARCHAR(int length) {
    return new VarCharType(length);
  }

  /** STRING, that is VARCHAR(2147483647). */
  public static VarCharType STRING() {
    return new VarCharType(VarCharType.MAX_LENGTH);
  }

  /** BINARY(length). */
  public static BinaryType BINARY(int length) {
    return new BinaryType(length);
  }

  /** VARBINARY(length). */
  public static VarBinaryType VARBINARY(int length) {
    return new VarBinaryType(length);
  }

  /** BYTES, that is VARBINARY(2147483647). */
  public static VarBinaryType BYTES() {
    return new VarBinaryType(VarBinaryType.MAX_LENGTH);
  }

  /** DATE. */
  public static DateType DATE() {
    return new DateType();
  }

  /** TIME(0). */
  public static TimeType TIME() {
    return new TimeType(TimeType.DEFAULT_PRECISION);
  }

  /** TIME(precision). */
  public static TimeType TIME(int precision) {
    return new TimeType(precision);
  }

  /** TIMESTAMP(6). */
  public static TimestampType TIMESTAMP() {
    return new TimestampType(TimestampType.DEFAULT_PRECISION);
  }

  /** TIMESTAMP(precision). */
  public static TimestampType TIMESTAMP(int precision) {
    return new TimestampType(precision);
  }

  /** TIMESTAMP_LTZ(6), that is TIMESTAMP(6) WITH LOCAL TIME ZONE. */
  public static LocalZonedTimestampType TIMESTAMP_LTZ() {
    return new LocalZonedTimestampType(LocalZonedTimestampType.DEFAULT_PRECISION);
  }

  /** TIMESTAMP_LTZ(precision), that is TIMESTAMP(precision) WITH LOCAL TIME ZONE. */
  public static LocalZonedTimestampType TIMESTAMP_LTZ(int precision) {
    return new LocalZonedTimestampType(precision);
  }

  /** ARRAY&lt;element&gt;. */
  public static ArrayType ARRAY(DataType element) {
    return new ArrayType(element);
  }

  /** MAP&lt;key, value&gt;. */
  public static MapType MAP(DataType key, DataType value) {
    return new MapType(key, value);
  }

  /** MULTISET&lt;element&gt;. */
  public static MultisetType MULTISET(DataType element) {
    return new MultisetType(element);
  }

  /** VECTOR&lt;element, length&gt;. */
  public static VectorType VECTOR(DataType element, int length) {
    return new VectorType(element, length);
  }

  /** VARIANT. */
  public static VariantType VARIANT() {
    return new VariantType();
  }

  /** BLOB. */
  public static BlobType BLOB() {
    return new BlobType();
  }

  /** A field for {@link #ROW(DataField...)}; ids are assigned by position when the row is built. */
  public static DataField FIELD(String name, DataType type) {
    return new DataField(0, name, type);
  }

  /** A field with an explicit id. */
  public static DataField FIELD(int id, String name, DataType type) {
    return new DataField(id, name, type);
  }

  /**
   * ROW of the given fields. Fields built with {@link #FIELD(String, DataType)} get the ids 0, 1,
   * ... by position.
   */
  public static RowType ROW(DataField... fields) {
    return new RowType(renumber(Arrays.asList(fields)));
  }

  /** ROW of the given fields, renumbered as in {@link #ROW(DataField...)}. */
  public static RowType ROW(List<DataField> fields) {
    return new RowType(renumber(fields));
  }

  /** ROW of the given types, with fields named {@code f0, f1, ...}. */
  public static RowType ROW(DataType... types) {
    return RowType.of(types);
  }

  private static List<DataField> renumber(List<DataField> fields) {
    boolean allZero = fields.stream().allMatch(f -> f.id() == 0);
    if (!allZero) {
      return fields;
    }
    List<DataField> out = new ArrayList<>(fields.size());
    for (int i = 0; i < fields.size(); i++) {
      out.add(fields.get(i).withId(i));
    }
    return out;
  }

  /**
   * Parses a type in Paimon's SQL syntax, as printed by {@link DataType#toString()}: for example
   * {@code BIGINT NOT NULL}, {@code DECIMAL(38, 10)}, {@code TIMESTAMP(6) WITH LOCAL TIME ZONE},
   * {@code TIMESTAMP_LTZ(3)}, {@code MAP<STRING, ARRAY<INT>>}, {@code VECTOR<FLOAT, 768>} or {@code
   * ROW<`a` INT, b STRING NOT NULL COMMENT 'text'>}. Keywords are case-insensitive; field names may
   * be plain identifiers or back-quoted (a doubled back quote escapes one).
   *
   * @throws IllegalArgumentException naming the position and what was expected, if the text is not
   *     a valid type
   */
  public static DataType parse(String text) {
    return new TypeParser(text).parseComplete();
  }
}
