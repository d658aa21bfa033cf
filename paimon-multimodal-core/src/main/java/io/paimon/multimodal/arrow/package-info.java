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
/**
 * The Arrow side of the value model, public for modules and engines that build on scans: {@link
 * io.paimon.multimodal.arrow.TableArrow} gives the Arrow field of a table column (what {@link
 * io.paimon.multimodal.Scan#arrowSchema()} is made of), {@link
 * io.paimon.multimodal.arrow.ArrowValues} reads one cell as the Java value {@code toList()} would
 * return, and {@link io.paimon.multimodal.arrow.VectorCopy} copies runs of rows between vectors of
 * one type much faster than Arrow's per-value copier. All are stateless and thread-safe.
 */
package io.paimon.multimodal.arrow;
