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

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;

/**
 * Reads objects: {@code HEAD} for lengths, ranged {@code GET}s streamed straight into the caller's
 * arrays. The SDK retries a request until its response starts; a body cut short afterwards (a
 * connection reset, a truncated transfer) is retried here, asking only for the bytes still missing
 * and pinned to the first response's ETag, so that the pieces of one read never mix two versions of
 * an object. A body shorter than the range because the object ends is an {@link EOFException}
 * naming the URI and the range, never a short buffer. Thread-safe.
 */
final class S3Reads {

  private static final Logger LOG = LoggerFactory.getLogger(S3Reads.class);

  /** A read taking longer than this, retries included, is logged at INFO. */
  private static final long SLOW_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** The largest array a JVM allocates. */
  private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

  private final S3Client s3;
  private final int maxAttempts;
  private final Backoff backoff;

  S3Reads(S3Client s3, int maxAttempts, Backoff backoff) {
    this.s3 = s3;
    this.maxAttempts = maxAttempts;
    this.backoff = backoff;
  }

  /** The object's metadata. */
  HeadObjectResponse head(S3Location location) throws IOException {
    try {
      return s3.headObject(
          HeadObjectRequest.builder().bucket(location.bucket()).key(location.key()).build());
    } catch (SdkException e) {
      throw S3Errors.translate("HEAD", location, e);
    }
  }

  /**
   * Reads {@code pieces.total()} bytes at {@code position} into {@code pieces} with one ranged
   * {@code GET} (more only if a body is cut short).
   *
   * @param etag the version to read, or null for the current one
   * @throws EOFException if the object ends before the range does
   * @throws java.nio.file.NoSuchFileException if there is no such object
   */
  void read(S3Location location, long position, Pieces pieces, String etag) throws IOException {
    long started = System.nanoTime();
    try {
      readRange(location, position, pieces, etag);
    } finally {
      logIfSlow(location, position, pieces.total(), started);
    }
  }

  private void readRange(S3Location location, long position, Pieces pieces, String etag)
      throws IOException {
    if (position < 0) {
      throw new IllegalArgumentException("position must not be negative, got " + position);
    }
    if (pieces.remaining() == 0) {
      return;
    }
    if (position > Long.MAX_VALUE - pieces.total()) {
      throw new EOFException(location.uri() + ": range at " + position + " lies past any end");
    }
    long end = position + pieces.total() - 1;
    String pinned = etag;
    IOException last = null;
    boolean lastWasShortBody = false;
    for (int attempt = 1; ; attempt++) {
      long start = position + pieces.done();
      String range = "bytes=" + start + "-" + end;
      ResponseInputStream<GetObjectResponse> in = get(location, range, pinned, position, end);
      boolean consumed = false;
      try {
        GetObjectResponse r = in.response();
        if (pinned == null) {
          pinned = r.eTag();
        }
        long asked = end - start + 1;
        long announced = r.contentLength() == null ? -1 : r.contentLength();
        if (r.contentRange() == null && start > 0) {
          // The store ignored the range and sent the object from its start.
          if (!Pieces.skip(in, start)) {
            throw eof(location, position, end, "the object ends before the range starts");
          }
          announced = announced < 0 ? -1 : announced - start;
        }
        if (announced >= 0 && announced < asked) {
          throw eof(
              location,
              position,
              end,
              "the object ends inside the range (the store sent "
                  + announced
                  + " of "
                  + asked
                  + " bytes"
                  + (r.contentRange() == null ? "" : ", Content-Range " + r.contentRange())
                  + ")");
        }
        if (pieces.fill(in)) {
          consumed = announced == asked;
          return;
        }
        last =
            eof(
                    location,
                    position,
                    end,
                    "the response body ended after "
                        + pieces.done()
                        + " of "
                        + pieces.total()
                        + " bytes")
                .eof;
        lastWasShortBody = true;
      } catch (EofDecision e) {
        throw e.eof;
      } catch (InterruptedIOException e) {
        throw e;
      } catch (IOException e) {
        // A connection reset or a stalled socket mid-body: resumable.
        last = e;
        lastWasShortBody = false;
      } finally {
        if (consumed) {
          closeQuietly(in);
        } else {
          // Releasing the connection would read the rest of the body first.
          in.abort();
        }
      }
      if (attempt >= maxAttempts) {
        String m =
            location.uri()
                + ": GET bytes="
                + position
                + "-"
                + end
                + " failed after "
                + attempt
                + " attempts, "
                + pieces.done()
                + " of "
                + pieces.total()
                + " bytes read: "
                + last.getMessage();
        if (lastWasShortBody) {
          throw new EOFException(m);
        }
        throw new IOException(m, last);
      }
      LOG.debug(
          "GET {} of {}: attempt {} of {} ended after {} of {} bytes, resuming: {}",
          range,
          location.uri(),
          attempt,
          maxAttempts,
          pieces.done(),
          pieces.total(),
          last.toString());
      backoff.sleep(attempt, "GET " + range + " of " + location.uri());
    }
  }

