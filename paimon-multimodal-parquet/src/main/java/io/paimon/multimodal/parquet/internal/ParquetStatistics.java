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

import io.paimon.row.RowGroupStatistics;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.SemanticVersion;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveComparator;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Turns the column chunk statistics of a parquet footer into {@link RowGroupStatistics}: bounds in
 * the value model the reader returns, converted as {@link ColumnDecoder} converts values, and only
 * where the writer's order is the order predicates compare in. Anything doubtful is unknown, since
 * a bound that does not hold would make a scan skip matching rows:
 *
 * <ul>
 *   <li>INT96 timestamps (unordered in parquet), unsigned integers, nested and repeated columns,
 *       and columns whose physical type the reader would refuse;
 *   <li>FLOAT/DOUBLE maxima unless the footer says the chunk holds no NaN (writers leave NaN out of
 *       min/max, but predicates order NaN above every value); minima that are NaN;
 *   <li>strings whose bound is not valid UTF-8 (a writer truncating in the middle of a character),
 *       bounds outside the range the reader's conversion keeps order in (TINYINT, TIME), and
 *       timestamps that overflow the target unit;
 *   <li>DECIMAL stored as bytes unless written by parquet-mr 1.10 or later (older writers compared
 *       such bytes as signed bytes, not as numbers); BINARY and VARBINARY, which have no order in
 *       the value model.
 * </ul>
 *
 * A column the file does not hold reads as nulls, so its null count is the group's row count.
 * Stateless.
 */
final class ParquetStatistics {

  private static final SemanticVersion ORDERED_BINARY_STATS = new SemanticVersion(1, 10, 0);

  private ParquetStatistics() {}

