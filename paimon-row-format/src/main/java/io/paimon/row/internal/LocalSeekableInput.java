package io.paimon.row.internal;

import io.paimon.row.SeekableInput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A local file read with {@link FileChannel} positional reads, safe for concurrent use. */
public final class LocalSeekableInput implements SeekableInput {

  private final String name;
  private final FileChannel channel;

  private LocalSeekableInput(String name, FileChannel channel) {
    this.name = name;
    this.channel = channel;
  }

  /** Opens {@code path} for reading. */
  public static LocalSeekableInput open(Path path) throws IOException {
    return new LocalSeekableInput(path.toString(), FileChannel.open(path, StandardOpenOption.READ));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() throws IOException {
    return channel.size();
  }

  @Override
  public void readFully(long position, byte[] buf, int off, int len) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(buf, off, len);
    long pos = position;
    while (bb.hasRemaining()) {
      int n = channel.read(bb, pos);
      if (n < 0) {
        throw new EOFException(
            name + ": end of file at " + pos + " while reading " + len + " bytes at " + position);
      }
      pos += n;
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
