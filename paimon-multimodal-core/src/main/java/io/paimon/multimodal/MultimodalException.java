package io.paimon.multimodal;

/**
 * The base of the library's unchecked exceptions; each subclass names what was wrong (table,
 * column, file, position).
 */
public class MultimodalException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message saying what was wrong. */
  public MultimodalException(String message) {
    super(message);
  }

  /** Creates the exception with a message and a cause. */
  public MultimodalException(String message, Throwable cause) {
    super(message, cause);
  }
}
