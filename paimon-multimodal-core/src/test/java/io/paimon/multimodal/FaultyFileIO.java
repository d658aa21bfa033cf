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
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A storage ({@link FileIO#local()} unless given) whose creation of {@code snapshot-<id>} files can
 * be made to fail, before or after the file is created (a lost reply), and which counts the
 * snapshot creations that found the file already there (lost commit races). Thread-safe.
 */
final class FaultyFileIO extends ForwardingFileIO {

  FaultyFileIO() {
    this(FileIO.local());
  }

  FaultyFileIO(FileIO delegate) {
    super(delegate);
  }

  /** What happens to the next snapshot creations. */
  enum SnapshotFault {
    NONE,
    FAIL_BEFORE_CREATING,
    FAIL_AFTER_CREATING
  }

  private volatile SnapshotFault fault = SnapshotFault.NONE;
  private final AtomicInteger lostRaces = new AtomicInteger();

  void fault(SnapshotFault fault) {
    this.fault = fault;
  }

  /** How many snapshot creations found their id taken. */
  int lostRaces() {
    return lostRaces.get();
  }

  private static boolean isSnapshot(String path) {
    return path.substring(path.lastIndexOf('/') + 1).startsWith("snapshot-");
  }

  @Override
  public boolean createIfAbsent(String path, byte[] content) throws IOException {
    if (!isSnapshot(path)) {
      return delegate.createIfAbsent(path, content);
    }
    switch (fault) {
      case FAIL_BEFORE_CREATING:
        throw new IOException("injected failure creating " + path);
      case FAIL_AFTER_CREATING:
        delegate.createIfAbsent(path, content);
        throw new IOException("injected failure after creating " + path);
      default:
        break;
    }
    boolean created = delegate.createIfAbsent(path, content);
    if (!created) {
      lostRaces.incrementAndGet();
    }
    return created;
  }
}
