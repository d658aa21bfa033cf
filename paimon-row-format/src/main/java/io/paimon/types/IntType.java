package io.paimon.types;

/** The INT type, a signed 32-bit integer; Java value {@link Integer}. */
public final class IntType extends DataType {

  /** Creates a nullable INT type. */
  public IntType() {
    this(true);
  }

  /** Creates a INT type with the given nullability. */
  public IntType(boolean nullable) {
    super(nullable, DataTypeRoot.INTEGER);
  }

  @Override
  public IntType copy(boolean nullable) {
    return new IntType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "INT";
  }
}
