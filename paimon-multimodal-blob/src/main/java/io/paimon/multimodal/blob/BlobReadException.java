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
package io.paimon.multimodal.blob;

import io.paimon.multimodal.MultimodalException;

/**
 * A BLOB payload could not be read: its file is missing, shorter than its descriptor says, or
 * damaged (a CRC32 mismatch), or a descriptor does not fit the file it points at. The message and
 * the accessors name the row of the result (counted from 0 across every batch of a read), the
 * column and the file.
 */
public class BlobReadException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** What went wrong. */
  public enum Reason {
    /** The bytes read do not match the CRC32 stored with them in the {@code .blob} file. */
    CHECKSUM_MISMATCH,
    /** The file a descriptor points at does not exist. */
    MISSING_FILE,
    /** The file ends before the range a descriptor points at. */
    SHORT_READ,
    /**
     * A descriptor does not fit its {@code .blob} file (no entry there, overlapping entries, a bad
     * entry frame) or the file's index is malformed.
     */
    MALFORMED,
    /** Any other I/O failure of the storage. */
    IO_ERROR,
    /** The read was closed or its thread interrupted while it waited for the storage. */
    CANCELLED
  }

  private final Reason reason;
  private final long row;
  private final String column;
  private final String file;

  /**
   * Creates an exception.
   *
   * @param reason what went wrong
   * @param row the row of the result, or -1 if the failure concerns no single row
   * @param column the BLOB column, or null if the failure concerns no single column
   * @param file the file or object, or null if none applies
   * @param detail what was expected and what was found
   * @param cause the underlying failure, or null
   */
  public BlobReadException(
      Reason reason, long row, String column, String file, String detail, Throwable cause) {
    super(describe(reason, row, column, file, detail), cause);
    this.reason = reason;
    this.row = row;
    this.column = column;
    this.file = file;
  }

  private static String describe(
      Reason reason, long row, String column, String file, String detail) {
    StringBuilder b = new StringBuilder("BLOB read failed (").append(reason).append(')');
    if (row >= 0) {
      b.append(" at row ").append(row);
    }
    if (column != null) {
      b.append(", column '").append(column).append('\'');
    }
    if (file != null) {
      b.append(", file ").append(file);
    }
    return b.append(": ").append(detail).toString();
  }

  /** What went wrong. */
  public Reason reason() {
    return reason;
  }

  /** The row of the result (0-based across all batches), or -1 if none applies. */
  public long row() {
    return row;
  }

  /** The BLOB column, or null if none applies. */
  public String column() {
    return column;
  }

  /** The file or object, or null if none applies. */
  public String file() {
    return file;
  }
}
