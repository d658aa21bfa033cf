package io.paimon.types;

/**
 * The VARBINARY(n) type; {@code BYTES} is VARBINARY({@value #MAX_LENGTH}). Java value {@code
 * byte[]}.
 */
public final class VarBinaryType extends DataType {

  /** The smallest allowed length. */
  public static final int MIN_LENGTH = 1;

  /** The largest allowed length. */
  public static final int MAX_LENGTH = Integer.MAX_VALUE;

  /** The length used when none is given. */
  public static final int DEFAULT_LENGTH = 1;

  private final int length;

  /** Creates a nullable type with the given length. */
  public VarBinaryType(int length) {
    this(true, length);
  }

  /**
   * Creates a type with the given nullability and length.
   *
   * @throws IllegalArgumentException if {@code length} is outside [{@value #MIN_LENGTH}, {@value
   *     #MAX_LENGTH}]
   */
  public VarBinaryType(boolean nullable, int length) {
    super(nullable, DataTypeRoot.VARBINARY);
    if (length < MIN_LENGTH || length > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "VARBINARY length must be between "
              + MIN_LENGTH
              + " and "
              + MAX_LENGTH
              + ", got "
              + length);
    }
    this.length = length;
  }

  /** The declared length. */
  public int length() {
    return length;
  }

  @Override
  public VarBinaryType copy(boolean nullable) {
    return new VarBinaryType(nullable, length);
  }

  @Override
  String sqlWithoutNullability() {
    return length == MAX_LENGTH ? "BYTES" : "VARBINARY(" + length + ")";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && length == ((VarBinaryType) o).length;
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + length;
  }
}
