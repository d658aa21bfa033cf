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
package io.paimon.benchmarks;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingFileIO;
import io.paimon.multimodal.fs.ForwardingInputFile;
import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Local storage that behaves like a remote object store for BLOB payloads: every ranged read of a
 * {@code .blob} file first waits a fixed latency (the time to first byte of a GET), then reads;
 * requests and bytes are counted. Metadata and data-file reads pass through undelayed so that the
 * figures isolate payload fetching, which is what the contenders differ in. Thread-safe.
 */
final class LatencyFileIO extends ForwardingFileIO {

  private volatile long latencyMillis;
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();

  LatencyFileIO() {
    super(FileIO.local());
  }

  void latencyMillis(long millis) {
    this.latencyMillis = millis;
  }

  long requests() {
    return requests.get();
  }

  long bytes() {
    return bytes.get();
  }

  void reset() {
    requests.set(0);
    bytes.set(0);
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    InputFile in = delegate.newInputFile(path);
    if (!path.endsWith(".blob")) {
      return in;
    }
    return new ForwardingInputFile(in) {
      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        request(len);
        in.readFully(position, buf, off, len);
      }

      @Override
      public void readScattered(long position, byte[][] buffers, int[] offsets, int[] lengths)
          throws IOException {
        // One request, however many pieces it delivers.
        request(InputFile.checkPieces(buffers, offsets, lengths));
        in.readScattered(position, buffers, offsets, lengths);
      }

      private void request(long len) throws InterruptedIOException {
        requests.incrementAndGet();
        bytes.addAndGet(len);
        long wait = latencyMillis;
        if (wait > 0) {
          try {
            Thread.sleep(wait);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for " + path);
          }
        }
      }
    };
  }
}
