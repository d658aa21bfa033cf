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
package io.paimon.multimodal.internal.schema;

import io.paimon.multimodal.CommitConflictException;
import io.paimon.multimodal.SchemaChange;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.TableSchema;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code alter} of a table: the changes applied to the latest schema version and written as the
 * next one, {@code schema/schema-<latest+1>}, with create-if-absent, so that of two concurrent
 * alters exactly one gets each id. The loser applies its changes again to the winner's schema, with
 * backoff, a bounded number of times; changes that no longer apply to it (the winner dropped the
 * column this alter renames) fail with {@link CommitConflictException}. Nothing but the one schema
 * file is written. Not thread-safe; one per call.
 */
public final class SchemaAlter {

  private static final Logger LOG = LoggerFactory.getLogger(SchemaAlter.class);

  static final int MAX_ATTEMPTS = 50;
  private static final long MAX_BACKOFF_MILLIS = 200;

  private final TableState table;
  private final List<SchemaChange> changes;

  public SchemaAlter(TableState table, List<SchemaChange> changes) {
    this.table = table;
    this.changes = changes;
  }

  /**
   * Writes the new schema version.
   *
   * @return the schema written
   * @throws SchemaException if the changes do not apply to the latest schema
   * @throws CommitConflictException if they stopped applying after a concurrent alter, or every
   *     attempt lost the race
   */
  public TableSchema commit() {
    long backoff = 2;
    long lostTo = -1;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        TableSchema base = table.schemas().read(table.schemas().latestId().orElseThrow());
        TableSchema next;
        try {
          next = SchemaEvolution.apply(base, changes);
        } catch (SchemaException | IllegalArgumentException e) {
          if (lostTo < 0) {
            throw e;
          }
          throw new CommitConflictException(
              table.paths().root()
                  + ": schema "
                  + lostTo
                  + " was written by a concurrent change, and these changes no longer apply to"
                  + " schema "
                  + base.id()
                  + ": "
                  + e.getMessage(),
              e);
        }
        if (table.schemas().create(next)) {
          return next;
        }
        lostTo = next.id();
      } catch (IOException e) {
        throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
      }
      long pause = ThreadLocalRandom.current().nextLong(backoff / 2, backoff + 1);
      LOG.debug(
          "{}: another writer created schema {} first (attempt {} of {}); retrying in {} ms",
          table.paths().root(),
          lostTo,
          attempt,
          MAX_ATTEMPTS,
          pause);
      sleep(pause);
      backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
    }
    throw new CommitConflictException(
        table.paths().root()
            + ": the schema change lost "
            + MAX_ATTEMPTS
            + " times in a row to concurrent schema changes; nothing was written");
  }

  private void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(
          new InterruptedIOException(table.paths().root() + ": interrupted while altering"));
    }
  }
}
