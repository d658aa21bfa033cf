package io.paimon.row;

import java.util.Iterator;

/**
 * An {@link Iterator} that holds resources (files, threads, buffers) until closed. Use it in a
 * try-with-resources block; closing twice is harmless. {@link #hasNext()} and {@link #next()} may
 * throw {@link java.io.UncheckedIOException} wrapping the underlying {@link java.io.IOException}
 * (for a malformed file, a {@link RowFormatException}).
 *
 * @param <T> the element type
 */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {

  /** Releases the resources; never throws a checked exception. */
  @Override
  void close();
}
