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
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link SeekableInput} over a byte array that records every positional read as a {@link Read}
 * (position, length) and counts {@link #close()} calls. Thread-safe, as read-ahead threads read
 * concurrently with the test thread.
 */
final class CountingInput implements SeekableInput {

  /** One {@link #readFully} call. */
  record Read(long position, int length) {
    long end() {
      return position + length;
    }

    @Override
    public String toString() {
      return "[" + position + ", " + end() + ")";
    }
  }

  private final String name;
  private final byte[] bytes;
  private final List<Read> reads = new ArrayList<>();
  private int closeCount;

  CountingInput(String name, byte[] bytes) {
    this.name = name;
    this.bytes = bytes;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return bytes.length;
  }

  @Override
  public synchronized void readFully(long position, byte[] buf, int off, int len)
      throws IOException {
    if (closeCount > 0) {
      throw new IOException(name + ": read after close");
    }
    reads.add(new Read(position, len));
    if (position < 0 || position + len > bytes.length) {
      throw new EOFException(
          name + ": " + len + " bytes at " + position + " run past the end at " + bytes.length);
    }
    System.arraycopy(bytes, (int) position, buf, off, len);
  }

  /** The reads so far, in call order. */
  synchronized List<Read> reads() {
    return List.copyOf(reads);
  }

  /** Forgets the reads recorded so far. */
  synchronized void clearReads() {
    reads.clear();
  }

  /** How often {@link #close()} was called. */
  synchronized int closeCount() {
    return closeCount;
  }

  @Override
  public synchronized void close() {
    closeCount++;
  }
}
