package io.paimon.types;

/** The FLOAT type, IEEE 754 binary32; Java value {@link Float}. */
public final class FloatType extends DataType {

  /** Creates a nullable FLOAT type. */
  public FloatType() {
    this(true);
  }

  /** Creates a FLOAT type with the given nullability. */
  public FloatType(boolean nullable) {
    super(nullable, DataTypeRoot.FLOAT);
  }

  @Override
  public FloatType copy(boolean nullable) {
    return new FloatType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "FLOAT";
  }
}
