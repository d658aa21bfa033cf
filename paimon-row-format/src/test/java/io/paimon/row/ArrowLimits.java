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
package io.paimon.row;

import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The two documented limits of the Arrow path (see {@link ArrowSchemas}): an Arrow map cannot hold
 * a null key, and a nanosecond timestamp must fit an int64 of nanoseconds (years 1677-2262). Finds
 * the values of a golden file that hit them, with the phrase the reader's error must contain.
 */
final class ArrowLimits {

  static final String NULL_KEY = "null key";
  static final String NANOS_OUT_OF_RANGE = "cannot be represented in Arrow nanoseconds";

  private ArrowLimits() {}

  /** Why column {@code column} of a golden file cannot be read into Arrow, if it cannot. */
  static Optional<String> problem(GoldenFile golden, int column) {
    DataType type = golden.rowType().typeAt(column);
    for (Row row : golden.rows()) {
      Optional<String> problem = problem(type, row.get(column));
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  static Optional<String> problem(DataType type, Object value) {
    if (value == null) {
      return Optional.empty();
    }
    switch (type.root()) {
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return ((TimestampType) type).precision() > 6
                && !fitsEpochNanos(((LocalDateTime) value).toInstant(ZoneOffset.UTC))
            ? Optional.of(NANOS_OUT_OF_RANGE)
            : Optional.empty();
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return ((LocalZonedTimestampType) type).precision() > 6 && !fitsEpochNanos((Instant) value)
            ? Optional.of(NANOS_OUT_OF_RANGE)
            : Optional.empty();
      case ARRAY:
        return firstProblem(((ArrayType) type).elementType(), (List<?>) value);
      case ROW:
        {
          RowType rowType = (RowType) type;
          Row row = (Row) value;
          for (int i = 0; i < rowType.fieldCount(); i++) {
            Optional<String> problem = problem(rowType.typeAt(i), row.get(i));
            if (problem.isPresent()) {
              return problem;
            }
          }
          return Optional.empty();
        }
      case MAP:
        return mapProblem(((MapType) type).keyType(), ((MapType) type).valueType(), value);
      case MULTISET:
        return mapProblem(((MultisetType) type).elementType(), null, value);
      default:
        return Optional.empty();
    }
  }

  private static Optional<String> mapProblem(DataType keyType, DataType valueType, Object value) {
    Map<?, ?> map = (Map<?, ?>) value;
    if (map.containsKey(null)) {
      return Optional.of(NULL_KEY);
    }
    Optional<String> problem = firstProblem(keyType, List.copyOf(map.keySet()));
    if (problem.isPresent() || valueType == null) {
      return problem;
    }
    return firstProblem(valueType, new ArrayList<>(map.values()));
  }

  private static Optional<String> firstProblem(DataType type, List<?> values) {
    for (Object v : values) {
      Optional<String> problem = problem(type, v);
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  private static boolean fitsEpochNanos(Instant instant) {
    try {
      Math.addExact(
          Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
      return true;
    } catch (ArithmeticException e) {
      return false;
    }
  }
}
