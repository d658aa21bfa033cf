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
package io.paimon.multimodal.window.internal;

import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.TimestampType;

/**
 * The kinds of column usable as keys, and which pairs of left/right types may be compared: the same
 * kind, with integers of any width and timestamps of any precision comparable among themselves (the
 * coarser timestamp is scaled to the finer unit).
 */
enum KeyKind {
  INTEGER,
  BOOLEAN,
  DATE,
  TIME,
  TIMESTAMP,
  TIMESTAMP_LTZ,
  FLOATING,
  DECIMAL,
  STRING,
  BINARY;

  /** The kind of a type, or null if it cannot be a key. */
  static KeyKind of(DataType type) {
    DataTypeRoot r = type.root();
    if (r.isInteger()) {
      return INTEGER;
    }
    switch (r) {
      case BOOLEAN:
        return BOOLEAN;
      case DATE:
        return DATE;
      case TIME_WITHOUT_TIME_ZONE:
        return TIME;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return TIMESTAMP;
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return TIMESTAMP_LTZ;
      case FLOAT:
      case DOUBLE:
        return FLOATING;
      case DECIMAL:
        return DECIMAL;
      case CHAR:
      case VARCHAR:
        return STRING;
      case BINARY:
      case VARBINARY:
        return BINARY;
      default:
        return null;
    }
  }

  /** Whether values are read as one long (possibly scaled). */
  boolean isLong() {
    return this == INTEGER
        || this == BOOLEAN
        || this == DATE
        || this == TIME
        || this == TIMESTAMP
        || this == TIMESTAMP_LTZ;
  }

  boolean isTimestamp() {
    return this == TIMESTAMP || this == TIMESTAMP_LTZ;
  }

  /**
   * The decimal digits of a second of a timestamp type's Arrow unit (3 for milliseconds, 6, 9), 0
   * for any other type.
   */
  static int unitDigits(DataType type) {
    int p;
    if (type instanceof TimestampType) {
      p = ((TimestampType) type).precision();
    } else if (type instanceof LocalZonedTimestampType) {
      p = ((LocalZonedTimestampType) type).precision();
    } else {
      return 0;
    }
    return p <= 3 ? 3 : p <= 6 ? 6 : 9;
  }
}
