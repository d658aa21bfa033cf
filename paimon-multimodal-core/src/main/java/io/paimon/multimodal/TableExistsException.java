package io.paimon.multimodal;

/** A table to be created already exists. */
public class TableExistsException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message saying what was wrong. */
  public TableExistsException(String message) {
    super(message);
  }

  /** Creates the exception with a message and a cause. */
  public TableExistsException(String message, Throwable cause) {
    super(message, cause);
  }
}
