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
package io.paimon.multimodal.parquet.internal;

import java.util.EnumSet;
import java.util.Set;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Which columns and chunks {@link PageColumn} decodes: flat columns whose physical type and Arrow
 * vector are one of its pairs (INT32 into int, date, time, tinyint, smallint and decimal vectors;
 * INT64 into bigint, decimal and timestamp vectors of any unit; FLOAT, DOUBLE, BOOLEAN; BINARY into
 * string and binary vectors), in chunks whose pages are all PLAIN or dictionary encoded. Stateless.
 */
// PLAIN_DICTIONARY and BIT_PACKED are deprecated for writers, yet files still hold them.
@SuppressWarnings("deprecation")
final class PageDecoding {

  private static final Set<Encoding> VALUE_ENCODINGS =
      EnumSet.of(Encoding.PLAIN, Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY, Encoding.RLE);

  private PageDecoding() {}

  /**
   * A decoder of {@code descriptor}'s chunks into vectors like {@code vector}, or null when the
   * column is nested or its physical type and vector are not one of the pairs decoded here.
   */
  static PageColumn of(ColumnDescriptor descriptor, FieldVector vector) {
    if (descriptor.getMaxRepetitionLevel() != 0 || descriptor.getMaxDefinitionLevel() > 1) {
      return null;
    }
    PrimitiveTypeName physical = descriptor.getPrimitiveType().getPrimitiveTypeName();
    PageColumn.Target target = null;
    long up = 1;
    long down = 1;
    switch (physical) {
      case BOOLEAN:
        target = vector instanceof BitVector ? PageColumn.Target.BOOLEAN : null;
        break;
      case INT32:
        if (vector instanceof IntVector
            || vector instanceof DateDayVector
            || vector instanceof TimeMilliVector) {
          target = PageColumn.Target.INT32;
        } else if (vector instanceof TinyIntVector) {
          target = PageColumn.Target.INT8;
        } else if (vector instanceof SmallIntVector) {
          target = PageColumn.Target.INT16;
        } else if (vector instanceof DecimalVector) {
          target = PageColumn.Target.DECIMAL32;
        }
        break;
      case INT64:
        if (vector instanceof BigIntVector) {
          target = PageColumn.Target.INT64;
        } else if (vector instanceof DecimalVector) {
          target = PageColumn.Target.DECIMAL64;
        } else if (vector instanceof TimeStampVector) {
          long file = fileUnitNanos(descriptor);
          long want = arrowUnitNanos((TimeStampVector) vector);
          if (file >= want) {
            up = file / want;
          } else {
            down = want / file;
          }
          target = PageColumn.Target.INT64;
        }
        break;
      case FLOAT:
        target = vector instanceof Float4Vector ? PageColumn.Target.FLOAT : null;
        break;
      case DOUBLE:
        target = vector instanceof Float8Vector ? PageColumn.Target.DOUBLE : null;
        break;
      case BINARY:
        target =
            vector instanceof VarCharVector || vector instanceof VarBinaryVector
                ? PageColumn.Target.BINARY
                : null;
        break;
      default:
        break;
    }
    return target == null ? null : new PageColumn(descriptor, target, up, down);
  }

  private static long fileUnitNanos(ColumnDescriptor d) {
    LogicalTypeAnnotation a = d.getPrimitiveType().getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
      switch (t.getUnit()) {
        case MICROS:
          return 1_000L;
        case NANOS:
          return 1L;
        default:
          return 1_000_000L;
      }
    }
    return 1_000_000L;
  }

  private static long arrowUnitNanos(TimeStampVector v) {
    switch (((ArrowType.Timestamp) v.getField().getType()).getUnit()) {
      case SECOND:
        return 1_000_000_000L;
      case MILLISECOND:
        return 1_000_000L;
      case MICROSECOND:
        return 1_000L;
      default:
        return 1L;
    }
  }

  /** Whether every page of this chunk is in an encoding decoded here. */
  static boolean decodes(ColumnChunkMetaData chunk) {
    EncodingStats stats = chunk.getEncodingStats();
    if (stats != null) {
      for (Encoding e : stats.getDataEncodings()) {
        if (!VALUE_ENCODINGS.contains(e)) {
          return false;
        }
      }
      for (Encoding e : stats.getDictionaryEncodings()) {
        if (e != Encoding.PLAIN && e != Encoding.PLAIN_DICTIONARY) {
          return false;
        }
      }
      return true;
    }
    for (Encoding e : chunk.getEncodings()) {
      if (e != Encoding.BIT_PACKED && !VALUE_ENCODINGS.contains(e)) {
        return false;
      }
    }
    return true;
  }
}
