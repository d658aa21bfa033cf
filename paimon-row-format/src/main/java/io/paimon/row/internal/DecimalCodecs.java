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
import java.math.RoundingMode;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * DECIMAL codecs. Values are rounded HALF_UP to the declared scale on write (as Paimon does); a
 * value whose unscaled form then has more digits than the precision is rejected on write and on
 * read.
 */
final class DecimalCodecs {

  private static final long[] POW10 = new long[19];
  private static final BigInteger[] BIG_POW10 = new BigInteger[39];

  static {
    long p = 1;
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = p;
      p *= 10;
    }
    for (int i = 0; i < BIG_POW10.length; i++) {
      BIG_POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  /** Two's complement of a 38-digit value fits 16 bytes; one more is never needed. */
  private static final int MAX_WIDE_BYTES = 16;

  private DecimalCodecs() {}

  static BigInteger unscaled(FieldCodec codec, DecimalType type, Object value)
      throws RowFormatException {
    if (!(value instanceof BigDecimal)) {
      throw codec.wrongType(value, "BigDecimal");
    }
    BigInteger unscaled =
        ((BigDecimal) value).setScale(type.scale(), RoundingMode.HALF_UP).unscaledValue();
    if (unscaled.abs().compareTo(BIG_POW10[type.precision()]) >= 0) {
      throw new RowFormatException(
          codec.path,
          -1,
          "value "
              + value
              + " does not fit "
              + type
              + " (more than "
              + type.precision()
              + " digits)");
    }
    return unscaled;
  }

  static final class CompactDecimalCodec extends FieldCodec {
    private final DecimalType decimal;
    private final long bound;

    CompactDecimalCodec(String path, DecimalType type) {
      super(path, type);
      this.decimal = type;
      this.bound = POW10[type.precision()];
    }

    @Override
    void write(ByteSink out, Object value) throws RowFormatException {
      out.writeLong(unscaled(this, decimal, value).longValue());
    }

    private long readUnscaled(BlockInput in) throws RowFormatException {
      long v = in.readLong();
      if (v <= -bound || v >= bound) {
        throw in.corrupt(
            "unscaled value " + v + " of '" + path + "' has more digits than " + decimal);
      }
      return v;
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return BigDecimal.valueOf(readUnscaled(in), decimal.scale());
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(8, "DECIMAL");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((DecimalVector) vector).setSafe(index, readUnscaled(in));
    }
  }

  static final class WideDecimalCodec extends FieldCodec {
    private final DecimalType decimal;

    WideDecimalCodec(String path, DecimalType type) {
      super(path, type);
      this.decimal = type;
    }

    @Override
    void write(ByteSink out, Object value) throws RowFormatException {
      out.writeLengthPrefixed(unscaled(this, decimal, value).toByteArray());
    }

    private byte[] readBytes(BlockInput in) throws RowFormatException {
      int len = in.readLength("decimal");
      if (len == 0 || len > MAX_WIDE_BYTES) {
        throw in.corrupt(
            "decimal of '" + path + "' takes " + len + " bytes; expected 1 to " + MAX_WIDE_BYTES);
      }
      byte[] bytes = new byte[len];
      System.arraycopy(in.buf, in.pos, bytes, 0, len);
      in.pos += len;
      return bytes;
    }

    private BigInteger checked(BlockInput in, byte[] bytes) throws RowFormatException {
      BigInteger unscaled = new BigInteger(bytes);
      if (unscaled.abs().compareTo(BIG_POW10[decimal.precision()]) >= 0) {
        throw in.corrupt(
            "unscaled value " + unscaled + " of '" + path + "' has more digits than " + decimal);
      }
      return unscaled;
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return new BigDecimal(checked(in, readBytes(in)), decimal.scale());
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skipLengthPrefixed("decimal");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      byte[] bytes = readBytes(in);
      checked(in, bytes);
      ((DecimalVector) vector).setBigEndianSafe(index, bytes);
    }
  }
}
