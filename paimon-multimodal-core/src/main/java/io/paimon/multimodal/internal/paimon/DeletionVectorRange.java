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
 * Where one data file's deletion vector sits in a deletion-vectors index file (Paimon's {@code
 * _DELETIONS_VECTORS_RANGES} element {@code f0, f1, f2, _CARDINALITY}).
 *
 * @param dataFileName the data file the vector applies to
 * @param offset the vector's offset in the index file
 * @param length its length in bytes
 * @param cardinality the deleted rows, or null if not recorded
 */
public record DeletionVectorRange(String dataFileName, int offset, int length, Long cardinality) {}
