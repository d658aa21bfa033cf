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
import io.paimon.types.DecimalType;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * DECIMAL encoders of {@link ArrowEncoder}, from Arrow's 128-bit decimals (16 bytes, little-endian
 * two's complement of the unscaled value) of the type's scale.
 */
final class ArrowDecimalEncoders {

  private ArrowDecimalEncoders() {}

  /** The address of decimal {@code index}: the low, then the high half of its two's complement. */
  private static long at(ArrowEncoder encoder, int index) {
    return encoder.address(
        encoder.dataBuffer(), (long) index * DecimalVector.TYPE_WIDTH, DecimalVector.TYPE_WIDTH);
  }

  private static RowFormatException tooManyDigits(
      String path, DecimalType type, FieldVector vector, int index) {
    BigDecimal value = ((DecimalVector) vector).getObject(index);
    return new RowFormatException(
        path,
        -1,
        "value "
            + value
            + " does not fit "
            + type
            + " (more than "
            + type.precision()
            + " digits)");
  }

  static final class Compact extends ArrowEncoder {
    private final DecimalType decimal;
    private final long bound;

    Compact(String path, FieldVector vector, DecimalType decimal) {
      super(path, vector);
      this.decimal = decimal;
      this.bound = BigInteger.TEN.pow(decimal.precision()).longValueExact();
    }

    @Override
    void encode(ByteSink out, int index) throws RowFormatException {
      long at = at(this, index);
      long lo = MemoryUtil.getLong(at);
      long hi = MemoryUtil.getLong(at + 8);
      if (hi != (lo >> 63) || lo <= -bound || lo >= bound) {
        throw tooManyDigits(path, decimal, vector, index);
      }
      out.writeLong(lo);
    }
  }

  /** Precision above 18: varint length and the minimal big-endian two's complement. */
  static final class Wide extends ArrowEncoder {
    private final DecimalType decimal;
    private final BigInteger bound;
    private final byte[] bigEndian = new byte[16];

    Wide(String path, FieldVector vector, DecimalType decimal) {
      super(path, vector);
      this.decimal = decimal;
      this.bound = BigInteger.TEN.pow(decimal.precision());
    }

    @Override
    void encode(ByteSink out, int index) throws RowFormatException {
      long at = at(this, index);
      long lo = MemoryUtil.getLong(at);
      long hi = MemoryUtil.getLong(at + 8);
      for (int i = 0; i < 8; i++) {
        bigEndian[i] = (byte) (hi >>> (56 - 8 * i));
        bigEndian[8 + i] = (byte) (lo >>> (56 - 8 * i));
      }
      // Every long is below 10^19 <= 10^precision; only wider values need the comparison.
      if (hi != (lo >> 63) && new BigInteger(bigEndian).abs().compareTo(bound) >= 0) {
        throw tooManyDigits(path, decimal, vector, index);
      }
      // As BigInteger.toByteArray: drop leading bytes that only repeat the sign.
      int from = 0;
      while (from < 15
          && ((bigEndian[from] == 0 && bigEndian[from + 1] >= 0)
              || (bigEndian[from] == -1 && bigEndian[from + 1] < 0))) {
        from++;
      }
      out.writeVarint(16 - from);
      out.writeBytes(bigEndian, from, 16 - from);
    }
  }
}
