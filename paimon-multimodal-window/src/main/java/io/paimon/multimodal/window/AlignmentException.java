package io.paimon.multimodal.window;

import io.paimon.multimodal.MultimodalException;

/**
 * A value of an alignment input that the operation cannot use: a null in a key column, or a
 * timestamp key that does not fit the unit it must be compared in. Contiguous windows ({@link
 * ContiguousWindows}) throw it too, for a null key, an order value that repeats or skips a step
 * within a group, and an incomplete window under {@link Boundary#ERROR}. The message names the
 * input, the column and the row (or the group and the rows' {@code _ROW_ID}s). Thrown before any
 * output row is produced.
 */
public class AlignmentException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the input, column and row. */
  public AlignmentException(String message) {
    super(message);
  }
}
