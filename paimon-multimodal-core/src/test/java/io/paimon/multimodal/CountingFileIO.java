package io.paimon.multimodal;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link FileIO} over the local file system that counts {@link #newInputFile} calls per path and
 * the input files still open, so tests can see which files a read opened and that it closed them.
 */
final class CountingFileIO implements FileIO {

  private final FileIO delegate = FileIO.local();
  private final Map<String, AtomicInteger> opened = new ConcurrentHashMap<>();
  private final AtomicInteger open = new AtomicInteger();

  /** How often each path was opened since the last {@link #reset()}, by path. */
  Map<String, Integer> openedPaths() {
    Map<String, Integer> out = new TreeMap<>();
    opened.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }

  /** The input files opened and not yet closed. */
  int openNow() {
    return open.get();
  }

  void reset() {
    opened.clear();
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    InputFile in = delegate.newInputFile(path);
    opened.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
    open.incrementAndGet();
    return new InputFile() {
      private boolean closed;

      @Override
      public String name() {
        return in.name();
      }

      @Override
      public long length() throws IOException {
        return in.length();
      }

      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        in.readFully(position, buf, off, len);
      }

      @Override
      public synchronized void close() throws IOException {
        if (!closed) {
          closed = true;
          open.decrementAndGet();
        }
        in.close();
      }
    };
  }

  @Override
  public OutputStream newOutputStream(String path) throws IOException {
    return delegate.newOutputStream(path);
  }

  @Override
  public boolean createIfAbsent(String path, byte[] content) throws IOException {
    return delegate.createIfAbsent(path, content);
  }

  @Override
  public void overwrite(String path, byte[] content) throws IOException {
    delegate.overwrite(path, content);
  }

  @Override
  public byte[] readAllBytes(String path) throws IOException {
    return delegate.readAllBytes(path);
  }

  @Override
  public boolean exists(String path) throws IOException {
    return delegate.exists(path);
  }

  @Override
  public void delete(String path) throws IOException {
    delegate.delete(path);
  }

  @Override
  public void mkdirs(String path) throws IOException {
    delegate.mkdirs(path);
  }

  @Override
  public List<String> list(String directory) throws IOException {
    return delegate.list(directory);
  }

  @Override
  public long lastModifiedMillis(String path) throws IOException {
    return delegate.lastModifiedMillis(path);
  }
}
