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
package io.paimon.multimodal.parquet.internal;

import io.paimon.row.SeekableInput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * parquet-java's {@link InputFile} over our positional {@link SeekableInput}: each stream keeps its
 * own position and reads by position, so several streams over one input do not interfere.
 * parquet-java reads a footer and whole column chunks with {@code readFully}, which go to the input
 * as they are; but it parses page indexes (thrift) straight from the stream, a few bytes at a time,
 * so reads shorter than {@link #SMALL_READ} are served from a buffer of {@link #BUFFER} bytes read
 * at once: an index region costs one read of the input (one request on S3), not one per field.
 */
final class ParquetInput implements InputFile {

  /** Reads shorter than this go through the stream's buffer. */
  static final int SMALL_READ = 8 * 1024;

  /** How much a stream reads at once for small reads. */
  static final int BUFFER = 64 * 1024;

  private final SeekableInput input;
  private final long length;

  ParquetInput(SeekableInput input) throws IOException {
    this.input = input;
    this.length = input.length();
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public Stream newStream() {
    return new Stream();
  }

  @Override
  public String toString() {
    return input.name();
  }

  /** A stream with its own position, counting the bytes it read. */
  final class Stream extends SeekableInputStream {
    private long pos;
    private long bytesRead;

    /** The buffer of small reads: bytes {@code [bufferStart, bufferStart + bufferLength)}. */
    private byte[] buffer;

    private long bufferStart = -1;
    private int bufferLength;

    /** The bytes this stream has read from the file. */
    long bytesRead() {
      return bytesRead;
    }

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public void seek(long newPos) throws IOException {
      if (newPos < 0 || newPos > length) {
        throw new EOFException(
            input.name() + ": seek to " + newPos + " outside the file (" + length + " bytes)");
      }
      pos = newPos;
    }

    @Override
    public int read() throws IOException {
      if (pos >= length) {
        return -1;
      }
      fillFor(pos);
      int b = buffer[(int) (pos - bufferStart)] & 0xFF;
      pos++;
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (pos >= length) {
        return -1;
      }
      int n = (int) Math.min(len, length - pos);
      if (n < SMALL_READ) {
        fillFor(pos);
        n = (int) Math.min(n, bufferStart + bufferLength - pos);
        System.arraycopy(buffer, (int) (pos - bufferStart), b, off, n);
        pos += n;
        return n;
      }
      input.readFully(pos, b, off, n);
      pos += n;
      bytesRead += n;
      return n;
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(bytes, 0, bytes.length);
    }

    @Override
    public void readFully(byte[] bytes, int start, int len) throws IOException {
      if (len > length - pos) {
        throw new EOFException(
            input.name()
                + ": "
                + len
                + " bytes at offset "
                + pos
                + " reach past the end of the file ("
                + length
                + " bytes)");
      }
      if (len < SMALL_READ) {
        while (len > 0) {
          int n = read(bytes, start, len);
          start += n;
          len -= n;
        }
        return;
      }
      input.readFully(pos, bytes, start, len);
      pos += len;
      bytesRead += len;
    }

    /** Makes the buffer hold the byte at {@code at} (below the file's length). */
    private void fillFor(long at) throws IOException {
      if (bufferStart >= 0 && at >= bufferStart && at < bufferStart + bufferLength) {
        return;
      }
      if (buffer == null) {
        buffer = new byte[(int) Math.min(BUFFER, Math.max(1, length))];
      }
      int n = (int) Math.min(buffer.length, length - at);
      input.readFully(at, buffer, 0, n);
      bufferStart = at;
      bufferLength = n;
      bytesRead += n;
    }

    @Override
    public int read(ByteBuffer buf) throws IOException {
      if (!buf.hasRemaining()) {
        return 0;
      }
      if (pos >= length) {
        return -1;
      }
      int n = (int) Math.min(buf.remaining(), length - pos);
      copyInto(buf, n);
      return n;
    }

    @Override
    public void readFully(ByteBuffer buf) throws IOException {
      int n = buf.remaining();
      if (n > length - pos) {
        throw new EOFException(
            input.name()
                + ": "
                + n
                + " bytes at offset "
                + pos
                + " reach past the end of the file ("
                + length
                + " bytes)");
      }
      copyInto(buf, n);
    }

    private void copyInto(ByteBuffer buf, int n) throws IOException {
      if (buf.hasArray()) {
        input.readFully(pos, buf.array(), buf.arrayOffset() + buf.position(), n);
        buf.position(buf.position() + n);
      } else {
        byte[] tmp = new byte[n];
        input.readFully(pos, tmp, 0, n);
        buf.put(tmp);
      }
      pos += n;
      bytesRead += n;
    }
  }
}
