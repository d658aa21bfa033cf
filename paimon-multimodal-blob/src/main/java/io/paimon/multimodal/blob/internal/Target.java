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
package io.paimon.multimodal.blob.internal;

/**
 * Where a payload goes: a cell element of a batch, and where its bytes lie in the {@link Unit} that
 * holds them.
 *
 * @param column the index of the requested column
 * @param row the row in the batch
 * @param element the element in the cell (0 for a scalar BLOB)
 * @param sliceOffset where the payload starts in the unit
 * @param sliceLength the payload's length
 */
record Target(int column, int row, int element, long sliceOffset, int sliceLength) {}
