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
import java.util.Objects;

/**
 * An {@link InputFile} that forwards every call to another one, for wrappers that override only the
 * reads they observe or change. Thread-safe if the delegate is.
 */
public abstract class ForwardingInputFile implements InputFile {

  /** The file every call goes to. */
  protected final InputFile delegate;

  /** A wrapper of {@code delegate}. */
  protected ForwardingInputFile(InputFile delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public String name() {
    return delegate.name();
  }

  @Override
  public long length() throws IOException {
    return delegate.length();
  }

  @Override
  public void readFully(long position, byte[] buf, int off, int len) throws IOException {
    delegate.readFully(position, buf, off, len);
  }

  @Override
  public void readScattered(long position, byte[][] buffers, int[] offsets, int[] lengths)
      throws IOException {
    delegate.readScattered(position, buffers, offsets, lengths);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
