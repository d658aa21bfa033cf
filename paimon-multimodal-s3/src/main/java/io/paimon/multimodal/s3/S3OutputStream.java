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

import io.paimon.multimodal.fs.Abortable;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.file.FileAlreadyExistsException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.AbortMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

/**
 * Writes one new object. Bytes are buffered up to the multipart threshold; a stream closed at or
 * below it is one conditional {@code PutObject}. Past it, the stream starts a multipart upload and
 * hands each full part to the storage's upload threads, with at most {@value #MAX_PARTS_IN_FLIGHT}
 * parts of this stream in flight, so memory stays at a few part buffers however large the object;
 * {@link #close()} waits for the parts and completes the upload conditionally. Both conditional
 * requests carry {@code If-None-Match: *}: an existing object is a {@link
 * FileAlreadyExistsException} from {@code close()} (the store decides at completion, not when the
 * stream opens).
 *
 * <p>Any failure aborts the multipart upload, so nothing half-written becomes visible and no parts
 * stay billed; after a failed write, {@code close()} publishes nothing and throws. Not thread-safe
 * (one writer per stream).
 */
final class S3OutputStream extends OutputStream implements Abortable {

  /** Parts of one stream uploading at once; with the one being filled, the buffers it holds. */
  static final int MAX_PARTS_IN_FLIGHT = 2;

  private static final int MAX_PARTS = 10_000;
  private static final int FIRST_BUFFER = 64 << 10;
  private static final String CONTENT_TYPE = "application/octet-stream";

  private final S3FileIO io;
  private final S3Location location;
  private final int partSize;
  private final long threshold;
  private final String writeId = UUID.randomUUID().toString();

  /** Full parts held before the upload starts (up to the threshold). */
  private final List<byte[]> held = new ArrayList<>();

  private final List<Future<CompletedPart>> parts = new ArrayList<>();
  private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
  private byte[] spare;
  private byte[] current;
  private int pos;
  private long total;
  private String uploadId;
  private IOException failure;
  private boolean closed;

  private record InFlight(Future<CompletedPart> future, byte[] buffer) {}

  S3OutputStream(S3FileIO io, S3Location location) {
    this.io = io;
    this.location = location;
    this.partSize = Math.toIntExact(io.options().partSize());
    this.threshold = io.options().multipartThreshold();
    this.current = new byte[Math.min(FIRST_BUFFER, partSize)];
  }

  @Override
  public void write(int b) throws IOException {
    ensureWritable();
    if (pos == current.length) {
      makeRoom();
    }
    current[pos++] = (byte) b;
    total++;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureWritable();
    while (len > 0) {
      if (pos == current.length) {
        makeRoom();
      }
      int n = Math.min(len, current.length - pos);
      System.arraycopy(b, off, current, pos, n);
      pos += n;
      off += n;
      len -= n;
      total += n;
    }
  }

  private void ensureWritable() throws IOException {
    if (closed) {
      throw new IOException(location.uri() + ": stream is closed");
    }
    if (failure != null) {
      throw new IOException(location.uri() + ": an earlier write failed", failure);
    }
  }

  /** The current buffer is full: grow it up to a part, or hand the full part on. */
  private void makeRoom() throws IOException {
    if (current.length < partSize) {
      current = Arrays.copyOf(current, (int) Math.min(partSize, 2L * current.length));
      return;
    }
    try {
      if (uploadId == null) {
        held.add(current);
        current = null;
        if ((long) held.size() * partSize >= threshold) {
          // More bytes are coming, so the object will exceed the threshold.
          startUpload();
        }
      } else {
        submit(current, partSize);
        current = null;
      }
      current = spare != null ? spare : new byte[partSize];
      spare = null;
      pos = 0;
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    }
  }

  private void startUpload() throws IOException {
    try {
      uploadId =
          io.s3()
              .createMultipartUpload(
                  CreateMultipartUploadRequest.builder()
                      .bucket(location.bucket())
                      .key(location.key())
                      .contentType(CONTENT_TYPE)
                      .metadata(Map.of(S3FileIO.WRITE_ID, writeId))
                      .build())
              .uploadId();
    } catch (SdkException e) {
      throw S3Errors.translate("CreateMultipartUpload", location, e);
    }
    for (byte[] part : held) {
      submit(part, partSize);
    }
    held.clear();
  }

  private void submit(byte[] data, int length) throws IOException {
    if (parts.size() == MAX_PARTS) {
      throw new IOException(
          location.uri()
              + ": more than "
              + MAX_PARTS
              + " parts; raise "
              + S3Options.PART_SIZE
              + " (now "
              + partSize
              + " bytes)");
    }
    while (inFlight.size() >= MAX_PARTS_IN_FLIGHT) {
      InFlight oldest = inFlight.poll();
      await(oldest.future);
      spare = oldest.buffer;
    }
    int number = parts.size() + 1;
    String id = uploadId;
    Future<CompletedPart> f;
    try {
      f = io.uploads().submit(() -> uploadPart(id, number, data, length));
    } catch (RejectedExecutionException e) {
      throw new IOException(location.uri() + ": the S3 storage is closed", e);
    }
    parts.add(f);
    inFlight.add(new InFlight(f, data));
  }

