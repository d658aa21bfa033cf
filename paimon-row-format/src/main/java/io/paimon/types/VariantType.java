package io.paimon.types;

/** The semi-structured VARIANT type; Java value {@link Variant}. */
public final class VariantType extends DataType {

  /** Creates a nullable VARIANT type. */
  public VariantType() {
    this(true);
  }

  /** Creates a VARIANT type with the given nullability. */
  public VariantType(boolean nullable) {
    super(nullable, DataTypeRoot.VARIANT);
  }

  @Override
  public VariantType copy(boolean nullable) {
    return new VariantType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "VARIANT";
  }
}
