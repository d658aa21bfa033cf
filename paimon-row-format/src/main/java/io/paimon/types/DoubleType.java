package io.paimon.types;

/** The DOUBLE type, IEEE 754 binary64; Java value {@link Double}. */
public final class DoubleType extends DataType {

  /** Creates a nullable DOUBLE type. */
  public DoubleType() {
    this(true);
  }

  /** Creates a DOUBLE type with the given nullability. */
  public DoubleType(boolean nullable) {
    super(nullable, DataTypeRoot.DOUBLE);
  }

  @Override
  public DoubleType copy(boolean nullable) {
    return new DoubleType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "DOUBLE";
  }
}
