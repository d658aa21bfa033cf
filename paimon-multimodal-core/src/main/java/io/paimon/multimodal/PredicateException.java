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
package io.paimon.multimodal;

/**
 * A {@code where(...)} predicate is malformed or does not fit the table: the message gives the
 * predicate, the 0-based character position and what was expected there, or the column and the type
 * mismatch.
 */
public class PredicateException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  private final String predicate;
  private final int position;

  /**
   * Creates the exception.
   *
   * @param predicate the predicate text
   * @param position the 0-based position of the problem in the text
   * @param message what was expected and what was found
   */
  public PredicateException(String predicate, int position, String message) {
    super(message + " at position " + position + " of predicate \"" + predicate + "\"");
    this.predicate = predicate;
    this.position = position;
  }

  /** The predicate text. */
  public String predicate() {
    return predicate;
  }

  /** The 0-based character position of the problem. */
  public int position() {
    return position;
  }
}
