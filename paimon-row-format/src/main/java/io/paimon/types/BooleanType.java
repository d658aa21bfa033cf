package io.paimon.types;

/** The BOOLEAN type; Java value {@link Boolean}. */
public final class BooleanType extends DataType {

  /** Creates a nullable BOOLEAN type. */
  public BooleanType() {
    this(true);
  }

  /** Creates a BOOLEAN type with the given nullability. */
  public BooleanType(boolean nullable) {
    super(nullable, DataTypeRoot.BOOLEAN);
  }

  @Override
  public BooleanType copy(boolean nullable) {
    return new BooleanType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "BOOLEAN";
  }
}
