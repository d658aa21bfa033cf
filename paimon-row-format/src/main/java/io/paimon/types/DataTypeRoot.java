package io.paimon.types;

/** The kind of a {@link DataType}, independent of its parameters and nullability. */
public enum DataTypeRoot {
  BOOLEAN,
  TINYINT,
  SMALLINT,
  INTEGER,
  BIGINT,
  FLOAT,
  DOUBLE,
  DECIMAL,
  CHAR,
  VARCHAR,
  BINARY,
  VARBINARY,
  DATE,
  TIME_WITHOUT_TIME_ZONE,
  TIMESTAMP_WITHOUT_TIME_ZONE,
  TIMESTAMP_WITH_LOCAL_TIME_ZONE,
  ARRAY,
  MAP,
  MULTISET,
  ROW,
  VECTOR,
  VARIANT,
  BLOB;

  /** Whether values of this kind are integers: TINYINT, SMALLINT, INT or BIGINT. */
  public boolean isInteger() {
    return this == TINYINT || this == SMALLINT || this == INTEGER || this == BIGINT;
  }

  /** Whether values of this kind are IEEE 754 floating-point numbers: FLOAT or DOUBLE. */
  public boolean isFloatingPoint() {
    return this == FLOAT || this == DOUBLE;
  }

  /** Whether this kind holds text: CHAR or VARCHAR (STRING). */
  public boolean isCharacterString() {
    return this == CHAR || this == VARCHAR;
  }

  /** Whether this kind holds raw bytes: BINARY or VARBINARY (BYTES). */
  public boolean isBinaryString() {
    return this == BINARY || this == VARBINARY;
  }

  /** Whether this kind is a timestamp, with or without local time zone. */
  public boolean isTimestamp() {
    return this == TIMESTAMP_WITHOUT_TIME_ZONE || this == TIMESTAMP_WITH_LOCAL_TIME_ZONE;
  }
}
