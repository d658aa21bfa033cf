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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.window.AlignmentException;
import java.util.function.LongFunction;

/**
 * An {@link AlignmentException} about one row of an input, which can be renumbered: a part of an
 * input loaded in a thread of its own counts its rows from 0 and shifts the number by the rows of
 * the parts before it once they are known.
 */
final class RowError extends AlignmentException {

  private static final long serialVersionUID = 1L;

  private final transient LongFunction<String> message;
  private final long row;

  RowError(LongFunction<String> message, long row) {
    super(message.apply(row));
    this.message = message;
    this.row = row;
  }

  /** The same error for the row {@code offset} rows further on. */
  RowError shifted(long offset) {
    return offset == 0 ? this : new RowError(message, row + offset);
  }
}
