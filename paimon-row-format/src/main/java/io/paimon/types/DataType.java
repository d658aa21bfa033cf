package io.paimon.types;

import java.util.List;
import java.util.Objects;

/**
 * A Paimon data type: a {@link DataTypeRoot}, its parameters and whether it admits null.
 *
 * <p>Types are immutable values: {@link #notNull()} and {@link #nullable()} return copies, {@link
 * #equals} compares kind, parameters and nullability, and {@link #toString()} prints Paimon's SQL
 * syntax, which {@link DataTypes#parse(String)} reads back. Instances are thread-safe.
 */
public abstract class DataType {

  private final boolean nullable;
  private final DataTypeRoot root;

  DataType(boolean nullable, DataTypeRoot root) {
    this.nullable = nullable;
    this.root = Objects.requireNonNull(root, "root");
  }

  /** The kind of this type. */
  public final DataTypeRoot root() {
    return root;
  }

  /** Whether a value of this type may be null. */
  public final boolean isNullable() {
    return nullable;
  }

  /** A copy of this type with the given nullability. */
  public abstract DataType copy(boolean nullable);

  /** A copy of this type that does not admit null. */
  public final DataType notNull() {
    return copy(false);
  }

  /** A copy of this type that admits null. */
  public final DataType nullable() {
    return copy(true);
  }

  /** The directly nested types (element, key and value, or field types); empty for atomic types. */
  public List<DataType> children() {
    return List.of();
  }

  /** The SQL text of this type without the nullability suffix. */
  abstract String sqlWithoutNullability();

  /** This type in Paimon's SQL syntax, e.g. {@code ARRAY<STRING> NOT NULL}. */
  public final String asSqlString() {
    String sql = sqlWithoutNullability();
    return nullable ? sql : sql + " NOT NULL";
  }

  @Override
  public final String toString() {
    return asSqlString();
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    DataType that = (DataType) o;
    return nullable == that.nullable && root == that.root;
  }

  @Override
  public int hashCode() {
    return Objects.hash(nullable, root);
  }
}
