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
package io.paimon.multimodal.internal.write;

import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.io.InputStream;

/**
 * A byte range of an {@link InputFile} as a stream, read in bounded chunks by positional reads (a
 * payload copied into a {@code .blob} file never has to fit in memory). Not thread-safe.
 */
final class RangeInputStream extends InputStream {

  private static final int CHUNK = 1 << 20;

  private final InputFile file;
  private long position;
  private long remaining;

  RangeInputStream(InputFile file, long offset, long length) {
    this.file = file;
    this.position = offset;
    this.remaining = length;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (remaining == 0) {
      return -1;
    }
    int n = (int) Math.min(Math.min(len, CHUNK), remaining);
    file.readFully(position, b, off, n);
    position += n;
    remaining -= n;
    return n;
  }
}
