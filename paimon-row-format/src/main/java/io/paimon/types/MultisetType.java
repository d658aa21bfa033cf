package io.paimon.types;

import java.util.List;
import java.util.Objects;

/**
 * The MULTISET&lt;T&gt; type, stored as MAP&lt;T, INT&gt; from element to count; Java value {@code
 * Map<T, Integer>}.
 */
public final class MultisetType extends DataType {

  private final DataType elementType;

  /** Creates a nullable MULTISET of the given element type. */
  public MultisetType(DataType elementType) {
    this(true, elementType);
  }

  /** Creates a MULTISET of the given element type and nullability. */
  public MultisetType(boolean nullable, DataType elementType) {
    super(nullable, DataTypeRoot.MULTISET);
    this.elementType = Objects.requireNonNull(elementType, "elementType");
  }

  /** The type of the elements. */
  public DataType elementType() {
    return elementType;
  }

  @Override
  public MultisetType copy(boolean nullable) {
    return new MultisetType(nullable, elementType);
  }

  @Override
  public List<DataType> children() {
    return List.of(elementType);
  }

  @Override
  String sqlWithoutNullability() {
    return "MULTISET<" + elementType.asSqlString() + ">";
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && elementType.equals(((MultisetType) o).elementType);
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + elementType.hashCode();
  }
}
