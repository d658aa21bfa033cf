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
import java.io.InterruptedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.exception.SdkServiceException;

/**
 * Translates AWS SDK exceptions into the {@link IOException}s the {@code FileIO} contract promises,
 * each naming the operation and the URI: {@link NoSuchFileException} for a missing object or
 * bucket, {@link AccessDeniedException} for HTTP 403, {@link InterruptedIOException} for an
 * interrupt, a plain {@code IOException} for the rest. Messages carry the store's error code and
 * message, never credentials (the SDK's messages hold none). Stateless.
 */
final class S3Errors {

  /**
   * Codes worth retrying whatever the status: S3 can answer a {@code CompleteMultipartUpload} with
   * 200 and an error document, and a stalled upload with 400 {@code RequestTimeout}.
   */
  private static final Set<String> RETRYABLE_CODES =
      Set.of("SlowDown", "InternalError", "ServiceUnavailable", "RequestTimeout");

  private S3Errors() {}

  /** The HTTP status of a service error, or 0 for a client-side one. */
  static int status(SdkException e) {
    return e instanceof SdkServiceException ? ((SdkServiceException) e).statusCode() : 0;
  }

  /** The S3 error code ({@code NoSuchKey}, {@code SlowDown}...), or "" if there is none. */
  static String code(SdkException e) {
    if (e instanceof AwsServiceException) {
      AwsServiceException a = (AwsServiceException) e;
      if (a.awsErrorDetails() != null && a.awsErrorDetails().errorCode() != null) {
        return a.awsErrorDetails().errorCode();
      }
    }
    return "";
  }

  /** Whether {@code e} is a request-level failure worth retrying: 5xx, throttling, I/O. */
  static boolean retryable(SdkException e) {
    int status = status(e);
    if (status == 0) {
      return !(e instanceof AbortedException) && (e.retryable() || hasIoCause(e));
    }
    return status >= 500 || status == 429 || RETRYABLE_CODES.contains(code(e));
  }

  private static boolean hasIoCause(Throwable e) {
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t instanceof IOException) {
        return true;
      }
    }
    return false;
  }

  /**
   * The IOException for a failed {@code operation} (such as {@code "GET bytes=0-9"}) on {@code
   * uri}.
   */
  static IOException translate(String operation, S3Location location, SdkException e) {
    String uri = location.uri();
    int status = status(e);
    String code = code(e);
    if (e instanceof AbortedException || Thread.currentThread().isInterrupted()) {
      InterruptedIOException x = new InterruptedIOException(operation + " " + uri + " interrupted");
      x.initCause(e);
      return x;
    }
    if (status == 404 && code.equals("NoSuchBucket")) {
      return notFound(
          uri, operation + ": bucket '" + location.bucket() + "' does not exist (NoSuchBucket)", e);
    }
    if (status == 404 && !code.equals("NoSuchUpload")) {
      return notFound(uri, operation + ": no such object", e);
    }
    if (status == 403) {
      AccessDeniedException x =
          new AccessDeniedException(
              uri,
              null,
              operation
                  + ": access denied to s3://"
                  + location.bucket()
                  + "/"
                  + location.key()
                  + " (check "
                  + S3Options.ACCESS_KEY
                  + " / credentials)"
                  + (code.isEmpty() ? "" : ": " + code));
      x.initCause(e);
      return x;
    }
    if (status == 0) {
      return new IOException(operation + " " + uri + " failed: " + e.getMessage(), e);
    }
    return new IOException(operation + " " + uri + " failed: " + describe(e), e);
  }

  /** HTTP status, error code, message and request id of a service error. */
  static String describe(SdkException e) {
    StringBuilder m = new StringBuilder("HTTP ").append(status(e));
    String code = code(e);
    if (!code.isEmpty()) {
      m.append(' ').append(code);
    }
    if (e instanceof AwsServiceException) {
      AwsServiceException a = (AwsServiceException) e;
      if (a.awsErrorDetails() != null && a.awsErrorDetails().errorMessage() != null) {
        m.append(": ").append(a.awsErrorDetails().errorMessage());
      }
      if (a.requestId() != null) {
        m.append(" (request id ").append(a.requestId()).append(')');
      }
    }
    return m.toString();
  }

  private static NoSuchFileException notFound(String uri, String reason, SdkException cause) {
    NoSuchFileException x = new NoSuchFileException(uri, null, reason);
    x.initCause(cause);
    return x;
  }
}
