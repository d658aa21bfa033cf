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

import java.io.Closeable;
import java.io.IOException;

/**
 * A read-only byte source with positional reads: a local file, an object in a store, a byte array.
 * Implementations must allow {@link #readFully} from several threads at once.
 */
public interface SeekableInput extends Closeable {

  /** A name for messages: the path or URI. */
  String name();

  /** The total number of bytes. */
  long length() throws IOException;

  /**
   * Reads exactly {@code len} bytes at {@code position} into {@code buf[off..off+len)}.
   *
   * @throws java.io.EOFException if the source ends before {@code position + len}
   */
  void readFully(long position, byte[] buf, int off, int len) throws IOException;
}
