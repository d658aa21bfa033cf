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

import java.io.IOException;
import java.io.OutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * parquet-java's {@link OutputFile} over one stream of ours (a {@code FileIO} output, local or S3):
 * it can be created once, and counts the bytes written as its position. Not thread-safe.
 */
final class StreamOutputFile implements OutputFile {

  private final OutputStream out;
  private final String name;
  private Counting stream;

  StreamOutputFile(OutputStream out, String name) {
    this.out = out;
    this.name = name;
  }

  /** The bytes written so far. */
  long position() {
    return stream == null ? 0 : stream.position;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) throws IOException {
    if (stream != null) {
      throw new IOException(name + " is already being written");
    }
    stream = new Counting();
    return stream;
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
    return create(blockSizeHint);
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  @Override
  public String getPath() {
    return name;
  }

  private final class Counting extends PositionOutputStream {
    private long position;

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      position++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      position += len;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
