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
package io.paimon.multimodal.s3;

import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with full jitter for the retries this module makes by hand (resumed reads,
 * conditional writes), which the SDK's retry strategy cannot make: attempt {@code n} waits a random
 * time up to {@code min(max, base * 2^(n-1))}.
 *
 * @param base the ceiling of the first wait
 * @param max the largest ceiling
 */
record Backoff(Duration base, Duration max) {

  /** What S3 clients commonly use: 100 ms doubling up to 5 s. */
  static final Backoff DEFAULT = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(5));

  /**
   * Sleeps before retry {@code attempt} (1 after the first failure).
   *
   * @throws InterruptedIOException if interrupted (the interrupt flag is restored)
   */
  void sleep(int attempt, String what) throws InterruptedIOException {
    long ceiling = base.toMillis() << Math.min(20, Math.max(0, attempt - 1));
    long millis = ThreadLocalRandom.current().nextLong(Math.min(max.toMillis(), ceiling) + 1);
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while retrying " + what);
    }
  }
}
