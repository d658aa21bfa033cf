package io.paimon.row;

import java.io.Closeable;
import java.io.IOException;

/**
 * A read-only byte source with positional reads: a local file, an object in a store, a byte array.
 * Implementations must allow {@link #readFully} from several threads at once.
 */
public interface SeekableInput extends Closeable {

  /** A name for messages: the path or URI. */
  String name();

  /** The total number of bytes. */
  long length() throws IOException;

  /**
   * Reads exactly {@code len} bytes at {@code position} into {@code buf[off..off+len)}.
   *
   * @throws java.io.EOFException if the source ends before {@code position + len}
   */
  void readFully(long position, byte[] buf, int off, int len) throws IOException;
}
