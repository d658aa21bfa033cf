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
package io.paimon.row;

import java.io.EOFException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link SeekableInput} over a byte array that counts reads and closes, so tests can prove that
 * readers close what they own and read only what they need. Thread-safe.
 */
final class CountingSeekableInput implements SeekableInput {

  private final String name;
  private final byte[] data;
  private final AtomicInteger closes = new AtomicInteger();
  private final AtomicLong reads = new AtomicLong();
  private final AtomicLong bytesRead = new AtomicLong();

  CountingSeekableInput(String name, byte[] data) {
    this.name = name;
    this.data = data;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return data.length;
  }

  @Override
  public void readFully(long position, byte[] buf, int off, int len) throws IOException {
    if (closes.get() > 0) {
      throw new IOException(name + ": read after close");
    }
    if (position < 0 || len < 0 || position > data.length - (long) len) {
      throw new EOFException(
          name
              + ": "
              + len
              + " bytes at "
              + position
              + " are outside the "
              + data.length
              + " bytes");
    }
    System.arraycopy(data, (int) position, buf, off, len);
    reads.incrementAndGet();
    bytesRead.addAndGet(len);
  }

  @Override
  public void close() {
    closes.incrementAndGet();
  }

  /** How many times {@link #close()} was called. */
  int closeCount() {
    return closes.get();
  }

  boolean isClosed() {
    return closes.get() > 0;
  }

  long reads() {
    return reads.get();
  }

  long bytesRead() {
    return bytesRead.get();
  }
}
