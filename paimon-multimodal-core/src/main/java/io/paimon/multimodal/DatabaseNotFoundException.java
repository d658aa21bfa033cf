package io.paimon.multimodal;

/** A database does not exist. */
public class DatabaseNotFoundException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message saying what was wrong. */
  public DatabaseNotFoundException(String message) {
    super(message);
  }

  /** Creates the exception with a message and a cause. */
  public DatabaseNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
