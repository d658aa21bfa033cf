package io.paimon.multimodal;

/** A table (or its database) does not exist. */
public class TableNotFoundException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message saying what was wrong. */
  public TableNotFoundException(String message) {
    super(message);
  }

  /** Creates the exception with a message and a cause. */
  public TableNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
