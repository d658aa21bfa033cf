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
package io.paimon.multimodal.search;

import java.util.Map;

/**
 * A search index of a column at a snapshot, as {@link SearchIndexes#list()} reports it.
 *
 * @param column the indexed column
 * @param type its kind
 * @param options the options it was built with, defaults filled in
 * @param files how many index files (shards) it has
 * @param indexedRows how many rows its files hold
 */
public record SearchIndex(
    String column, IndexType type, Map<String, String> options, int files, long indexedRows) {

  /** Copies the options. */
  public SearchIndex {
    options = Map.copyOf(options);
  }
}
