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
 * Paimon's {@code SimpleStats} record: the minimum and maximum values of some columns as serialized
 * BinaryRows, and their null counts. Immutable by convention (the arrays are never modified).
 *
 * @param minValues a serialized BinaryRow (4-byte big-endian arity, then the row)
 * @param maxValues a serialized BinaryRow of the same arity
 * @param nullCounts one count per column, an element null when unknown; null when absent
 */
public record SimpleStats(byte[] minValues, byte[] maxValues, Long[] nullCounts) {

  /** A serialized BinaryRow of arity 0: the 4-byte arity and an 8-byte header, all zero. */
  public static final byte[] EMPTY_ROW = new byte[12];

  /** No statistics: empty rows and no null counts (what Paimon writes for {@code row} files). */
  public static final SimpleStats EMPTY = new SimpleStats(EMPTY_ROW, EMPTY_ROW, new Long[0]);
}
