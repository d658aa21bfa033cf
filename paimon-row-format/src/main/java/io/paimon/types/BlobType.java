package io.paimon.types;

/**
 * The BLOB type for large binary payloads; in a {@code .row} file the bytes are stored inline and
 * read as {@code byte[]}.
 */
public final class BlobType extends DataType {

  /** Creates a nullable BLOB type. */
  public BlobType() {
    this(true);
  }

  /** Creates a BLOB type with the given nullability. */
  public BlobType(boolean nullable) {
    super(nullable, DataTypeRoot.BLOB);
  }

  @Override
  public BlobType copy(boolean nullable) {
    return new BlobType(nullable);
  }

  @Override
  String sqlWithoutNullability() {
    return "BLOB";
  }
}
