package io.paimon.types;

/** The SMALLINT type, a signed 16-bit integer; Java value {@link Short}. */
public final class SmallIntType extends DataType {

  /** Creates a nullable SMALLINT type. */
  public SmallIntType() {
    this(true);
  }

  /** Creates a SMALLINT type with the given nullability. */
  public SmallIntType(boolean nullable) {
    super(nullable, DataTypeRoot.SMALLINT);
  }

  @Override
  public SmallIntType copy(boolean nullable) {
    return new SmallIntType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "SMALLINT";
  }
}
