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
package io.paimon.blob;

import io.paimon.row.SeekableInput;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HexFormat;

/** An in-memory {@link SeekableInput} for tests; counts closes. */
final class BytesInput implements SeekableInput {

  private final String name;
  private final byte[] bytes;
  int closes;

  BytesInput(String name, byte[] bytes) {
    this.name = name;
    this.bytes = bytes;
  }

  static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replaceAll("\\s", ""));
  }

  static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  /** Opens a reader over {@code bytes}, or rethrows a failure as unchecked. */
  static BlobFileReader reader(String name, byte[] bytes) {
    try {
      return BlobFileReader.open(new BytesInput(name, bytes));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return bytes.length;
  }

  @Override
  public void readFully(long position, byte[] buf, int off, int len) throws IOException {
    if (position < 0 || position > bytes.length - (long) len) {
      throw new EOFException(name + ": read of " + len + " bytes at " + position + " past the end");
    }
    System.arraycopy(bytes, (int) position, buf, off, len);
  }

  @Override
  public void close() {
    closes++;
  }
}
