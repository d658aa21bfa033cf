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

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.io.api.Binary;

/**
 * Timestamps in the unit parquet stores for a precision (Paimon's mapping, also Arrow's): INT64
 * milliseconds up to precision 3, microseconds up to 6, and INT96 (nanoseconds of the Julian day)
 * above. Finer digits than the precision are dropped toward negative infinity. Stateless.
 */
final class TimestampUnits {

  private static final long NANOS_PER_DAY = 86_400_000_000_000L;
  private static final int JULIAN_EPOCH_DAY = 2_440_588;

  private TimestampUnits() {}

  /**
   * The time since the epoch in the precision's unit.
   *
   * @throws ArithmeticException if it does not fit 64 bits
   */
  static long fromEpoch(long seconds, int nanos, int precision) {
    if (precision <= 3) {
      return Math.addExact(Math.multiplyExact(seconds, 1000L), nanos / 1_000_000);
    } else if (precision <= 6) {
      return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanos / 1000);
    }
    return Math.addExact(Math.multiplyExact(seconds, 1_000_000_000L), nanos);
  }

  /** INT96: the nanoseconds of the day (8 bytes), then the Julian day (4 bytes), little-endian. */
  static Binary int96(long nanosSinceEpoch) {
    return int96(
        Math.floorDiv(nanosSinceEpoch, NANOS_PER_DAY),
        Math.floorMod(nanosSinceEpoch, NANOS_PER_DAY));
  }

  /**
   * INT96 of an instant given in epoch seconds and nanoseconds, over its whole range (INT96 holds
   * days the 64-bit nanoseconds of {@link #int96(long)} do not).
   */
  static Binary int96(long seconds, int nanos) {
    long epochDay = Math.floorDiv(seconds, 86_400L);
    long nanosOfDay = Math.floorMod(seconds, 86_400L) * 1_000_000_000L + nanos;
    return int96(epochDay, nanosOfDay);
  }

  private static Binary int96(long epochDay, long nanosOfDay) {
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(nanosOfDay);
    b.putInt((int) (epochDay + JULIAN_EPOCH_DAY));
    return Binary.fromConstantByteArray(b.array());
  }
}
