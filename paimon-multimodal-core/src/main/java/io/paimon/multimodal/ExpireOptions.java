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

/**
 * What {@link Table#expireSnapshots(ExpireOptions)} keeps, as Paimon's snapshot expiry: at least
 * {@code retainMin} newest snapshots, at most {@code retainMax}, and of those in between the ones
 * younger than {@code olderThan}. A setting left unset takes the table's Paimon option ({@code
 * snapshot.num-retained.min}, {@code snapshot.num-retained.max}, {@code snapshot.time-retained}),
 * else Paimon's default (10, unlimited, 1 hour). Immutable.
 */
public final class ExpireOptions {

  private final Integer retainMin;
  private final Integer retainMax;
  private final Duration olderThan;
  private final ProgressListener progress;

  private ExpireOptions(
      Integer retainMin, Integer retainMax, Duration olderThan, ProgressListener progress) {
    this.retainMin = retainMin;
    this.retainMax = retainMax;
    this.olderThan = olderThan;
    this.progress = progress;
  }

  /** Options taking every setting from the table. */
  public static ExpireOptions defaults() {
    return new ExpireOptions(null, null, null, ProgressListener.NONE);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The newest snapshots always kept, if set. */
  public Optional<Integer> retainMin() {
    return Optional.ofNullable(retainMin);
  }

  /** The most snapshots kept, if set. */
  public Optional<Integer> retainMax() {
    return Optional.ofNullable(retainMax);
  }

  /** The age past which snapshots beyond {@code retainMin} expire, if set. */
  public Optional<Duration> olderThan() {
    return Optional.ofNullable(olderThan);
  }

  /**
   * The listener of the expiry's progress: snapshots expired out of those to expire, and files
   * deleted as requests; {@link ProgressListener#NONE} unless set.
   */
  public ProgressListener progress() {
    return progress;
  }

  @Override
  public String toString() {
    return "ExpireOptions{retainMin="
        + retainMin
        + ", retainMax="
        + retainMax
        + ", olderThan="
        + olderThan
        + "}";
  }

  /** Builds {@link ExpireOptions}; not thread-safe. */
  public static final class Builder {
    private Integer retainMin;
    private Integer retainMax;
    private Duration olderThan;
    private ProgressListener progress = ProgressListener.NONE;

    private Builder() {}

    /**
     * Keeps at least this many newest snapshots (at least 1: the latest is never expired).
     *
     * @throws IllegalArgumentException if below 1
     */
    public Builder retainMin(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("retainMin must be at least 1, got " + n);
      }
      this.retainMin = n;
      return this;
    }

    /**
     * Keeps at most this many snapshots.
     *
     * @throws IllegalArgumentException if below 1
     */
    public Builder retainMax(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("retainMax must be at least 1, got " + n);
      }
      this.retainMax = n;
      return this;
    }

    /**
     * Expires snapshots older than this (beyond {@code retainMin}).
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder olderThan(Duration age) {
      Objects.requireNonNull(age, "age");
      if (age.isNegative()) {
        throw new IllegalArgumentException("olderThan must not be negative, got " + age);
      }
      this.olderThan = age;
      return this;
    }

    /** Reports the expiry's progress to {@code listener}. */
    public Builder progress(ProgressListener listener) {
      this.progress = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException if retainMax is below retainMin
     */
    public ExpireOptions build() {
      if (retainMin != null && retainMax != null && retainMax < retainMin) {
        throw new IllegalArgumentException(
            "retainMax (" + retainMax + ") must not be below retainMin (" + retainMin + ")");
      }
      return new ExpireOptions(retainMin, retainMax, olderThan, progress);
    }
  }
}