  private ResponseInputStream<GetObjectResponse> get(
      S3Location location, String range, String etag, long position, long end) throws IOException {
    GetObjectRequest.Builder req =
        GetObjectRequest.builder().bucket(location.bucket()).key(location.key()).range(range);
    if (etag != null) {
      req.ifMatch(etag);
    }
    try {
      return s3.getObject(req.build());
    } catch (SdkException e) {
      int status = S3Errors.status(e);
      if (status == 416) {
        throw eof(location, position, end, "the range lies past the end of the object (HTTP 416)")
            .eof;
      }
      if (status == 412 && etag != null) {
        throw new IOException(
            location.uri()
                + " changed while being read: GET "
                + range
                + " no longer matches ETag "
                + etag,
            e);
      }
      throw S3Errors.translate("GET " + range, location, e);
    }
  }

  /**
   * Reads a whole object with one {@code GET} (more only if the body is cut short).
   *
   * @throws java.nio.file.NoSuchFileException if there is no such object
   */
  byte[] readAll(S3Location location) throws IOException {
    long started = System.nanoTime();
    try {
      return readWhole(location);
    } finally {
      logIfSlow(location, 0, -1, started);
    }
  }

  private byte[] readWhole(S3Location location) throws IOException {
    ResponseInputStream<GetObjectResponse> in;
    try {
      in =
          s3.getObject(
              GetObjectRequest.builder().bucket(location.bucket()).key(location.key()).build());
    } catch (SdkException e) {
      throw S3Errors.translate("GET", location, e);
    }
    Pieces pieces;
    String etag;
    boolean consumed = false;
    try {
      GetObjectResponse r = in.response();
      etag = r.eTag();
      Long length = r.contentLength();
      if (length == null) {
        byte[] all = in.readAllBytes();
        consumed = true;
        return all;
      }
      if (length > MAX_ARRAY) {
        throw new IOException(
            location.uri() + " holds " + length + " bytes, too many to read into one array");
      }
      byte[] out = new byte[(int) (long) length];
      pieces = Pieces.of(out, 0, out.length);
      try {
        if (pieces.fill(in)) {
          consumed = true;
          return out;
        }
      } catch (InterruptedIOException e) {
        throw e;
      } catch (IOException e) {
        // resumed below
        LOG.debug(
            "GET {}: the body ended after {} of {} bytes, resuming: {}",
            location.uri(),
            pieces.done(),
            pieces.total(),
            e.toString());
      }
      // The body was cut short: the rest, from the same version.
      readRange(location, 0, pieces, etag);
      return out;
    } finally {
      if (consumed) {
        closeQuietly(in);
      } else {
        in.abort();
      }
    }
  }

  /**
   * Logs, at INFO, a read that took longer than {@link #SLOW_NANOS}, failed or not.
   *
   * @param length the bytes asked for, or -1 for the whole object
   */
  private static void logIfSlow(S3Location location, long position, long length, long started) {
    long elapsed = System.nanoTime() - started;
    if (elapsed > SLOW_NANOS) {
      LOG.info(
          "slow read: GET {}{} took {} ms",
          location.uri(),
          length < 0 ? "" : " bytes=" + position + "-" + (position + length - 1),
          TimeUnit.NANOSECONDS.toMillis(elapsed));
    }
  }

  private static EofDecision eof(S3Location location, long position, long end, String reason) {
    return new EofDecision(
        new EOFException(location.uri() + ": GET bytes=" + position + "-" + end + ": " + reason));
  }

  private static void closeQuietly(ResponseInputStream<?> in) {
    try {
      in.close();
    } catch (IOException | RuntimeException e) {
      // the bytes are delivered; a connection that cannot be reused is dropped by the pool
    }
  }

  /**
   * Carries an {@link EOFException} decided from the response's headers past the handler that
   * retries I/O failures of the body (which may themselves be EOFExceptions).
   */
  private static final class EofDecision extends IOException {
    final EOFException eof;

    EofDecision(EOFException eof) {
      super(eof.getMessage());
      this.eof = eof;
    }
  }
}
