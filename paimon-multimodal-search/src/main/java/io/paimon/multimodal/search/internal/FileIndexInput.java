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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.fs.InputFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.lucene.store.BufferedIndexInput;
import org.apache.lucene.store.IndexInput;

/**
 * A Lucene {@link IndexInput} over a byte range of an {@link InputFile}: each buffer refill is one
 * positional read, so a segment is read with ranged reads from whatever storage holds it. Clones
 * and slices share the file (its positional reads are thread-safe); each has its own buffer.
 */
final class FileIndexInput extends BufferedIndexInput {

  static final int BUFFER_SIZE = 16 * 1024;

  private final InputFile file;
  private final long offset;
  private final long length;

  FileIndexInput(String description, InputFile file, long offset, long length) {
    super(description, BUFFER_SIZE);
    this.file = file;
    this.offset = offset;
    this.length = length;
  }

  @Override
  protected void readInternal(ByteBuffer b) throws IOException {
    long position = getFilePointer();
    int n = b.remaining();
    if (position + n > length) {
      throw new EOFException(
          "read past the end of " + this + ": " + n + " bytes at " + position + " of " + length);
    }
    if (b.hasArray()) {
      file.readFully(offset + position, b.array(), b.arrayOffset() + b.position(), n);
      b.position(b.position() + n);
    } else {
      byte[] copy = new byte[n];
      file.readFully(offset + position, copy, 0, n);
      b.put(copy);
    }
  }

  @Override
  protected void seekInternal(long pos) throws IOException {
    if (pos > length) {
      throw new EOFException("seek past the end of " + this + ": " + pos + " of " + length);
    }
  }

  @Override
  public IndexInput slice(String description, long sliceOffset, long sliceLength)
      throws IOException {
    if (sliceOffset < 0 || sliceLength < 0 || sliceOffset + sliceLength > length) {
      throw new IllegalArgumentException(
          "slice " + sliceOffset + "+" + sliceLength + " is outside " + this + " (" + length + ")");
    }
    return new FileIndexInput(
        getFullSliceDescription(description), file, offset + sliceOffset, sliceLength);
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void close() {
    // the file belongs to the directory
  }
}
