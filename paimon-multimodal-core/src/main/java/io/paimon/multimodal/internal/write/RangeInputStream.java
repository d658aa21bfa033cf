package io.paimon.multimodal.internal.write;

import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.io.InputStream;

/**
 * A byte range of an {@link InputFile} as a stream, read in bounded chunks by positional reads (a
 * payload copied into a {@code .blob} file never has to fit in memory). Not thread-safe.
 */
final class RangeInputStream extends InputStream {

  private static final int CHUNK = 1 << 20;

  private final InputFile file;
  private long position;
  private long remaining;

  RangeInputStream(InputFile file, long offset, long length) {
    this.file = file;
    this.position = offset;
    this.remaining = length;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (remaining == 0) {
      return -1;
    }
    int n = (int) Math.min(Math.min(len, CHUNK), remaining);
    file.readFully(position, b, off, n);
    position += n;
    remaining -= n;
    return n;
  }
}
