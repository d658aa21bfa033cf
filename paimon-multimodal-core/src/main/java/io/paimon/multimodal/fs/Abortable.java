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
package io.paimon.multimodal.fs;

import java.io.IOException;

/**
 * An output that can be abandoned instead of finished. A storage whose files appear only when their
 * stream is closed (an object store's upload) returns streams implementing this from {@link
 * FileIO#newOutputStream}, so that a writer giving up (a failed {@code add}) discards what it wrote
 * rather than publishing it only to delete it again. Not thread-safe, like the stream itself.
 */
public interface Abortable {

  /**
   * Discards everything written: nothing becomes visible under the path, pending uploads are
   * cancelled and buffers released. A later {@code close()} does nothing; a later write fails. Does
   * nothing if the output was already closed or aborted.
   *
   * @throws IOException if the storage could not be told (what was written stays invisible; a
   *     pending upload may be left for the store's lifecycle rules)
   */
  void abort() throws IOException;
}
