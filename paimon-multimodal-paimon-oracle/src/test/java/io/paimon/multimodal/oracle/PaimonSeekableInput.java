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
package io.paimon.multimodal.oracle;

import io.paimon.row.SeekableInput;
import java.io.EOFException;
import java.io.IOException;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.fs.SeekableInputStream;
import org.apache.paimon.fs.VectoredReadable;

/**
 * Our codec's {@link SeekableInput} over a file opened through Paimon's {@link FileIO}: positional
 * reads where the stream offers them ({@link VectoredReadable}, as the local file system's does),
 * otherwise seek and read under a lock. The length is the one Paimon's metadata records, so opening
 * costs no extra request. Closing closes the stream.
 */
final class PaimonSeekableInput implements SeekableInput {

  private final String name;
  private final long length;
  private final SeekableInputStream in;

  private PaimonSeekableInput(String name, long length, SeekableInputStream in) {
    this.name = name;
    this.length = length;
    this.in = in;
  }

  static PaimonSeekableInput open(FileIO fileIO, Path path, long length) throws IOException {
    return new PaimonSeekableInput(path.toString(), length, fileIO.newInputStream(path));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void readFully(long position, byte[] buf, int off, int len) throws IOException {
    if (position < 0 || len < 0 || position > length - len) {
      throw new EOFException(
          name + ": range [" + position + ", +" + len + ") is outside the file of " + length);
    }
    if (in instanceof VectoredReadable) {
      ((VectoredReadable) in).preadFully(position, buf, off, len);
      return;
    }
    synchronized (in) {
      in.seek(position);
      int done = 0;
      while (done < len) {
        int n = in.read(buf, off + done, len - done);
        if (n < 0) {
          throw new EOFException(name + ": file ended at " + (position + done));
        }
        done += n;
      }
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
