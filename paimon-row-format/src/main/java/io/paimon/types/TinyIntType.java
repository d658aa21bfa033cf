package io.paimon.types;

/** The TINYINT type, a signed 8-bit integer; Java value {@link Byte}. */
public final class TinyIntType extends DataType {

  /** Creates a nullable TINYINT type. */
  public TinyIntType() {
    this(true);
  }

  /** Creates a TINYINT type with the given nullability. */
  public TinyIntType(boolean nullable) {
    super(nullable, DataTypeRoot.TINYINT);
  }

  @Override
  public TinyIntType copy(boolean nullable) {
    return new TinyIntType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "TINYINT";
  }
}
