package io.paimon.multimodal.fs;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;

/**
 * A {@link FileIO} that forwards every call to another one: the base of wrappers that add latency,
 * count requests, inject faults or cache, overriding only what they change. Thread-safe if the
 * delegate is.
 */
public abstract class ForwardingFileIO implements FileIO {

  /** The storage every call goes to. */
  protected final FileIO delegate;

  /** A wrapper of {@code delegate}. */
  protected ForwardingFileIO(FileIO delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    return delegate.newInputFile(path);
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
