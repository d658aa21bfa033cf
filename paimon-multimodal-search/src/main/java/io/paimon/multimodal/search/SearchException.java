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
package io.paimon.multimodal.search;

import io.paimon.multimodal.MultimodalException;

/**
 * A search or index request that cannot be served as asked: a bad query (wrong dimension, NaN,
 * empty text, a weight that is not positive), a column that has no fitting index or type,
 * conflicting options, or an index file that is not what its manifest entry says (the message names
 * the file and the byte offset). Nothing is written when it is thrown.
 */
public class SearchException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message saying what was wrong. */
  public SearchException(String message) {
    super(message);
  }

  /** Creates the exception with a message and a cause. */
  public SearchException(String message, Throwable cause) {
    super(message, cause);
  }
}
