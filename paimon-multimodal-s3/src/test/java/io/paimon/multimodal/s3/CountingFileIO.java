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

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingFileIO;
import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A storage that counts the positional reads of the files whose path matches, and the bytes they
 * return: what the tests use to bound the requests a read makes. Thread-safe.
 */
final class CountingFileIO extends ForwardingFileIO {

  private final Predicate<String> counted;
  private final AtomicLong reads = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();

  CountingFileIO(FileIO io, Predicate<String> counted) {
    super(io);
    this.counted = counted;
  }

  /** The reads of matching files since the last {@link #reset()}. */
  long reads() {
    return reads.get();
  }

  /** The bytes those reads returned. */
  long bytes() {
    return bytes.get();
  }

  void reset() {
    reads.set(0);
    bytes.set(0);
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    InputFile in = super.newInputFile(path);
    if (!counted.test(path)) {
      return in;
    }
    return new InputFile() {
      @Override
      public String name() {
        return in.name();
      }

      @Override
      public long length() throws IOException {
        return in.length();
      }

      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        reads.incrementAndGet();
        bytes.addAndGet(len);
        in.readFully(position, buf, off, len);
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }
}
