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
package io.paimon.blob;

import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;

/**
 * Encodes and decodes the keys of a {@code MAP<K, BLOB>} payload. Key types and encodings: TINYINT,
 * SMALLINT, INT, BIGINT fixed-width signed little-endian; BOOLEAN one byte 0 or 1; DECIMAL with
 * precision at most 18 the 8-byte little-endian unscaled value, above 18 the minimal big-endian
 * two's complement unscaled value; DATE int32 days since the epoch; TIME int32 milliseconds of the
 * day; BINARY/VARBINARY the bytes; CHAR/VARCHAR UTF-8. Java values follow the project's value model
 * (Byte, Short, Integer, Long, Boolean, BigDecimal, LocalDate, LocalTime, byte[], String).
 *
 * <pre>{@code
 * BlobMapKeys keys = BlobMapKeys.forType(DataTypes.INT());
 * byte[] encoded = keys.encode(7);                                        // 07 00 00 00
 * Object key = keys.decode(encoded, 0, encoded.length, "f.blob", 0);      // 7
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public abstract class BlobMapKeys {

  private static final BigInteger[] POW10 = new BigInteger[DecimalType.MAX_PRECISION + 1];
  private static final long MILLIS_PER_DAY = 86_400_000L;

  static {
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  final DataType type;

  private BlobMapKeys(DataType type) {
    this.type = type;
  }

  /** The key type. */
  public final DataType type() {
    return type;
  }

  /**
   * The codec for keys of {@code type}.
   *
   * @throws IllegalArgumentException if MAP&lt;K, BLOB&gt; does not allow this key type
   */
  public static BlobMapKeys forType(DataType type) {
    switch (type.root()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case BOOLEAN:
      case DATE:
      case TIME_WITHOUT_TIME_ZONE:
        return new Fixed(type);
      case DECIMAL:
        return new Decimal((DecimalType) type);
      case BINARY:
      case VARBINARY:
      case CHAR:
      case VARCHAR:
        return new Variable(type);
      default:
        throw new IllegalArgumentException(
            "MAP<K, BLOB> does not support key type "
                + type
                + "; allowed: TINYINT, SMALLINT, INT, BIGINT, BOOLEAN, DECIMAL, DATE, TIME,"
                + " BINARY, VARBINARY, CHAR, VARCHAR");
    }
  }

  /** The encoded length every key has, or -1 if keys vary in length. */
  public abstract int fixedLength();

  /**
   * Encodes a non-null key.
   *
   * @throws IllegalArgumentException if the key is not of the Java class of the key type, or does
   *     not fit it
   */
  public abstract byte[] encode(Object key);

  /**
   * Decodes a key from {@code buf[off, off + len)}.
   *
   * @param file the file name, for messages
   * @param fileOffset the file offset of {@code buf[off]}, for messages
   * @throws BlobFormatException if the bytes are not a key of the type
   */
  public abstract Object decode(byte[] buf, int off, int len, String file, long fileOffset)
      throws BlobFormatException;

  final IllegalArgumentException wrongClass(Object key, String expected) {
    return new IllegalArgumentException(
        "map keys of type " + type + " must be " + expected + ", got " + key.getClass().getName());
  }

  private static final class Fixed extends BlobMapKeys {
    private final int length;

    Fixed(DataType type) {
      super(type);
      switch (type.root()) {
        case TINYINT:
        case BOOLEAN:
          length = 1;
          break;
        case SMALLINT:
          length = 2;
          break;
        case BIGINT:
          length = 8;
          break;
        default:
          length = 4;
      }
    }

    @Override
    public int fixedLength() {
      return length;
    }

    @Override
    public byte[] encode(Object key) {
      ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
      switch (type.root()) {
        case TINYINT:
          b.put(cast(key, Byte.class, "Byte"));
          break;
        case BOOLEAN:
          b.put(cast(key, Boolean.class, "Boolean") ? (byte) 1 : (byte) 0);
          break;
        case SMALLINT:
          b.putShort(cast(key, Short.class, "Short"));
          break;
        case INTEGER:
          b.putInt(cast(key, Integer.class, "Integer"));
          break;
        case BIGINT:
          b.putLong(cast(key, Long.class, "Long"));
          break;
        case DATE:
          long days = cast(key, LocalDate.class, "LocalDate").toEpochDay();
          if (days != (int) days) {
            throw new IllegalArgumentException("DATE map key " + key + " is out of int32 days");
          }
          b.putInt((int) days);
          break;
        default:
          b.putInt((int) (cast(key, LocalTime.class, "LocalTime").toNanoOfDay() / 1_000_000L));
      }
      return b.array();
    }

    private <T> T cast(Object key, Class<T> c, String name) {
      if (!c.isInstance(key)) {
        throw wrongClass(key, name);
      }
      return c.cast(key);
    }

    @Override
    public Object decode(byte[] buf, int off, int len, String file, long fileOffset)
        throws BlobFormatException {
      if (len != length) {
        throw new BlobFormatException(
            file, fileOffset, "key of type " + type + " takes " + length + " bytes, found " + len);
      }
      ByteBuffer b = ByteBuffer.wrap(buf, off, len).order(ByteOrder.LITTLE_ENDIAN);
      switch (type.root()) {
        case TINYINT:
          return b.get();
        case BOOLEAN:
          byte v = b.get();
          if (v != 0 && v != 1) {
            throw new BlobFormatException(
                file, fileOffset, "BOOLEAN key byte " + v + " is neither 0 nor 1");
          }
          return v == 1;
        case SMALLINT:
          return b.getShort();
        case INTEGER:
          return b.getInt();
        case BIGINT:
          return b.getLong();
        case DATE:
          return LocalDate.ofEpochDay(b.getInt());
        default:
          int millis = b.getInt();
          if (millis < 0 || millis >= MILLIS_PER_DAY) {
            throw new BlobFormatException(
                file, fileOffset, "TIME key " + millis + " ms is outside the day");
          }
          return LocalTime.ofNanoOfDay(millis * 1_000_000L);
      }
    }
  }

  private static final class Decimal extends BlobMapKeys {
    /** Two's complement of a 38-digit value fits 16 bytes. */
    private static final int MAX_WIDE_BYTES = 16;

    private final DecimalType decimal;

    Decimal(DecimalType type) {
      super(type);
      this.decimal = type;
    }

    @Override
    public int fixedLength() {
      return decimal.isCompact() ? 8 : -1;
    }

    @Override
    public byte[] encode(Object key) {
      if (!(key instanceof BigDecimal)) {
        throw wrongClass(key, "BigDecimal");
      }
      BigInteger unscaled =
          ((BigDecimal) key).setScale(decimal.scale(), RoundingMode.HALF_UP).unscaledValue();
      if (unscaled.abs().compareTo(POW10[decimal.precision()]) >= 0) {
        throw new IllegalArgumentException("map key " + key + " does not fit " + type);
      }
      if (!decimal.isCompact()) {
        return unscaled.toByteArray();
      }
      return ByteBuffer.allocate(8)
          .order(ByteOrder.LITTLE_ENDIAN)
          .putLong(unscaled.longValue())
          .array();
    }

    @Override
    public Object decode(byte[] buf, int off, int len, String file, long fileOffset)
        throws BlobFormatException {
      BigInteger unscaled;
      if (decimal.isCompact()) {
        if (len != 8) {
          throw new BlobFormatException(
              file, fileOffset, "key of type " + type + " takes 8 bytes, found " + len);
        }
        unscaled = BigInteger.valueOf(BlobFormat.readLong(buf, off));
      } else {
        if (len < 1 || len > MAX_WIDE_BYTES) {
          throw new BlobFormatException(
              file,
              fileOffset,
              "key of type " + type + " takes 1 to " + MAX_WIDE_BYTES + " bytes, found " + len);
        }
        unscaled = new BigInteger(buf, off, len);
      }
      if (unscaled.abs().compareTo(POW10[decimal.precision()]) >= 0) {
        throw new BlobFormatException(
            file, fileOffset, "unscaled key " + unscaled + " has more digits than " + type);
      }
      return new BigDecimal(unscaled, decimal.scale());
    }
  }

  private static final class Variable extends BlobMapKeys {
    private final boolean text;

    Variable(DataType type) {
      super(type);
      this.text = type.root().isCharacterString();
    }

    @Override
    public int fixedLength() {
      return -1;
    }

    @Override
    public byte[] encode(Object key) {
      if (text) {
        if (!(key instanceof String)) {
          throw wrongClass(key, "String");
        }
        return ((String) key).getBytes(StandardCharsets.UTF_8);
      }
      if (!(key instanceof byte[])) {
        throw wrongClass(key, "byte[]");
      }
      return ((byte[]) key).clone();
    }

    @Override
    public Object decode(byte[] buf, int off, int len, String file, long fileOffset)
        throws BlobFormatException {
      return text
          ? new String(buf, off, len, StandardCharsets.UTF_8)
          : Arrays.copyOfRange(buf, off, off + len);
    }
  }
}
