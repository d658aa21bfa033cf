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

/** A comparison operator. */
enum CmpOp {
  EQ("="),
  NE("<>"),
  LT("<"),
  LE("<="),
  GT(">"),
  GE(">=");

  private final String symbol;

  CmpOp(String symbol) {
    this.symbol = symbol;
  }

  /** The operator as printed. */
  String symbol() {
    return symbol;
  }

  /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
  CmpOp flip() {
    switch (this) {
      case LT:
        return GT;
      case LE:
        return GE;
      case GT:
        return LT;
      case GE:
        return LE;
      default:
        return this;
    }
  }

  /**
   * The complement: for non-null operands under a total order, {@code NOT (a < b)} is {@code a >=
   * b}.
   */
  CmpOp negate() {
    switch (this) {
      case EQ:
        return NE;
      case NE:
        return EQ;
      case LT:
        return GE;
      case LE:
        return GT;
      case GT:
        return LE;
      case GE:
        return LT;
      default:
        throw new AssertionError(this);
    }
  }

  /** Whether the operator holds for the result of a three-way comparison. */
  boolean test(int comparison) {
    switch (this) {
      case EQ:
        return comparison == 0;
      case NE:
        return comparison != 0;
      case LT:
        return comparison < 0;
      case LE:
        return comparison <= 0;
      case GT:
        return comparison > 0;
      case GE:
        return comparison >= 0;
      default:
        throw new AssertionError(this);
    }
  }
}
