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
package io.paimon.multimodal.window;

import io.paimon.multimodal.MultimodalException;

/**
 * A value of an alignment input that the operation cannot use: a null in a key column, or a
 * timestamp key that does not fit the unit it must be compared in. Contiguous windows ({@link
 * ContiguousWindows}) throw it too, for a null key, an order value that repeats or skips a step
 * within a group, and an incomplete window under {@link Boundary#ERROR}. The message names the
 * input, the column and the row (or the group and the rows' {@code _ROW_ID}s). Thrown before any
 * output row is produced.
 */
public class AlignmentException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the input, column and row. */
  public AlignmentException(String message) {
    super(message);
  }
}
