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

import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Runs a conditional create ({@code If-None-Match: *} on a {@code PutObject} or a {@code
 * CompleteMultipartUpload}) and decides whether this call created the object.
 *
 * <p>Why not let the SDK retry: if an attempt succeeds but its reply is lost, a retry is answered
 * {@code 412 PreconditionFailed} because the object now exists, and "it already existed" would be
 * the wrong answer: a committer told its snapshot lost the race deletes the files that snapshot
 * references. So the request goes through a client without retries, and this class retries by hand:
 * a failure whose outcome is unknown (an I/O error, a 5xx) makes the attempt <em>ambiguous</em>; a
 * later 412 (or, for a multipart completion, {@code NoSuchUpload}) then asks the {@link Owner}
 * whether the object that exists is ours. {@code 409 ConditionalRequestConflict} (another
 * conditional write to the key in flight) is retried; {@code 501} (a store without conditional
 * writes) is an error that says so. Thread-safe.
 */
final class ConditionalCreate {

  private static final Logger LOG = LoggerFactory.getLogger(ConditionalCreate.class);

  /** One attempt of the conditional request; throws the SDK's exception on failure. */
  @FunctionalInterface
  interface Attempt {
    void run();
  }

  /** Who owns the object at the key now. */
  enum Ownership {
    /** Our write created it. */
    OURS,
    /** Another writer's. */
    OTHERS,
    /** There is none. */
    ABSENT
  }

  /** Inspects the object at the key after an ambiguous attempt. */
  @FunctionalInterface
  interface Owner {
    Ownership check() throws IOException;
  }

  private final int maxAttempts;
  private final Backoff backoff;

  ConditionalCreate(int maxAttempts, Backoff backoff) {
    this.maxAttempts = maxAttempts;
    this.backoff = backoff;
  }

  /**
   * Runs {@code attempt} until it succeeds, fails for good, or the attempts run out.
   *
   * @param operation for messages ({@code "PUT If-None-Match: *"})
   * @return true if this call created the object, false if another writer's object was there
   * @throws IOException if the outcome is an error, or unknown after every attempt with no object
   *     at the key
   */
  boolean run(String operation, S3Location location, Attempt attempt, Owner owner)
      throws IOException {
    boolean ambiguous = false;
    SdkException last = null;
    for (int n = 1; n <= maxAttempts; n++) {
      try {
        attempt.run();
        return true;
      } catch (SdkException e) {
        last = e;
        int status = S3Errors.status(e);
        String code = S3Errors.code(e);
        if (status == 412 || (ambiguous && status == 404 && code.equals("NoSuchUpload"))) {
          if (!ambiguous) {
            return false;
          }
          Ownership o = owner.check();
          if (o != Ownership.ABSENT) {
            return o == Ownership.OURS;
          }
          // Created and deleted again since: try again.
        } else if (status == 409) {
          LOG.debug(
              "{} {} attempt {} of {}: conflict with a concurrent conditional write, retrying: {}",
              operation,
              location.uri(),
              n,
              maxAttempts,
              why(e));
        } else if (status == 501) {
          throw new IOException(
              operation
                  + " "
                  + location.uri()
                  + ": the store does not support conditional writes (If-None-Match: *), which"
                  + " atomic commits need: "
                  + S3Errors.describe(e),
              e);
        } else if (S3Errors.retryable(e)) {
          ambiguous = true;
          LOG.debug(
              "{} {} attempt {} of {} failed, retrying: {}",
              operation,
              location.uri(),
              n,
              maxAttempts,
              why(e));
        } else {
          throw S3Errors.translate(operation, location, e);
        }
      }
      if (n < maxAttempts) {
        backoff.sleep(n, operation + " " + location.uri());
      }
    }
    if (ambiguous) {
      Ownership o = owner.check();
      if (o != Ownership.ABSENT) {
        return o == Ownership.OURS;
      }
    }
    String why = why(last);
    throw new IOException(
        operation
            + " "
            + location.uri()
            + " failed after "
            + maxAttempts
            + " attempts and the object was not created: "
            + why,
        last);
  }

  /** The store's answer, or the client's message if there was none (an I/O error). */
  private static String why(SdkException e) {
    return S3Errors.status(e) == 0 ? e.getMessage() : S3Errors.describe(e);
  }
}
