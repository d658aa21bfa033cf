package io.paimon.multimodal;

/**
 * A commit could not be made after its retries because other writers kept committing first, or the
 * table changed in a way the commit cannot be rebased onto.
 */
public class CommitConflictException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message saying what was wrong. */
  public CommitConflictException(String message) {
    super(message);
  }

  /** Creates the exception with a message and a cause. */
  public CommitConflictException(String message, Throwable cause) {
    super(message, cause);
  }
}
