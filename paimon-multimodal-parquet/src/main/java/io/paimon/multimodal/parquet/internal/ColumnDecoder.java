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

import io.paimon.row.RowFormatException;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.TimestampType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
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
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Decodes one top-level primitive parquet column into the Arrow vector, or the Java value, of its
 * Paimon type, following Paimon's parquet mapping (TINYINT/SMALLINT as annotated INT32, DECIMAL as
 * INT32/INT64/FIXED_LEN_BYTE_ARRAY by precision, TIME as INT32 millis, TIMESTAMP as INT64 millis or
 * micros, or INT96 above precision 6, strings and BLOB descriptors as BINARY). Checked once when
 * the column is resolved: a physical type that cannot hold the Paimon type is refused, naming the
 * column. One per column per reader; not thread-safe.
 */
final class ColumnDecoder {

  private static final long NANOS_PER_DAY = 86_400_000_000_000L;
  private static final int JULIAN_EPOCH_DAY = 2_440_588;

  private enum Kind {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INT,
    BIGINT,
    FLOAT,
    DOUBLE,
    DECIMAL_INT,
    DECIMAL_LONG,
    DECIMAL_BYTES,
    STRING,
    BINARY,
    DATE,
    TIME_MILLIS,
    TIME_MICROS,
    TIMESTAMP_INT64,
    TIMESTAMP_INT96
  }

  private final DataField field;
  private final ColumnDescriptor descriptor;
  private final Kind kind;
  private final int maxDefinition;

  /**
   * TIMESTAMP: divide (positive) or multiply (negative) the file's value to get the target unit.
   */
  private final long fileUnitNanos;

  private final long targetUnitNanos;
  private final boolean localZoned;

  private ColumnDecoder(
      DataField field,
      ColumnDescriptor descriptor,
      Kind kind,
      long fileUnitNanos,
      long targetUnitNanos,
      boolean localZoned) {
    this.field = field;
    this.descriptor = descriptor;
    this.kind = kind;
    this.maxDefinition = descriptor.getMaxDefinitionLevel();
    this.fileUnitNanos = fileUnitNanos;
    this.targetUnitNanos = targetUnitNanos;
    this.localZoned = localZoned;
  }

  ColumnDescriptor descriptor() {
    return descriptor;
  }

