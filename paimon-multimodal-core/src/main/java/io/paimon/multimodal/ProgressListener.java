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

/**
 * Receives the {@link Progress} of a long operation: BLOB reads ({@code BlobReader.progress}),
 * dataset builds, snapshot expiry ({@link ExpireOptions.Builder#progress}), orphan-file removal,
 * and the command line. An operation calls it at most every {@link ProgressTracker#INTERVAL} while
 * it runs, and once more, with {@link Progress#finished()} set, when it ends, however it ends.
 *
 * <p>Calls may come from any thread doing the operation's work, one call at a time for an operation
 * (never concurrently with itself for one operation), so a listener keeps its work short and does
 * not block. An exception it throws is logged and otherwise ignored: a failing progress display
 * never fails the read or the commit it watches.
 */
@FunctionalInterface
public interface ProgressListener {

  /** A listener that ignores every report. */
  ProgressListener NONE = progress -> {};

  /** Called with the operation's progress so far. */
  void onProgress(Progress progress);
}
