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

import java.io.IOException;

/**
 * A {@code .row} file is malformed or does not fit the schema it is read with. The message names
 * the file and the offending offset and says what was expected and what was found. Also thrown by
 * writers for values that cannot be stored (a value that does not fit its declared type).
 */
public class RowFormatException extends IOException {

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
  public RowFormatException(String file, long offset, String message) {
    this(file, offset, message, null);
  }

  /** Creates an exception with a cause. */
  public RowFormatException(String file, long offset, String message, Throwable cause) {
    super(format(file, offset, message), cause);
    this.file = file;
    this.offset = offset;
  }

  private static String format(String file, long offset, String message) {
    return offset >= 0 ? file + " at offset " + offset + ": " + message : file + ": " + message;
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
