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
package io.paimon.multimodal.internal.paimon;

/**
 * What a manifest or index manifest entry does to the set of live files (Paimon's {@code _KIND}).
 */
public enum FileKind {
  ADD(0),
  DELETE(1);

  private final int code;

  FileKind(int code) {
    this.code = code;
  }

  /** The value stored in {@code _KIND}. */
  public int code() {
    return code;
  }

  /**
   * The kind stored as {@code code}.
   *
   * @throws IllegalArgumentException for any other value
   */
  public static FileKind of(int code) {
    switch (code) {
      case 0:
        return ADD;
      case 1:
        return DELETE;
      default:
        throw new IllegalArgumentException("unknown file kind " + code);
    }
  }
}
