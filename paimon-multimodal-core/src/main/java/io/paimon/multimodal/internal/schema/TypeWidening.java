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
package io.paimon.multimodal.internal.schema;

import io.paimon.multimodal.internal.meta.ColumnStats;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;

/**
 * The type changes a column may take, and how values written under the old type are read as the new
 * one. Only numeric widenings are allowed, those Paimon casts implicitly: an integer type to a
 * wider integer type, any integer type or FLOAT to FLOAT or DOUBLE. The conversions are Java's
 * widening primitive conversions, which are what Paimon's numeric casts compute, and they are
 * monotonic, so a file's min/max statistics stay valid bounds once converted. Stateless.
 */
public final class TypeWidening {

  private TypeWidening() {}

  /** Whether values of {@code from} can be read as {@code to} (equal roots included). */
  public static boolean canWiden(DataType from, DataType to) {
    DataTypeRoot f = from.root();
    DataTypeRoot t = to.root();
    if (f == t) {
      return from.copy(true).equals(to.copy(true));
    }
    return rank(f) >= 0 && rank(t) > rank(f);
  }

  /**
   * Whether reading a {@code from} column as {@code to} needs a numeric conversion (false for equal
   * types, and for a BLOB against its data-file form).
   */
  public static boolean needsCast(DataType from, DataType to) {
    return from.root() != to.root() && rank(from.root()) >= 0 && rank(to.root()) >= 0;
  }

  /** TINYINT < SMALLINT < INT < BIGINT < FLOAT < DOUBLE, or -1 for a type outside the order. */
  private static int rank(DataTypeRoot root) {
    switch (root) {
      case TINYINT:
        return 0;
      case SMALLINT:
        return 1;
      case INTEGER:
        return 2;
      case BIGINT:
        return 3;
      case FLOAT:
        return 4;
      case DOUBLE:
        return 5;
      default:
        return -1;
    }
  }

  /** A value of a narrower numeric type as the Java value of {@code to}; null stays null. */
  public static Object cast(Object value, DataType to) {
    if (value == null) {
      return null;
    }
    Number n = (Number) value;
    switch (to.root()) {
      case SMALLINT:
        return n.shortValue();
      case INTEGER:
        return n.intValue();
      case BIGINT:
        return n.longValue();
      case FLOAT:
        return n.floatValue();
      case DOUBLE:
        return n.doubleValue();
      default:
        throw new IllegalArgumentException("not a widening target: " + to);
    }
  }

  /** Statistics of a narrower column as statistics of the wider one. */
  public static ColumnStats cast(ColumnStats stats, DataType to) {
    return new ColumnStats(cast(stats.min(), to), cast(stats.max(), to), stats.nullCount());
  }

  /**
   * Fills {@code target} (a vector of the wider type) with the first {@code n} values of {@code
   * source}, nulls kept; sets its value count.
   */
  public static void cast(FieldVector source, FieldVector target, int n) {
    target.reset();
    target.setInitialCapacity(Math.max(1, n));
    target.allocateNew();
    if (source instanceof BaseIntVector from) {
      if (target instanceof BaseIntVector to) {
        for (int i = 0; i < n; i++) {
          if (!source.isNull(i)) {
            to.setWithPossibleTruncate(i, from.getValueAsLong(i));
          }
        }
      } else if (target instanceof Float4Vector to) {
        for (int i = 0; i < n; i++) {
          if (!source.isNull(i)) {
            to.set(i, (float) from.getValueAsLong(i));
          }
        }
      } else {
        Float8Vector to = (Float8Vector) target;
        for (int i = 0; i < n; i++) {
          if (!source.isNull(i)) {
            to.set(i, (double) from.getValueAsLong(i));
          }
        }
      }
    } else {
      Float4Vector from = (Float4Vector) source;
      Float8Vector to = (Float8Vector) target;
      for (int i = 0; i < n; i++) {
        if (!source.isNull(i)) {
          to.set(i, (double) from.get(i));
        }
      }
    }
    target.setValueCount(n);
  }
}
