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

import java.util.concurrent.Executor;

/**
 * The two thread pools of a {@link Connection}, which every read and write of its tables shares:
 * nothing in this library or its modules starts a thread per request, per file or per read.
 *
 * <ul>
 *   <li>{@link #io()}: work that blocks on storage or on other tasks (ranged reads of BLOB
 *       payloads, a training loader's batches, reads of data files over an object store). Its size
 *       is the most such work in flight at once; {@link Multimodal.Builder#ioThreads}.
 *   <li>{@link #decode()}: CPU-bound work (reading, decompressing and decoding the blocks of local
 *       data files, compressing written blocks). {@link Multimodal.Builder#decodeThreads}.
 * </ul>
 *
 * <p>Threads are daemons named {@code paimon-io-<connection>-<n>} and {@code
 * paimon-decode-<connection>-<n>}, started when work arrives and there is no idle one, and ended
 * after 30 s without work, so an idle connection holds none. {@link Connection#close()} stops both
 * pools: close readers first.
 *
 * <p>A module runs one read's tasks as a {@link TaskGroup} ({@link #newIoGroup}, {@link
 * #newDecodeGroup}): at most a given number of them at once (a read's {@code parallelism} or a
 * loader's {@code workers} is such a limit, never a number of threads of its own), cancelled
 * together when the read is closed, and safe to wait for from inside another task however small the
 * pools are (see {@link TaskGroup}). {@link #io()} and {@link #decode()} are plain {@link
 * Executor}s for single tasks that nobody waits for from a pool thread; they cannot be shut down
 * through this interface.
 *
 * <p>Thread-safe.
 */
public interface SharedExecutors {

  /** The I/O pool, for work that blocks. */
  Executor io();

  /** The decode pool, for CPU-bound work. */
  Executor decode();

  /** The most threads {@link #io()} runs at once. */
  int ioThreads();

  /** The most threads {@link #decode()} runs at once. */
  int decodeThreads();

  /**
   * A group of tasks on the I/O pool, at most {@code maxConcurrent} of them running at once; the
   * caller closes it. {@code name} names its tasks in thread dumps.
   *
   * @throws IllegalArgumentException if {@code maxConcurrent < 1}
   */
  TaskGroup newIoGroup(String name, int maxConcurrent);

  /** As {@link #newIoGroup}, on the decode pool. */
  TaskGroup newDecodeGroup(String name, int maxConcurrent);
}