  /** The statistics of every row group of {@code footer}, for the columns of {@code fileType}. */
  static List<RowGroupStatistics> of(ParquetMetadata footer, RowType fileType, long[] groupStarts) {
    MessageType schema = footer.getFileMetaData().getSchema();
    boolean signedBinaryOrdered = writesOrderedDecimalBytes(footer);
    List<DataField> fields = fileType.fields();
    Type[] columns = new Type[fields.size()];
    for (int c = 0; c < columns.length; c++) {
      columns[c] = ParquetRowFileReader.find(schema, fields.get(c));
    }
    List<BlockMetaData> blocks = footer.getBlocks();
    List<RowGroupStatistics> out = new ArrayList<>(blocks.size());
    for (int g = 0; g < blocks.size(); g++) {
      BlockMetaData block = blocks.get(g);
      long rows = block.getRowCount();
      Map<ColumnPath, ColumnChunkMetaData> chunks = new HashMap<>();
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        chunks.put(chunk.getPath(), chunk);
      }
      Object[] min = new Object[columns.length];
      Object[] max = new Object[columns.length];
      long[] nulls = new long[columns.length];
      for (int c = 0; c < columns.length; c++) {
        nulls[c] = -1;
        Type t = columns[c];
        if (t == null) {
          nulls[c] = rows;
          continue;
        }
        if (!t.isPrimitive() || t.getRepetition() == Type.Repetition.REPEATED) {
          continue;
        }
        ColumnChunkMetaData chunk = chunks.get(ColumnPath.get(t.getName()));
        Statistics<?> s;
        try {
          s = chunk == null ? null : chunk.getStatistics();
        } catch (RuntimeException e) {
          s = null;
        }
        if (s == null || s.isEmpty()) {
          continue;
        }
        if (s.isNumNullsSet() && s.getNumNulls() >= 0 && s.getNumNulls() <= rows) {
          nulls[c] = s.getNumNulls();
        }
        if (s.hasNonNullValue()) {
          Object[] bounds;
          try {
            bounds = bounds(fields.get(c).type(), t.asPrimitiveType(), s, signedBinaryOrdered);
          } catch (RuntimeException e) {
            // A bound the conversion cannot represent (a date out of range): unknown.
            bounds = null;
          }
          if (bounds != null) {
            min[c] = bounds[0];
            max[c] = bounds[1];
          }
        }
      }
      out.add(new RowGroupStatistics(groupStarts[g], rows, min, max, nulls));
    }
    return out;
  }

  /**
   * Whether the writer ordered signed byte-array values (DECIMAL as bytes) as numbers: parquet-mr
   * before 1.10 wrote such statistics comparing bytes one by one.
   */
  private static boolean writesOrderedDecimalBytes(ParquetMetadata footer) {
    String createdBy = footer.getFileMetaData().getCreatedBy();
    if (createdBy == null) {
      return false;
    }
    try {
      VersionParser.ParsedVersion v = VersionParser.parse(createdBy);
      return "parquet-mr".equals(v.application)
          && v.hasSemanticVersion()
          && v.getSemanticVersion().compareTo(ORDERED_BINARY_STATS) >= 0;
    } catch (RuntimeException | VersionParser.VersionParseException e) {
      return false;
    }
  }

  /** {min, max} of the chunk as the reader returns values of {@code type}, or null if unknown. */
  private static Object[] bounds(
      DataType type, PrimitiveType p, Statistics<?> s, boolean signedBinaryOrdered) {
    PrimitiveTypeName physical = p.getPrimitiveTypeName();
    LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
    Object min = s.genericGetMin();
    Object max = s.genericGetMax();
    if (min == null || max == null) {
      return null;
    }
    if ((physical == PrimitiveTypeName.INT32 || physical == PrimitiveTypeName.INT64)
        && logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i
        && !i.isSigned()) {
      return null;
    }
    DataTypeRoot root = type.root();
    switch (root) {
      case BOOLEAN:
        return physical == PrimitiveTypeName.BOOLEAN ? new Object[] {min, max} : null;
      case TINYINT:
        return physical == PrimitiveTypeName.INT32
            ? intRange(min, max, Byte.MIN_VALUE, Byte.MAX_VALUE, true)
            : null;
      case SMALLINT:
        return physical == PrimitiveTypeName.INT32
            ? intRange(min, max, Short.MIN_VALUE, Short.MAX_VALUE, false)
            : null;
      case INTEGER:
        return physical == PrimitiveTypeName.INT32 ? new Object[] {min, max} : null;
      case BIGINT:
        return physical == PrimitiveTypeName.INT64 ? new Object[] {min, max} : null;
      case FLOAT:
      case DOUBLE:
        return floating(root, physical, s, min, max);
      case DECIMAL:
        return decimal((DecimalType) type, physical, logical, min, max, signedBinaryOrdered);
      case CHAR:
      case VARCHAR:
        if (physical != PrimitiveTypeName.BINARY
            || p.<Binary>comparator()
                != PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR) {
          return null;
        }
        String lo = utf8((Binary) min);
        String hi = utf8((Binary) max);
        return lo == null || hi == null ? null : new Object[] {lo, hi};
      case DATE:
        return physical == PrimitiveTypeName.INT32
            ? new Object[] {
              LocalDate.ofEpochDay((Integer) min), LocalDate.ofEpochDay((Integer) max)
            }
            : null;
      case TIME_WITHOUT_TIME_ZONE:
        return time(physical, min, max);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return timestamp(type, physical, logical, min, max);
      default:
        // BINARY, VARBINARY and BLOB descriptors have no order in the value model; nested types
        // are not read.
        return null;
    }
  }

  private static Object[] intRange(Object min, Object max, int lo, int hi, boolean bytes) {
    int a = (Integer) min;
    int b = (Integer) max;
    if (a < lo || b > hi) {
      // The reader narrows with a cast, which wraps: out-of-range values lose their order.
      return null;
    }
    return bytes ? new Object[] {(byte) a, (byte) b} : new Object[] {(short) a, (short) b};
  }

  private static Object[] floating(
      DataTypeRoot root, PrimitiveTypeName physical, Statistics<?> s, Object min, Object max) {
    if ((root == DataTypeRoot.FLOAT) != (physical == PrimitiveTypeName.FLOAT)
        || (physical != PrimitiveTypeName.FLOAT && physical != PrimitiveTypeName.DOUBLE)) {
      return null;
    }
    double lo = ((Number) min).doubleValue();
    double hi = ((Number) max).doubleValue();
    boolean noNan = s.isNanCountSet() && s.getNanCount() == 0;
    return new Object[] {Double.isNaN(lo) ? null : min, noNan && !Double.isNaN(hi) ? max : null};
  }

  private static Object[] decimal(
      DecimalType type,
      PrimitiveTypeName physical,
      LogicalTypeAnnotation logical,
      Object min,
      Object max,
      boolean signedBinaryOrdered) {
    int scale = type.scale();
    if (logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d
        && d.getScale() != scale) {
      return null;
    }
    switch (physical) {
      case INT32:
      case INT64:
        return new Object[] {
          BigDecimal.valueOf(((Number) min).longValue(), scale),
          BigDecimal.valueOf(((Number) max).longValue(), scale)
        };
      case FIXED_LEN_BYTE_ARRAY:
      case BINARY:
        if (!signedBinaryOrdered
            || !(logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation)) {
          return null;
        }
        byte[] lo = ((Binary) min).getBytes();
        byte[] hi = ((Binary) max).getBytes();
        if (lo.length == 0 || hi.length == 0) {
          return null;
        }
        return new Object[] {
          new BigDecimal(new BigInteger(lo), scale), new BigDecimal(new BigInteger(hi), scale)
        };
      default:
        return null;
    }
  }

  private static Object[] time(PrimitiveTypeName physical, Object min, Object max) {
    // The reader keeps the time of day modulo one day: only bounds within a day keep their order.
    if (physical == PrimitiveTypeName.INT32) {
      int a = (Integer) min;
      int b = (Integer) max;
      if (a < 0 || b >= 86_400_000) {
        return null;
      }
      return new Object[] {
        LocalTime.ofNanoOfDay(a * 1_000_000L), LocalTime.ofNanoOfDay(b * 1_000_000L)
      };
    }
    if (physical == PrimitiveTypeName.INT64) {
      long a = (Long) min;
      long b = (Long) max;
      if (a < 0 || b >= 86_400_000_000L) {
        return null;
      }
      return new Object[] {
        LocalTime.ofNanoOfDay(a / 1000L * 1_000_000L), LocalTime.ofNanoOfDay(b / 1000L * 1_000_000L)
      };
    }
    return null;
  }

  private static Object[] timestamp(
      DataType type,
      PrimitiveTypeName physical,
      LogicalTypeAnnotation logical,
      Object min,
      Object max) {
    if (physical != PrimitiveTypeName.INT64) {
      // INT96 statistics are not ordered (its column order is undefined).
      return null;
    }
    boolean zoned = type.root() == DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
    int precision =
        zoned ? ((LocalZonedTimestampType) type).precision() : ((TimestampType) type).precision();
    long target = precision <= 3 ? 1_000_000L : precision <= 6 ? 1_000L : 1L;
    long unit = 1_000_000L;
    if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
      switch (t.getUnit()) {
        case MICROS:
          unit = 1_000L;
          break;
        case NANOS:
          unit = 1L;
          break;
        default:
          unit = 1_000_000L;
      }
    }
    try {
      return new Object[] {
        instantOrLocal(toTarget((Long) min, unit, target), target, zoned),
        instantOrLocal(toTarget((Long) max, unit, target), target, zoned)
      };
    } catch (ArithmeticException e) {
      return null;
    }
  }

  /** As {@link ColumnDecoder} converts: floor division keeps the order, so bounds still hold. */
  private static long toTarget(long value, long unit, long target) {
    if (unit == target) {
      return value;
    }
    if (unit > target) {
      return Math.multiplyExact(value, unit / target);
    }
    return Math.floorDiv(value, target / unit);
  }

  private static Object instantOrLocal(long value, long target, boolean zoned) {
    long perSecond = 1_000_000_000L / target;
    long seconds = Math.floorDiv(value, perSecond);
    int nanos = (int) (Math.floorMod(value, perSecond) * target);
    Instant instant = Instant.ofEpochSecond(seconds, nanos);
    return zoned ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  /** The string of a bound's UTF-8 bytes, or null if they are not valid UTF-8. */
  private static String utf8(Binary b) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b.getBytes()))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
