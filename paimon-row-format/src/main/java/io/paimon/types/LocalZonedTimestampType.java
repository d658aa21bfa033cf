package io.paimon.types;

/**
 * The TIMESTAMP(p) WITH LOCAL TIME ZONE type (TIMESTAMP_LTZ), an instant on the UTC time line. Java
 * value {@link java.time.Instant}.
 */
public final class LocalZonedTimestampType extends DataType {

  /** The smallest allowed precision. */
  public static final int MIN_PRECISION = 0;

  /** The largest allowed precision. */
  public static final int MAX_PRECISION = 9;

  /** The precision used when none is given. */
  public static final int DEFAULT_PRECISION = 6;

  private final int precision;

  /** Creates a nullable type with the given precision. */
  public LocalZonedTimestampType(int precision) {
    this(true, precision);
  }

  /**
   * Creates a type with the given nullability and precision.
   *
   * @throws IllegalArgumentException if {@code precision} is outside [{@value #MIN_PRECISION},
   *     {@value #MAX_PRECISION}]
   */
  public LocalZonedTimestampType(boolean nullable, int precision) {
    super(nullable, DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE);
    if (precision < MIN_PRECISION || precision > MAX_PRECISION) {
      throw new IllegalArgumentException(
          "TIMESTAMP_LTZ precision must be between "
              + MIN_PRECISION
              + " and "
              + MAX_PRECISION
              + ", got "
              + precision);
    }
    this.precision = precision;
  }

  /** The declared precision. */
  public int precision() {
    return precision;
  }

  @Override
  public LocalZonedTimestampType copy(boolean nullable) {
    return new LocalZonedTimestampType(nullable, precision);
  }

  @Override
  String sqlWithoutNullability() {
    return "TIMESTAMP(" + precision + ") WITH LOCAL TIME ZONE";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && precision == ((LocalZonedTimestampType) o).precision;
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + precision;
  }
}