  private CompletedPart uploadPart(String id, int number, byte[] data, int length)
      throws IOException {
    try {
      String etag =
          io.s3()
              .uploadPart(
                  UploadPartRequest.builder()
                      .bucket(location.bucket())
                      .key(location.key())
                      .uploadId(id)
                      .partNumber(number)
                      .contentLength((long) length)
                      .build(),
                  RequestBody.fromContentProvider(
                      () -> new ByteArrayInputStream(data, 0, length), length, CONTENT_TYPE))
              .eTag();
      return CompletedPart.builder().partNumber(number).eTag(etag).build();
    } catch (SdkException e) {
      throw S3Errors.translate("UploadPart " + number, location, e);
    }
  }

  private CompletedPart await(Future<CompletedPart> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while uploading " + location.uri());
    } catch (CancellationException e) {
      throw new IOException(location.uri() + ": the S3 storage was closed during the upload", e);
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof IOException) {
        throw (IOException) c;
      }
      throw new IOException(location.uri() + ": a part upload failed: " + c, c);
    }
  }

  /**
   * Publishes the object.
   *
   * @throws FileAlreadyExistsException if an object of that name exists
   * @throws IOException if the object could not be written (nothing is then published), or an
   *     earlier write failed
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (failure != null) {
        throw new IOException(
            location.uri() + " was not written: an earlier write to the stream failed", failure);
      }
      if (uploadId == null && total <= threshold) {
        putWhole();
        return;
      }
      if (uploadId == null) {
        startUpload();
      }
      if (pos > 0) {
        submit(current, pos);
      }
      List<CompletedPart> done = new ArrayList<>(parts.size());
      for (Future<CompletedPart> f : parts) {
        done.add(await(f));
      }
      inFlight.clear();
      complete(done);
    } catch (IOException | RuntimeException e) {
      if (failure == null) {
        abort(e);
      }
      throw e;
    } finally {
      current = null;
      spare = null;
      held.clear();
    }
  }

  private void putWhole() throws IOException {
    long length = total;
    List<byte[]> chunks = List.copyOf(held);
    byte[] last = current;
    int lastLength = pos;
    // A fresh stream over the buffers for each attempt (and for signing), without copying them.
    RequestBody body =
        RequestBody.fromContentProvider(
            () -> {
              List<InputStream> pieces = new ArrayList<>(chunks.size() + 1);
              for (byte[] c : chunks) {
                pieces.add(new ByteArrayInputStream(c));
              }
              pieces.add(new ByteArrayInputStream(last, 0, lastLength));
              return new SequenceInputStream(Collections.enumeration(pieces));
            },
            length,
            CONTENT_TYPE);
    PutObjectRequest request =
        PutObjectRequest.builder()
            .bucket(location.bucket())
            .key(location.key())
            .contentLength(length)
            .contentType(CONTENT_TYPE)
            .ifNoneMatch("*")
            .metadata(Map.of(S3FileIO.WRITE_ID, writeId))
            .build();
    boolean created =
        io.conditional()
            .run(
                "PUT If-None-Match: *",
                location,
                () -> io.s3Once().putObject(request, body),
                () -> io.ownership(location, writeId, length));
    if (!created) {
      throw exists();
    }
  }

  private void complete(List<CompletedPart> done) throws IOException {
    CompleteMultipartUploadRequest request =
        CompleteMultipartUploadRequest.builder()
            .bucket(location.bucket())
            .key(location.key())
            .uploadId(uploadId)
            .multipartUpload(CompletedMultipartUpload.builder().parts(done).build())
            .ifNoneMatch("*")
            .build();
    long length = total;
    boolean created =
        io.conditional()
            .run(
                "CompleteMultipartUpload If-None-Match: *",
                location,
                () -> io.s3Once().completeMultipartUpload(request),
                () -> io.ownership(location, writeId, length));
    if (!created) {
      throw exists();
    }
    uploadId = null;
  }

  private FileAlreadyExistsException exists() {
    return new FileAlreadyExistsException(
        location.uri(), null, "an object of that name exists; new files are never overwritten");
  }

  /**
   * Abandons the object: a multipart upload in progress is aborted, nothing is put, buffers are
   * dropped. A later {@link #close()} does nothing.
   */
  @Override
  public void abort() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    current = null;
    IOException aborted = new IOException(location.uri() + ": abandoned by its writer");
    abort(aborted);
    if (aborted.getSuppressed().length > 0) {
      throw aborted;
    }
  }

  /** Records a failure, aborts the upload, and returns the failure to throw. */
  private IOException fail(Throwable e) {
    failure = e instanceof IOException ? (IOException) e : new IOException(e.toString(), e);
    abort(failure);
    return failure;
  }

  /** Waits for parts in flight (a part landing after the abort would stay), then aborts. */
  private void abort(Throwable cause) {
    for (InFlight f : inFlight) {
      try {
        f.future.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      } catch (ExecutionException | CancellationException e) {
        // the part failed or never started: nothing to wait for
      }
    }
    inFlight.clear();
    if (uploadId == null) {
      return;
    }
    try {
      io.s3()
          .abortMultipartUpload(
              AbortMultipartUploadRequest.builder()
                  .bucket(location.bucket())
                  .key(location.key())
                  .uploadId(uploadId)
                  .build());
    } catch (SdkException e) {
      if (S3Errors.status(e) != 404) {
        cause.addSuppressed(S3Errors.translate("AbortMultipartUpload " + uploadId, location, e));
      }
    } catch (RuntimeException e) {
      // the storage was closed under the stream: the upload stays for the bucket's lifecycle rule
      cause.addSuppressed(e);
    }
    uploadId = null;
  }
}
