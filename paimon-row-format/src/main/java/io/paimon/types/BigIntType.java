package io.paimon.types;

/** The BIGINT type, a signed 64-bit integer; Java value {@link Long}. */
public final class BigIntType extends DataType {

  /** Creates a nullable BIGINT type. */
  public BigIntType() {
    this(true);
  }

  /** Creates a BIGINT type with the given nullability. */
  public BigIntType(boolean nullable) {
    super(nullable, DataTypeRoot.BIGINT);
  }

  @Override
  public BigIntType copy(boolean nullable) {
    return new BigIntType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "BIGINT";
  }
}
