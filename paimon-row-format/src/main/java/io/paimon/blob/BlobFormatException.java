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

import java.io.IOException;

/**
 * A {@code .blob} file, or a range read from one, is malformed. The message names the file and the
 * offending byte offset and says what was expected and what was found. Every malformed input the
 * {@code .blob} reader meets raises this type (or its subclass {@link BlobChecksumException}).
 *
 * <p>A separate type from {@code io.paimon.row.RowFormatException}: a caller handling a broken
 * {@code .row} file (the table's metadata about rows) and a broken {@code .blob} file (one column's
 * payloads) usually reacts differently.
 */
public class BlobFormatException extends IOException {

  private static final long serialVersionUID = 1L;

  private final String file;
  private final long offset;

  /**
   * Creates an exception.
   *
   * @param file the file name or path
   * @param offset the byte offset in the file where the problem was found, or -1 if none applies
   * @param message what was expected and what was found
   */
  public BlobFormatException(String file, long offset, String message) {
    this(file, offset, message, null);
  }

  /** Creates an exception with a cause. */
  public BlobFormatException(String file, long offset, String message, Throwable cause) {
    super(
        offset >= 0 ? file + " at offset " + offset + ": " + message : file + ": " + message,
        cause);
    this.file = file;
    this.offset = offset;
  }

  /** The file name or path. */
  public String file() {
    return file;
  }

  /** The byte offset in the file, or -1 when none applies. */
  public long offset() {
    return offset;
  }
}
