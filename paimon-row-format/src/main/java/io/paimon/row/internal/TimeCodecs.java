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
package io.paimon.row.internal;

import io.paimon.row.RowFormatException;
import io.paimon.types.DataType;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;

/** DATE, TIME and TIMESTAMP codecs. */
final class TimeCodecs {

  private static final int MILLIS_PER_DAY = 86_400_000;
  private static final int NANOS_PER_MILLI = 1_000_000;

  private TimeCodecs() {}

  static final class DateCodec extends FieldCodec {
    DateCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    int rawArrowWidth() {
      return 4;
    }

    @Override
    void write(ByteSink out, Object value) {
      if (!(value instanceof LocalDate)) {
        throw wrongType(value, "LocalDate");
      }
      long day = ((LocalDate) value).toEpochDay();
      if (day < Integer.MIN_VALUE || day > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("field '" + path + "': date " + value + " out of range");
      }
      out.writeInt((int) day);
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return LocalDate.ofEpochDay(in.readInt());
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(4, "DATE");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((DateDayVector) vector).setSafe(index, in.readInt());
    }
  }

  static final class TimeCodec extends FieldCodec {
    TimeCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    void write(ByteSink out, Object value) {
      if (!(value instanceof LocalTime)) {
        throw wrongType(value, "LocalTime");
      }
      out.writeInt((int) (((LocalTime) value).toNanoOfDay() / NANOS_PER_MILLI));
    }

    private int readMillis(BlockInput in) throws RowFormatException {
      int millis = in.readInt();
      if (millis < 0 || millis >= MILLIS_PER_DAY) {
        throw in.corrupt(
            "TIME value " + millis + " of '" + path + "' is not a millisecond of a day");
      }
      return millis;
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return LocalTime.ofNanoOfDay(readMillis(in) * (long) NANOS_PER_MILLI);
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(4, "TIME");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((TimeMilliVector) vector).setSafe(index, readMillis(in));
    }
  }

  /**
   * TIMESTAMP and TIMESTAMP_LTZ: epoch millis, plus the nanosecond of the millisecond when the
   * precision is above 3. Values are stored as given, not truncated to the precision.
   */
  static final class TimestampCodec extends FieldCodec {
    private final boolean compact;
    private final boolean instant;
    private final int precision;

    TimestampCodec(String path, DataType type, int precision, boolean instant) {
      super(path, type);
      this.precision = precision;
      this.compact = precision <= 3;
      this.instant = instant;
    }

    @Override
    int rawArrowWidth() {
      // Precision <= 3 is stored and mapped to Arrow as epoch milliseconds.
      return compact ? 8 : 0;
    }

    @Override
    void write(ByteSink out, Object value) {
      long seconds;
      int nanos;
      if (instant && value instanceof Instant) {
        seconds = ((Instant) value).getEpochSecond();
        nanos = ((Instant) value).getNano();
      } else if (!instant && value instanceof LocalDateTime) {
        LocalDateTime ldt = (LocalDateTime) value;
        seconds = ldt.toEpochSecond(ZoneOffset.UTC);
        nanos = ldt.getNano();
      } else {
        throw wrongType(value, instant ? "Instant" : "LocalDateTime");
      }
      long millis;
      try {
        millis = Math.addExact(Math.multiplyExact(seconds, 1000L), nanos / NANOS_PER_MILLI);
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException(
            "field '" + path + "': timestamp " + value + " is outside the epoch-millisecond range");
      }
      out.writeLong(millis);
      if (!compact) {
        out.writeVarint(nanos % NANOS_PER_MILLI);
      }
    }

    private int readNanoOfMilli(BlockInput in) throws RowFormatException {
      int nanos = in.readVarint();
      if (nanos >= NANOS_PER_MILLI) {
        throw in.corrupt(
            "nanosecond of millisecond " + nanos + " of '" + path + "' exceeds 999999");
      }
      return nanos;
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      long millis = in.readLong();
      int nanoOfMilli = compact ? 0 : readNanoOfMilli(in);
      long seconds = Math.floorDiv(millis, 1000L);
      int nanos = (int) Math.floorMod(millis, 1000L) * NANOS_PER_MILLI + nanoOfMilli;
      return instant
          ? Instant.ofEpochSecond(seconds, nanos)
          : LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(8, "TIMESTAMP");
      if (!compact) {
        in.readVarint();
      }
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      long millis = in.readLong();
      int nanoOfMilli = compact ? 0 : readNanoOfMilli(in);
      long value;
      if (precision <= 3) {
        value = millis;
      } else {
        long scale = precision <= 6 ? 1000L : 1_000_000L;
        long fraction = precision <= 6 ? nanoOfMilli / 1000 : nanoOfMilli;
        try {
          value = Math.addExact(Math.multiplyExact(millis, scale), fraction);
        } catch (ArithmeticException e) {
          throw in.corrupt(
              "timestamp "
                  + millis
                  + " ms of '"
                  + path
                  + "' cannot be represented in Arrow "
                  + (precision <= 6 ? "microseconds" : "nanoseconds"));
        }
      }
      ((TimeStampVector) vector).setSafe(index, value);
    }
  }
}
