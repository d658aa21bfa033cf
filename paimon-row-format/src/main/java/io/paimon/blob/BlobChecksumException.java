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

/**
 * An entry of a {@code .blob} file does not match its CRC32: the bytes were damaged on disk or in
 * transit. {@link #offset()} is where the entry starts in the file.
 */
public final class BlobChecksumException extends BlobFormatException {

  private static final long serialVersionUID = 1L;

  private final long row;
  private final int expected;
  private final int actual;

  /**
   * Creates an exception.
   *
   * @param file the file name or path
   * @param entryOffset where the entry starts in the file
   * @param row the row of the entry, or -1 if unknown
   * @param expected the CRC stored in the entry
   * @param actual the CRC of the bytes read
   */
  public BlobChecksumException(String file, long entryOffset, long row, int expected, int actual) {
    super(
        file,
        entryOffset,
        (row >= 0 ? "row " + row + ": " : "")
            + String.format(
                "CRC32 mismatch in the entry: stored 0x%08x, computed 0x%08x", expected, actual));
    this.row = row;
    this.expected = expected;
    this.actual = actual;
  }

  /** The row of the damaged entry, or -1 if unknown. */
  public long row() {
    return row;
  }

  /** The CRC32 stored in the entry. */
  public int expectedCrc() {
    return expected;
  }

  /** The CRC32 of the bytes actually read. */
  public int actualCrc() {
    return actual;
  }
}