  /** Resolves how column {@code descriptor} decodes as {@code field}, or refuses it. */
  static ColumnDecoder of(String file, DataField field, ColumnDescriptor descriptor)
      throws RowFormatException {
    PrimitiveType p = descriptor.getPrimitiveType();
    PrimitiveTypeName physical = p.getPrimitiveTypeName();
    LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
    DataType type = field.type();
    Kind kind = null;
    long fileUnit = 1;
    long targetUnit = 1;
    boolean zoned = false;
    switch (type.root()) {
      case BOOLEAN:
        kind = physical == PrimitiveTypeName.BOOLEAN ? Kind.BOOLEAN : null;
        break;
      case TINYINT:
        kind = physical == PrimitiveTypeName.INT32 ? Kind.TINYINT : null;
        break;
      case SMALLINT:
        kind = physical == PrimitiveTypeName.INT32 ? Kind.SMALLINT : null;
        break;
      case INTEGER:
        kind = physical == PrimitiveTypeName.INT32 ? Kind.INT : null;
        break;
      case BIGINT:
        kind = physical == PrimitiveTypeName.INT64 ? Kind.BIGINT : null;
        break;
      case FLOAT:
        kind = physical == PrimitiveTypeName.FLOAT ? Kind.FLOAT : null;
        break;
      case DOUBLE:
        kind = physical == PrimitiveTypeName.DOUBLE ? Kind.DOUBLE : null;
        break;
      case DECIMAL:
        if (physical == PrimitiveTypeName.INT32) {
          kind = Kind.DECIMAL_INT;
        } else if (physical == PrimitiveTypeName.INT64) {
          kind = Kind.DECIMAL_LONG;
        } else if (physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
            || physical == PrimitiveTypeName.BINARY) {
          kind = Kind.DECIMAL_BYTES;
        }
        if (kind != null
            && logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d
            && d.getScale() != ((DecimalType) type).scale()) {
          throw new RowFormatException(
              file,
              -1,
              "column '"
                  + field.name()
                  + "' is "
                  + type
                  + " but the file stores scale "
                  + d.getScale());
        }
        break;
      case CHAR:
      case VARCHAR:
        kind = physical == PrimitiveTypeName.BINARY ? Kind.STRING : null;
        break;
      case BINARY:
      case VARBINARY:
      case BLOB:
        kind =
            physical == PrimitiveTypeName.BINARY
                    || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                ? Kind.BINARY
                : null;
        break;
      case DATE:
        kind = physical == PrimitiveTypeName.INT32 ? Kind.DATE : null;
        break;
      case TIME_WITHOUT_TIME_ZONE:
        if (physical == PrimitiveTypeName.INT32) {
          kind = Kind.TIME_MILLIS;
        } else if (physical == PrimitiveTypeName.INT64) {
          kind = Kind.TIME_MICROS;
        }
        break;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        {
          zoned = type.root() == io.paimon.types.DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
          int precision =
              zoned
                  ? ((LocalZonedTimestampType) type).precision()
                  : ((TimestampType) type).precision();
          targetUnit = precision <= 3 ? 1_000_000L : precision <= 6 ? 1_000L : 1L;
          if (physical == PrimitiveTypeName.INT96) {
            kind = Kind.TIMESTAMP_INT96;
          } else if (physical == PrimitiveTypeName.INT64) {
            kind = Kind.TIMESTAMP_INT64;
            fileUnit = 1_000_000L;
            if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
              switch (t.getUnit()) {
                case MICROS:
                  fileUnit = 1_000L;
                  break;
                case NANOS:
                  fileUnit = 1L;
                  break;
                default:
                  fileUnit = 1_000_000L;
              }
            }
          }
          break;
        }
      default:
        throw new RowFormatException(
            file,
            -1,
            "column '" + field.name() + "' is " + type + ", which is not a flat parquet column");
    }
    if (kind == null) {
      throw new RowFormatException(
          file, -1, "column '" + field.name() + "' is " + type + " but the file stores it as " + p);
    }
    return new ColumnDecoder(field, descriptor, kind, fileUnit, targetUnit, zoned);
  }

  /** Decodes the reader's current value into {@code vector} at {@code index}, and consumes it. */
  void decode(ColumnReader r, FieldVector vector, int index) {
    if (r.getCurrentDefinitionLevel() < maxDefinition) {
      vector.setNull(index);
      r.consume();
      return;
    }
    switch (kind) {
      case BOOLEAN:
        ((BitVector) vector).setSafe(index, r.getBoolean() ? 1 : 0);
        break;
      case TINYINT:
        ((TinyIntVector) vector).setSafe(index, (byte) r.getInteger());
        break;
      case SMALLINT:
        ((SmallIntVector) vector).setSafe(index, (short) r.getInteger());
        break;
      case INT:
        ((IntVector) vector).setSafe(index, r.getInteger());
        break;
      case BIGINT:
        ((BigIntVector) vector).setSafe(index, r.getLong());
        break;
      case FLOAT:
        ((Float4Vector) vector).setSafe(index, r.getFloat());
        break;
      case DOUBLE:
        ((Float8Vector) vector).setSafe(index, r.getDouble());
        break;
      case DECIMAL_INT:
        ((DecimalVector) vector).setSafe(index, (long) r.getInteger());
        break;
      case DECIMAL_LONG:
        ((DecimalVector) vector).setSafe(index, r.getLong());
        break;
      case DECIMAL_BYTES:
        ((DecimalVector) vector).setBigEndianSafe(index, r.getBinary().getBytesUnsafe());
        break;
      case STRING:
        {
          ByteBuffer b = r.getBinary().toByteBuffer();
          ((VarCharVector) vector).setSafe(index, b, b.position(), b.remaining());
          break;
        }
      case BINARY:
        {
          ByteBuffer b = r.getBinary().toByteBuffer();
          ((VarBinaryVector) vector).setSafe(index, b, b.position(), b.remaining());
          break;
        }
      case DATE:
        ((DateDayVector) vector).setSafe(index, r.getInteger());
        break;
      case TIME_MILLIS:
        ((TimeMilliVector) vector).setSafe(index, r.getInteger());
        break;
      case TIME_MICROS:
        ((TimeMilliVector) vector).setSafe(index, (int) Math.floorDiv(r.getLong(), 1000L));
        break;
      case TIMESTAMP_INT64:
        ((TimeStampVector) vector).setSafe(index, toTarget(r.getLong(), fileUnitNanos));
        break;
      case TIMESTAMP_INT96:
        ((TimeStampVector) vector).setSafe(index, int96Target(r.getBinary()));
        break;
      default:
        throw new AssertionError(kind);
    }
    r.consume();
  }

  /**
   * Decodes the reader's next {@code n} values into {@code vector} at {@code at..at+n-1}, consuming
   * them: the type is dispatched once per run, not per value, for the common types.
   */
  void decodeRun(ColumnReader r, FieldVector vector, int at, int n) {
    switch (kind) {
      case BIGINT:
        {
          BigIntVector v = (BigIntVector) vector;
          for (int i = at, end = at + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() < maxDefinition) {
              v.setNull(i);
            } else {
              v.setSafe(i, r.getLong());
            }
            r.consume();
          }
          return;
        }
      case INT:
        {
          IntVector v = (IntVector) vector;
          for (int i = at, end = at + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() < maxDefinition) {
              v.setNull(i);
            } else {
              v.setSafe(i, r.getInteger());
            }
            r.consume();
          }
          return;
        }
      case DOUBLE:
        {
          Float8Vector v = (Float8Vector) vector;
          for (int i = at, end = at + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() < maxDefinition) {
              v.setNull(i);
            } else {
              v.setSafe(i, r.getDouble());
            }
            r.consume();
          }
          return;
        }
      case STRING:
        {
          VarCharVector v = (VarCharVector) vector;
          for (int i = at, end = at + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() < maxDefinition) {
              v.setNull(i);
            } else {
              ByteBuffer b = r.getBinary().toByteBuffer();
              v.setSafe(i, b, b.position(), b.remaining());
            }
            r.consume();
          }
          return;
        }
      case TIMESTAMP_INT64:
        {
          TimeStampVector v = (TimeStampVector) vector;
          for (int i = at, end = at + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() < maxDefinition) {
              v.setNull(i);
            } else {
              v.setSafe(i, toTarget(r.getLong(), fileUnitNanos));
            }
            r.consume();
          }
          return;
        }
      default:
        for (int i = at, end = at + n; i < end; i++) {
          decode(r, vector, i);
        }
    }
  }

  /** The reader's current value in the Java value model of {@code io.paimon.types}; consumes it. */
  Object value(ColumnReader r) {
    if (r.getCurrentDefinitionLevel() < maxDefinition) {
      r.consume();
      return null;
    }
    Object v;
    switch (kind) {
      case BOOLEAN:
        v = r.getBoolean();
        break;
      case TINYINT:
        v = (byte) r.getInteger();
        break;
      case SMALLINT:
        v = (short) r.getInteger();
        break;
      case INT:
        v = r.getInteger();
        break;
      case BIGINT:
        v = r.getLong();
        break;
      case FLOAT:
        v = r.getFloat();
        break;
      case DOUBLE:
        v = r.getDouble();
        break;
      case DECIMAL_INT:
        v = BigDecimal.valueOf(r.getInteger(), ((DecimalType) field.type()).scale());
        break;
      case DECIMAL_LONG:
        v = BigDecimal.valueOf(r.getLong(), ((DecimalType) field.type()).scale());
        break;
      case DECIMAL_BYTES:
        v =
            new BigDecimal(
                new BigInteger(r.getBinary().getBytes()), ((DecimalType) field.type()).scale());
        break;
      case STRING:
        v = new String(r.getBinary().getBytes(), StandardCharsets.UTF_8);
        break;
      case BINARY:
        v = r.getBinary().getBytes();
        break;
      case DATE:
        v = LocalDate.ofEpochDay(r.getInteger());
        break;
      case TIME_MILLIS:
        v = LocalTime.ofNanoOfDay(Math.floorMod(r.getInteger(), 86_400_000L) * 1_000_000L);
        break;
      case TIME_MICROS:
        v = LocalTime.ofNanoOfDay(Math.floorMod(r.getLong(), 86_400_000_000L) / 1000L * 1_000_000L);
        break;
      case TIMESTAMP_INT64:
        v = instantOrLocal(toTarget(r.getLong(), fileUnitNanos));
        break;
      case TIMESTAMP_INT96:
        v = int96Value(r.getBinary());
        break;
      default:
        throw new AssertionError(kind);
    }
    r.consume();
    return v;
  }

  /** Skips the reader's current value or null. */
  void skip(ColumnReader r) {
    if (r.getCurrentDefinitionLevel() == maxDefinition) {
      r.skip();
    }
    r.consume();
  }

  private long toTarget(long value, long unitNanos) {
    if (unitNanos == targetUnitNanos) {
      return value;
    }
    if (unitNanos > targetUnitNanos) {
      return Math.multiplyExact(value, unitNanos / targetUnitNanos);
    }
    return Math.floorDiv(value, targetUnitNanos / unitNanos);
  }

  /** INT96: nanoseconds of the day (8 bytes) then the Julian day (4 bytes), little-endian. */
  private long int96Target(Binary b) {
    ByteBuffer buf = b.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = buf.getLong(buf.position());
    int julianDay = buf.getInt(buf.position() + 8);
    long epochDay = (long) julianDay - JULIAN_EPOCH_DAY;
    // Before the epoch, the day's start may lie below the 64-bit range while the instant does not.
    long nanos =
        epochDay < 0
            ? Math.addExact(
                Math.multiplyExact(epochDay + 1, NANOS_PER_DAY), nanosOfDay - NANOS_PER_DAY)
            : Math.addExact(Math.multiplyExact(epochDay, NANOS_PER_DAY), nanosOfDay);
    return toTarget(nanos, 1L);
  }

  /** INT96 as a Java value over its whole range, finer digits than the type's dropped. */
  private Object int96Value(Binary b) {
    ByteBuffer buf = b.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = buf.getLong(buf.position());
    long epochDay = (long) buf.getInt(buf.position() + 8) - JULIAN_EPOCH_DAY;
    long seconds =
        Math.addExact(
            Math.multiplyExact(epochDay, 86_400L), Math.floorDiv(nanosOfDay, 1_000_000_000L));
    long nanos = Math.floorMod(nanosOfDay, 1_000_000_000L);
    nanos -= nanos % targetUnitNanos;
    Instant instant = Instant.ofEpochSecond(seconds, nanos);
    return localZoned ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  private Object instantOrLocal(long target) {
    long perSecond = 1_000_000_000L / targetUnitNanos;
    long seconds = Math.floorDiv(target, perSecond);
    int nanos = (int) (Math.floorMod(target, perSecond) * targetUnitNanos);
    Instant instant = Instant.ofEpochSecond(seconds, nanos);
    return localZoned ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}
