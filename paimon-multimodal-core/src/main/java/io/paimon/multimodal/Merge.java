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
package io.paimon.multimodal;

import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * A merge of source rows into a table by key columns ({@link Table#merge}), SQL's {@code MERGE
 * INTO}: each source row is matched to the target rows with equal keys in the latest snapshot; for
 * a matched pair the first {@code whenMatched} clause whose condition holds applies, for an
 * unmatched source row the first {@code whenNotMatched} clause. Everything the clauses do (updates
 * as {@link Table#update} writes them, deletes as deletion vectors, inserts with new row IDs) is
 * one atomic commit. Conditions see rows as maps from column name to Java value ({@code target}
 * rows carry {@code _ROW_ID}). Immutable: each clause returns a new merge; thread-safe.
 */
public interface Merge {

  /**
   * Matched rows take the values of every column the source row holds other than the keys (columns
   * it omits keep their values).
   */
  Merge whenMatchedUpdate();

  /** As {@link #whenMatchedUpdate()} for the pairs where {@code condition(source, target)}. */
  Merge whenMatchedUpdate(BiPredicate<Map<String, Object>, Map<String, Object>> condition);

  /** Matched target rows are deleted (needs table option {@code deletion-vectors.enabled=true}). */
  Merge whenMatchedDelete();

  /** As {@link #whenMatchedDelete()} for the pairs where {@code condition(source, target)}. */
  Merge whenMatchedDelete(BiPredicate<Map<String, Object>, Map<String, Object>> condition);

  /** Unmatched source rows are appended (columns they omit are null), with new row IDs. */
  Merge whenNotMatchedInsert();

  /** As {@link #whenNotMatchedInsert()} for the source rows where {@code condition(source)}. */
  Merge whenNotMatchedInsert(Predicate<Map<String, Object>> condition);

  /**
   * Runs the merge against the latest snapshot in one atomic commit; if another writer commits
   * first, the merge is computed again on the newer snapshot.
   *
   * @return the committed snapshot, or the latest one if no clause applied (nothing is committed)
   * @throws IllegalArgumentException if no clause was given, if two source rows have the same keys,
   *     or if the table has no snapshot and a matched clause is given
   * @throws SchemaException for a source column the table lacks, a source row without a key, or a
   *     value that does not fit its column; nothing is written
   * @throws UnsupportedTableException for a delete clause on a table without deletion vectors
   * @throws CommitConflictException if other writers kept committing first
   */
  Snapshot commit();
}
