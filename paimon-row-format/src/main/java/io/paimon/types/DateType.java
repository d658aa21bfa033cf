package io.paimon.types;

/** The DATE type, days since 1970-01-01; Java value {@link java.time.LocalDate}. */
public final class DateType extends DataType {

  /** Creates a nullable DATE type. */
  public DateType() {
    this(true);
  }

  /** Creates a DATE type with the given nullability. */
  public DateType(boolean nullable) {
    super(nullable, DataTypeRoot.DATE);
  }

  @Override
  public DateType copy(boolean nullable) {
    return new DateType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "DATE";
  }
}
