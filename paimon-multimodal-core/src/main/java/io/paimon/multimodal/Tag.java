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

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** A named pin of a snapshot. Immutable and thread-safe. */
public final class Tag {

  private final String name;
  private final long snapshotId;
  private final long createdMillis;
  private final Duration timeRetained;

  /** Creates a tag value without a retention time. */
  public Tag(String name, long snapshotId, long createdMillis) {
    this(name, snapshotId, createdMillis, null);
  }

  /** Creates a tag value; {@code timeRetained} null for a tag kept until deleted. */
  public Tag(String name, long snapshotId, long createdMillis, Duration timeRetained) {
    this.name = Objects.requireNonNull(name, "name");
    this.snapshotId = snapshotId;
    this.createdMillis = createdMillis;
    this.timeRetained = timeRetained;
  }

  /**
   * How long after its creation the tag is kept (Paimon's {@code tagTimeRetained}): snapshot expiry
   * deletes it once that has passed. Empty for a tag kept until deleted.
   */
  public Optional<Duration> timeRetained() {
    return Optional.ofNullable(timeRetained);
  }

  /** The tag name. */
  public String name() {
    return name;
  }

  /** The pinned snapshot. */
  public long snapshotId() {
    return snapshotId;
  }

  /** When the tag was created or last replaced, in epoch milliseconds. */
  public long createdMillis() {
    return createdMillis;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Tag && ((Tag) o).name.equals(name) && ((Tag) o).snapshotId == snapshotId;
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + Long.hashCode(snapshotId);
  }

  @Override
  public String toString() {
    return "Tag{" + name + " -> snapshot " + snapshotId + "}";
  }
}
