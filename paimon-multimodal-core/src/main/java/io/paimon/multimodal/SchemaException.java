package io.paimon.multimodal;

/**
 * A schema, a column name or a value does not fit the table: an unknown column, a wrong type, a
 * null in a NOT NULL column, a name that could escape the warehouse or clashes with {@code
 * _ROW_ID}. Nothing is written when it is thrown.
 */
public class SchemaException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message saying what was wrong. */
  public SchemaException(String message) {
    super(message);
  }

  /** Creates the exception with a message and a cause. */
  public SchemaException(String message, Throwable cause) {
    super(message, cause);
  }
}
