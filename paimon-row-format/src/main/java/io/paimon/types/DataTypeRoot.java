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

/** The kind of a {@link DataType}, independent of its parameters and nullability. */
public enum DataTypeRoot {
  BOOLEAN,
  TINYINT,
  SMALLINT,
  INTEGER,
  BIGINT,
  FLOAT,
  DOUBLE,
  DECIMAL,
  CHAR,
  VARCHAR,
  BINARY,
  VARBINARY,
  DATE,
  TIME_WITHOUT_TIME_ZONE,
  TIMESTAMP_WITHOUT_TIME_ZONE,
  TIMESTAMP_WITH_LOCAL_TIME_ZONE,
  ARRAY,
  MAP,
  MULTISET,
  ROW,
  VECTOR,
  VARIANT,
  BLOB;

  /** Whether values of this kind are integers: TINYINT, SMALLINT, INT or BIGINT. */
  public boolean isInteger() {
    return this == TINYINT || this == SMALLINT || this == INTEGER || this == BIGINT;
  }

  /** Whether values of this kind are IEEE 754 floating-point numbers: FLOAT or DOUBLE. */
  public boolean isFloatingPoint() {
    return this == FLOAT || this == DOUBLE;
  }

  /** Whether this kind holds text: CHAR or VARCHAR (STRING). */
  public boolean isCharacterString() {
    return this == CHAR || this == VARCHAR;
  }

  /** Whether this kind holds raw bytes: BINARY or VARBINARY (BYTES). */
  public boolean isBinaryString() {
    return this == BINARY || this == VARBINARY;
  }

  /** Whether this kind is a timestamp, with or without local time zone. */
  public boolean isTimestamp() {
    return this == TIMESTAMP_WITHOUT_TIME_ZONE || this == TIMESTAMP_WITH_LOCAL_TIME_ZONE;
  }
}
