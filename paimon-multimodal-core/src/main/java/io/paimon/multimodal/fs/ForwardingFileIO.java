/*
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.paimon.multimodal.fs;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A {@link FileIO} that forwards every call to another one: the base of wrappers that add latency,
 * count requests, inject faults or cache, overriding only what they change. Closing it closes the
 * delegate. Thread-safe if the delegate is.
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
  public boolean isFile(String path) throws IOException {
    return delegate.isFile(path);
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

  @Override
  public void deleteFiles(Collection<String> paths) throws IOException {
    delegate.deleteFiles(paths);
  }

  @Override
  public ReadHints readHints() {
    return delegate.readHints();
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
