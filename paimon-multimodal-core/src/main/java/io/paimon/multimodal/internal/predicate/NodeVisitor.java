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
 * An operation over the bound predicate tree, one method per kind of {@link Node}: {@link
 * Node#accept} calls the method of the node's kind. Every kind has a method without a default, so a
 * new kind of node fails to compile in every operation until each handles it, instead of falling
 * through an {@code instanceof} chain at run time.
 *
 * @param <R> what the operation returns for a node
 */
interface NodeVisitor<R> {

  R constant(Node.Constant node);

  R and(Node.And node);

  R or(Node.Or node);

  R not(Node.Not node);

  R compareLiteral(Node.CompareLiteral node);

  R compareColumns(Node.CompareColumns node);

  R in(Node.In node);

  R isNull(Node.IsNull node);

  R like(Node.Like node);
}
