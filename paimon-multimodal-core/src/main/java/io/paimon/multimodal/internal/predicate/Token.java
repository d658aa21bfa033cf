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
 * One token of a predicate.
 *
 * @param type what kind of token it is
 * @param value the identifier name (quotes removed and {@code ""} unescaped), the string literal's
 *     content ({@code ''} unescaped), the number's text, or the operator's symbol
 * @param position the 0-based offset of the token's first character in the predicate
 * @param end the offset just after the token's last character
 */
record Token(Type type, String value, int position, int end) {

  /** Token kinds. Keywords are plain identifiers; the parser recognises them case-insensitively. */
  enum Type {
    IDENTIFIER,
    QUOTED_IDENTIFIER,
    NUMBER,
    STRING,
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE,
    LEFT_PAREN,
    RIGHT_PAREN,
    COMMA,
    /** {@code ?}: a bound parameter. */
    PARAMETER,
    END
  }

  /**
   * Whether this is the plain (unquoted) identifier {@code keyword}, compared case-insensitively.
   */
  boolean isKeyword(String keyword) {
    return type == Type.IDENTIFIER && value.equalsIgnoreCase(keyword);
  }

  /** How the token reads in an error message: {@code 'text'} or {@code end of input}. */
  String describe(String predicate) {
    if (type == Type.END) {
      return "end of input";
    }
    return "'" + predicate.substring(position, end) + "'";
  }
}
