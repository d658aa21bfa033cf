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
 * The {@code where(...)} predicate language: a lexer and recursive-descent parser, a binder that
 * resolves columns and checks types, and three evaluators of the bound tree (column-at-a-time over
 * Arrow batches, per row over Java values, and min/max pruning over file statistics). Every
 * operation over the bound tree is a {@code NodeVisitor}, so a new kind of node must be handled by
 * each before the code compiles.
 *
 * <pre>{@code
 * Predicate p = Predicates.parse("category = 'lake' AND id IN (1, 2, 3)", table.rowType());
 * if (p.mightMatch(fileStats)) {
 *   Selection rows = p.evaluate(batch);   // rows.count(), rows.index(i)
 * }
 * }</pre>
 */
package io.paimon.multimodal.internal.predicate;
