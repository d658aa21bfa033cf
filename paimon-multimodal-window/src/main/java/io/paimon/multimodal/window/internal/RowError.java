package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.window.AlignmentException;
import java.util.function.LongFunction;

/**
 * An {@link AlignmentException} about one row of an input, which can be renumbered: a part of an
 * input loaded in a thread of its own counts its rows from 0 and shifts the number by the rows of
 * the parts before it once they are known.
 */
final class RowError extends AlignmentException {

  private static final long serialVersionUID = 1L;

  private final transient LongFunction<String> message;
  private final long row;

  RowError(LongFunction<String> message, long row) {
    super(message.apply(row));
    this.message = message;
    this.row = row;
  }

  /** The same error for the row {@code offset} rows further on. */
  RowError shifted(long offset) {
    return offset == 0 ? this : new RowError(message, row + offset);
  }
}
