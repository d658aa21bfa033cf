package io.paimon.multimodal;

/**
 * A snapshot id or a tag names no snapshot, or a pinned snapshot has gone (a tag that was moved or
 * deleted during a read).
 */
public class SnapshotNotFoundException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message saying what was wrong. */
  public SnapshotNotFoundException(String message) {
    super(message);
  }

  /** Creates the exception with a message and a cause. */
  public SnapshotNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
