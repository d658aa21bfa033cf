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

/**
 * How {@link Table#compact(CompactOptions)} compacts. By default as Paimon compacts a
 * data-evolution table: every row keeps its {@code _ROW_ID}, and deleted rows stay in the rewritten
 * files, hidden by deletion vectors that move to those files. With {@link
 * Builder#applyDeletions(boolean) applyDeletions}, the row-ID ranges holding deleted rows are
 * rewritten without them instead, as Paimon 2.x materializes deletion vectors: the storage and the
 * vectors of deleted rows are freed, and <b>the surviving rows of those ranges get new row IDs</b>
 * (a row ID names a position in a range, so a range without its deleted rows is a new range).
 * Immutable.
 */
public final class CompactOptions {

  private static final CompactOptions DEFAULTS = new CompactOptions(false);

  private final boolean applyDeletions;

  private CompactOptions(boolean applyDeletions) {
    this.applyDeletions = applyDeletions;
  }

  /** Row-ID-keeping compaction. */
  public static CompactOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Whether ranges with deleted rows are rewritten without them, under new row IDs. */
  public boolean applyDeletions() {
    return applyDeletions;
  }

  @Override
  public String toString() {
    return "CompactOptions{applyDeletions=" + applyDeletions + "}";
  }

  /** Builds {@link CompactOptions}; not thread-safe. */
  public static final class Builder {
    private boolean applyDeletions;

    private Builder() {}

    /**
     * Rewrites the row-ID ranges that hold deleted rows without them, giving their surviving rows
     * new row IDs (instead of compacting them with their deletion vectors, keeping row IDs).
     */
    public Builder applyDeletions(boolean apply) {
      this.applyDeletions = apply;
      return this;
    }

    public CompactOptions build() {
      return applyDeletions ? new CompactOptions(true) : DEFAULTS;
    }
  }
}
