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
package io.paimon.multimodal.internal.scan;

/** Which snapshot a scan reads: one of four modes, each its own immutable type. */
sealed interface Pin {

  /** The snapshot that is latest when each terminal starts. */
  Pin LATEST = new Latest();

  /** Pinned while the table had no commit: reads no rows whatever is committed later. */
  Pin NO_SNAPSHOT = new NoSnapshot();

  /** Whether the scan is fixed to a snapshot or tag (not {@link #LATEST}). */
  default boolean pinned() {
    return !(this instanceof Latest);
  }

  /** See {@link #LATEST}. */
  record Latest() implements Pin {}

  /** See {@link #NO_SNAPSHOT}. */
  record NoSnapshot() implements Pin {}

  /**
   * One snapshot by id (at least 1), read through schema version {@code schemaId}, or through the
   * snapshot's own schema when it is {@link #OWN_SCHEMA}.
   */
  record AtSnapshot(long id, long schemaId) implements Pin {

    /** Reads through the schema the snapshot was committed with (time travel). */
    static final long OWN_SCHEMA = -1;

    /** The snapshot read through its own schema. */
    static AtSnapshot own(long id) {
      return new AtSnapshot(id, OWN_SCHEMA);
    }
  }

  /** The snapshot of a tag, checked again while a read runs. */
  record AtTag(String name) implements Pin {}
}
