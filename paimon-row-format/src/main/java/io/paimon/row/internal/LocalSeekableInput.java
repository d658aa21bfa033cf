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
package io.paimon.row.internal;

import io.paimon.row.SeekableInput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A local file read with {@link FileChannel} positional reads, safe for concurrent use. Long reads
 * go through pooled direct buffers ({@link DirectBufferPool}), so no thread allocates or keeps a
 * JDK temporary direct buffer as large as its reads.
 */
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

  /** Reads shorter than this go straight into the array: the JDK's per-thread buffer is small. */
  private static final int POOLED_READ_MIN = 16 << 10;

  @Override
  public void readFully(long position, byte[] buf, int off, int len) throws IOException {
    if (len < POOLED_READ_MIN) {
      ByteBuffer bb = ByteBuffer.wrap(buf, off, len);
      long pos = position;
      while (bb.hasRemaining()) {
        pos = readSome(bb, pos, position, len);
      }
      return;
    }
    ByteBuffer direct = DirectBufferPool.acquire();
    try {
      long pos = position;
      int done = 0;
      while (done < len) {
        direct.clear().limit(Math.min(direct.capacity(), len - done));
        while (direct.hasRemaining()) {
          pos = readSome(direct, pos, position, len);
        }
        direct.flip();
        int n = direct.remaining();
        direct.get(buf, off + done, n);
        done += n;
      }
    } finally {
      DirectBufferPool.release(direct);
    }
  }

  private long readSome(ByteBuffer dst, long pos, long position, int len) throws IOException {
    int n = channel.read(dst, pos);
    if (n < 0) {
      throw new EOFException(
          name + ": end of file at " + pos + " while reading " + len + " bytes at " + position);
    }
    return pos + n;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
