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
package io.paimon.multimodal;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingFileIO;
import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * A storage ({@link FileIO#local()} unless given) that counts, per path, how often it was opened
 * and the bytes read through its {@link InputFile}s, and how many input files are open now, so
 * tests can see what a read touched and that it closed everything. Thread-safe.
 */
final class CountingFileIO extends ForwardingFileIO {

  CountingFileIO() {
    this(FileIO.local());
  }

  CountingFileIO(FileIO delegate) {
    super(delegate);
  }

  private final Map<String, LongAdder> bytesRead = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> opens = new ConcurrentHashMap<>();
  private final AtomicInteger openNow = new AtomicInteger();

  /** Bytes read from a path through input files since the last reset. */
  long bytesRead(String path) {
    LongAdder n = bytesRead.get(path);
    return n == null ? 0 : n.sum();
  }

  /** How often a path was opened since the last reset. */
  long opens(String path) {
    LongAdder n = opens.get(path);
    return n == null ? 0 : n.sum();
  }

  /** How often each path was opened since the last reset, by path. */
  Map<String, Integer> openedPaths() {
    Map<String, Integer> out = new TreeMap<>();
    opens.forEach((k, v) -> out.put(k, v.intValue()));
    return out;
  }

  /** The input files opened and not yet closed. */
  int openNow() {
    return openNow.get();
  }

  void reset() {
    bytesRead.clear();
    opens.clear();
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    InputFile in = super.newInputFile(path);
    opens.computeIfAbsent(path, p -> new LongAdder()).increment();
    openNow.incrementAndGet();
    LongAdder counter = bytesRead.computeIfAbsent(path, p -> new LongAdder());
    return new InputFile() {
      private boolean closed;

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
        in.readFully(position, buf, off, len);
        counter.add(len);
      }

      @Override
      public synchronized void close() throws IOException {
        if (!closed) {
          closed = true;
          openNow.decrementAndGet();
        }
        in.close();
      }
    };
  }
}
