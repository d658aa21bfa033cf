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
package io.paimon.row;

import java.util.Iterator;

/**
 * An {@link Iterator} that holds resources (files, threads, buffers) until closed. Use it in a
 * try-with-resources block; closing twice is harmless. {@link #hasNext()} and {@link #next()} may
 * throw {@link java.io.UncheckedIOException} wrapping the underlying {@link java.io.IOException}
 * (for a malformed file, a {@link RowFormatException}).
 *
 * @param <T> the element type
 */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {

  /** Releases the resources; never throws a checked exception. */
  @Override
  void close();
}
