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
package io.paimon.multimodal.s3;

import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.util.Objects;

/**
 * An object opened for positional reads: {@link #length()} is one {@code HEAD} (on first use, then
 * cached), each {@link #readFully} and {@link #readScattered} one ranged {@code GET} streamed into
 * the caller's arrays. Holds no connection between reads; {@link #close()} releases nothing.
 * Thread-safe.
 */
final class S3InputFile implements InputFile {

  private final S3Reads reads;
  private final S3Location location;
  private volatile long length;

  /** A file whose length is {@code length}, or unknown if negative. */
  S3InputFile(S3Reads reads, S3Location location, long length) {
    this.reads = reads;
    this.location = location;
    this.length = length;
  }

  @Override
  public String name() {
    return location.uri();
  }

  @Override
  public long length() throws IOException {
    long l = length;
    if (l < 0) {
      Long announced = reads.head(location).contentLength();
      if (announced == null || announced < 0) {
        throw new IOException(location.uri() + ": HEAD gave no Content-Length");
      }
      l = announced;
      length = l;
    }
    return l;
  }

  @Override
  public void readFully(long position, byte[] buf, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, buf.length);
    if (len == 0) {
      return;
    }
    reads.read(location, position, Pieces.of(buf, off, len), null);
  }

  @Override
  public void readScattered(long position, byte[][] buffers, int[] offsets, int[] lengths)
      throws IOException {
    long total = InputFile.checkPieces(buffers, offsets, lengths);
    if (total == 0) {
      return;
    }
    reads.read(location, position, Pieces.of(buffers, offsets, lengths, total), null);
  }

  @Override
  public void close() {}

  @Override
  public String toString() {
    return "S3InputFile{" + location.uri() + "}";
  }
}
