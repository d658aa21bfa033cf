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
package io.paimon.multimodal.internal.predicate;

/**
 * A value of SQL's three-valued logic. A row passes a predicate only when the predicate is {@link
 * #TRUE} for it; comparisons involving NULL are {@link #UNKNOWN}, and {@link #and}, {@link #or} and
 * {@link #not} follow Kleene's rules (FALSE &lt; UNKNOWN &lt; TRUE, AND is the minimum, OR the
 * maximum, NOT swaps TRUE and FALSE and keeps UNKNOWN).
 */
public enum Truth {
  FALSE,
  UNKNOWN,
  TRUE;

  private static final Truth[] BY_CODE = values();

  /** The byte code of FALSE in evaluation masks; AND is the minimum of codes, OR the maximum. */
  static final byte FALSE_CODE = 0;

  /** The byte code of UNKNOWN in evaluation masks. */
  static final byte UNKNOWN_CODE = 1;

  /** The byte code of TRUE in evaluation masks; NOT maps a code c to {@code 2 - c}. */
  static final byte TRUE_CODE = 2;

  /** Kleene conjunction: FALSE if either is FALSE, else UNKNOWN if either is UNKNOWN, else TRUE. */
  public Truth and(Truth other) {
    return ordinal() <= other.ordinal() ? this : other;
  }

  /** Kleene disjunction: TRUE if either is TRUE, else UNKNOWN if either is UNKNOWN, else FALSE. */
  public Truth or(Truth other) {
    return ordinal() >= other.ordinal() ? this : other;
  }

  /** Kleene negation: TRUE and FALSE swap, UNKNOWN stays UNKNOWN. */
  public Truth not() {
    return BY_CODE[2 - ordinal()];
  }

  /** TRUE or FALSE for a known boolean. */
  public static Truth of(boolean value) {
    return value ? TRUE : FALSE;
  }

  /**
   * The mask code of this value ({@link #FALSE_CODE}, {@link #UNKNOWN_CODE} or {@link #TRUE_CODE}).
   */
  byte code() {
    return (byte) ordinal();
  }

  /** The value of a mask code. */
  static Truth ofCode(byte code) {
    return BY_CODE[code];
  }
}
