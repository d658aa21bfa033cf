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

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.fs.ReadHints;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A {@link FileIO} on S3 or an S3-compatible store (MinIO, s3proxy...) through the AWS SDK for Java
 * v2. Paths are full URIs, {@code s3://bucket/key} or {@code s3a://bucket/key}; a "directory" is a
 * key prefix ending in {@code /}.
 *
 * <ul>
 *   <li>Reads: {@link InputFile#length()} is a {@code HEAD}, each positional read one ranged {@code
 *       GET} streamed into the caller's arrays; a body cut short is resumed (bounded, with
 *       backoff), an object ending inside a range is an {@link java.io.EOFException} naming the URI
 *       and the range, a missing object a {@link NoSuchFileException}.
 *   <li>Writes: {@link #newOutputStream} buffers up to {@link S3Options#MULTIPART_THRESHOLD}, then
 *       uploads parts concurrently in bounded memory; creation is conditional ({@code
 *       If-None-Match: *}) and a failed stream aborts its upload. {@link #createIfAbsent} is a
 *       conditional {@code PutObject} that is never retried blindly (see {@link
 *       ConditionalCreate}); {@link #overwrite} a plain {@code PutObject}, atomic on S3.
 *   <li>Directories: {@link #list} is a paginated {@code ListObjectsV2} with delimiter {@code /};
 *       {@link #exists} a {@code HEAD}, then a one-key listing of the prefix; {@link #mkdirs}
 *       writes an empty marker object {@code key/} (as Hadoop's S3A does) when nothing is under the
 *       prefix yet, so that an empty database is listed; {@link #delete} removes the object and
 *       such a marker in one request; {@link #deleteFiles} batches a thousand keys per request.
 *   <li>Errors are {@link IOException}s naming the operation and the URI ({@link
 *       java.nio.file.AccessDeniedException} for HTTP 403). Idempotent requests are retried by the
 *       SDK's standard strategy ({@link S3Options#MAX_ATTEMPTS}) on throttling, 5xx and connection
 *       errors.
 * </ul>
 *
 * <p>One pooled HTTP client ({@link S3Options#MAX_CONNECTIONS} connections) serves every request;
 * the storage owns it, its SDK clients and its upload threads, and releases them on {@link
 * #close()}, which also cancels part uploads not yet started. Thread-safe. Secrets never appear in
 * {@link #toString()}, logs or messages.
 */
public final class S3FileIO implements FileIO {

  private static final Logger LOG = LoggerFactory.getLogger(S3FileIO.class);

  /**
   * The user-metadata key ({@code x-amz-meta-pmm-write-id}) of the random id a conditional create
   * tags its object with, so that after a lost reply the writer can tell its object from another's.
   */
  static final String WRITE_ID = "pmm-write-id";

  /** Knobs tests turn: listing page size and the backoff of hand-made retries. */
  record Tuning(int listPageSize, Backoff backoff) {
    static final Tuning DEFAULT = new Tuning(1000, Backoff.DEFAULT);
  }

  private static final int DELETE_BATCH = 1000;

  /** How long {@link #close()} waits for running uploads. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

  private final S3Options options;
  private final SdkHttpClient http;
  private final AwsCredentialsProvider credentials;
  private final S3Client s3;
  private final S3Client once;
  private final S3Reads reads;
  private final ConditionalCreate conditional;
  private final ThreadPoolExecutor uploads;
  private final int listPageSize;
  private final AtomicBoolean closed = new AtomicBoolean();

  /**
   * A storage with the {@code s3.} options of {@code options} (see {@link S3Options}); the caller
   * closes it.
   *
   * @throws IllegalArgumentException if an option is unknown or malformed (naming the key), or no
   *     region can be determined
   */
  public static S3FileIO create(Map<String, String> options) {
    return create(S3Options.parse(options));
  }

  /** A storage with these settings; the caller closes it. */
  public static S3FileIO create(S3Options options) {
    return new S3FileIO(options, S3Clients.httpClient(options), Tuning.DEFAULT);
  }

  /** A storage over {@code http}, which it owns from now on (and closes if this fails). */
  S3FileIO(S3Options options, SdkHttpClient http, Tuning tuning) {
    this.options = options;
    this.http = http;
    this.listPageSize = tuning.listPageSize();
    AwsCredentialsProvider creds = null;
    S3Client retrying = null;
    try {
      creds = S3Clients.credentials(options);
      retrying = S3Clients.client(options, http, creds, S3Clients.retryStrategy(options, tuning));
      this.once = S3Clients.client(options, http, creds, AwsRetryStrategy.doNotRetry());
    } catch (RuntimeException e) {
      closeQuietly(retrying);
      closeQuietly(creds);
      closeQuietly(http);
      throw e;
    }
    this.credentials = creds;
    this.s3 = retrying;
    this.reads = new S3Reads(s3, options.maxAttempts(), tuning.backoff());
    this.conditional = new ConditionalCreate(options.maxAttempts(), tuning.backoff());
    this.uploads =
        new ThreadPoolExecutor(
            options.uploadThreads(),
            options.uploadThreads(),
            30,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            S3Clients.daemonThreads("paimon-s3-upload-"));
    uploads.allowCoreThreadTimeOut(true);
    LOG.debug("opened {}", this);
  }

  /** The settings. */
  public S3Options options() {
    return options;
  }

  S3Client s3() {
    return s3;
  }

  S3Client s3Once() {
    return once;
  }

  ConditionalCreate conditional() {
    return conditional;
  }

  ThreadPoolExecutor uploads() {
    return uploads;
  }

  @Override
  public InputFile newInputFile(String path) {
    return new S3InputFile(reads, S3Location.parseObject(path), -1);
  }

  /** An input file whose length the caller knows: no {@code HEAD} request for it. */
  @Override
  public InputFile newInputFile(String path, long length) {
    if (length < 0) {
      throw new IllegalArgumentException("length must not be negative, got " + length);
    }
    return new S3InputFile(reads, S3Location.parseObject(path), length);
  }

  /**
   * A stream creating a new object; see {@link S3OutputStream}. The object appears when the stream
   * is closed; its {@code close()} throws {@link java.nio.file.FileAlreadyExistsException} if the
   * object exists.
   */
  @Override
  public OutputStream newOutputStream(String path) {
    return new S3OutputStream(this, S3Location.parseObject(path));
  }

  @Override
  public boolean createIfAbsent(String path, byte[] content) throws IOException {
    S3Location location = S3Location.parseObject(path);
    String writeId = UUID.randomUUID().toString();
    PutObjectRequest request =
        PutObjectRequest.builder()
            .bucket(location.bucket())
            .key(location.key())
            .contentLength((long) content.length)
            .ifNoneMatch("*")
            .metadata(Map.of(WRITE_ID, writeId))
            .build();
    RequestBody body = body(content);
    return conditional.run(
        "PUT If-None-Match: *",
        location,
        () -> once.putObject(request, body),
        () -> ownershipByContent(location, writeId, content));
  }

  /** Whose the object at {@code location} is: by its write id, else by its length. */
  ConditionalCreate.Ownership ownership(S3Location location, String writeId, long length)
      throws IOException {
    HeadObjectResponse head;
    try {
      head = reads.head(location);
    } catch (NoSuchFileException e) {
      return ConditionalCreate.Ownership.ABSENT;
    }
    String id = head.metadata().get(WRITE_ID);
    if (id != null) {
      return id.equals(writeId)
          ? ConditionalCreate.Ownership.OURS
          : ConditionalCreate.Ownership.OTHERS;
    }
    // A store that keeps no user metadata: the names of new files are unique, so the length of
    // ours is evidence enough.
    return head.contentLength() != null && head.contentLength() == length
        ? ConditionalCreate.Ownership.OURS
        : ConditionalCreate.Ownership.OTHERS;
  }

  /** Whose the object at {@code location} is: by its write id, else by its bytes. */
  private ConditionalCreate.Ownership ownershipByContent(
      S3Location location, String writeId, byte[] content) throws IOException {
    ResponseInputStream<GetObjectResponse> in;
    try {
      in =
          s3.getObject(
              GetObjectRequest.builder().bucket(location.bucket()).key(location.key()).build());
    } catch (SdkException e) {
      if (S3Errors.status(e) == 404) {
        return ConditionalCreate.Ownership.ABSENT;
      }
      throw S3Errors.translate("GET", location, e);
    }
    try (in) {
      String id = in.response().metadata().get(WRITE_ID);
      if (id != null) {
        in.abort();
        return id.equals(writeId)
            ? ConditionalCreate.Ownership.OURS
            : ConditionalCreate.Ownership.OTHERS;
      }
      byte[] stored = in.readNBytes(content.length + 1);
      return Arrays.equals(stored, content)
          ? ConditionalCreate.Ownership.OURS
          : ConditionalCreate.Ownership.OTHERS;
    }
  }

  @Override
  public void overwrite(String path, byte[] content) throws IOException {
    S3Location location = S3Location.parseObject(path);
    put(location, content, "PUT");
  }

  private void put(S3Location location, byte[] content, String operation) throws IOException {
    try {
      s3.putObject(
          PutObjectRequest.builder()
              .bucket(location.bucket())
              .key(location.key())
              .contentLength((long) content.length)
              .build(),
          body(content));
    } catch (SdkException e) {
      throw S3Errors.translate(operation, location, e);
    }
  }

  /** A body over {@code content} without copying it (the SDK's {@code fromBytes} copies). */
  private static RequestBody body(byte[] content) {
    return RequestBody.fromContentProvider(
        () -> new ByteArrayInputStream(content), content.length, "application/octet-stream");
  }

  @Override
  public byte[] readAllBytes(String path) throws IOException {
    return reads.readAll(S3Location.parseObject(path));
  }

  @Override
  public boolean exists(String path) throws IOException {
    S3Location location = S3Location.parse(path);
    if (!location.key().isEmpty()) {
      try {
        reads.head(location);
        return true;
      } catch (NoSuchFileException e) {
        // no object of that name: perhaps a prefix
      }
    }
    ListObjectsV2Response r = listPage(location, location.childPrefix(), null, 1, null);
    return location.key().isEmpty() || r.hasContents() && !r.contents().isEmpty();
  }

  /** One {@code HEAD}: a prefix with objects under it is no file. */
  @Override
  public boolean isFile(String path) throws IOException {
    S3Location location = S3Location.parse(path);
    if (location.key().isEmpty()) {
      return false;
    }
    try {
      reads.head(location);
      return true;
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  @Override
  public void delete(String path) throws IOException {
    S3Location location = S3Location.parseObject(path);
    List<String> failed =
        deleteBatch(location, List.of(location.key(), location.key() + "/"), Map.of());
    if (!failed.isEmpty()) {
      throw new IOException(failed.get(0));
    }
  }

  @Override
  public void deleteFiles(Collection<String> paths) throws IOException {
    Map<String, Map<String, String>> byBucket = new LinkedHashMap<>();
    Map<String, S3Location> anyOfBucket = new LinkedHashMap<>();
    for (String path : paths) {
      S3Location l = S3Location.parseObject(path);
      byBucket.computeIfAbsent(l.bucket(), b -> new LinkedHashMap<>()).putIfAbsent(l.key(), path);
      anyOfBucket.putIfAbsent(l.bucket(), l);
    }
    List<String> failed = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> e : byBucket.entrySet()) {
      List<String> keys = new ArrayList<>(e.getValue().keySet());
      for (int i = 0; i < keys.size(); i += DELETE_BATCH) {
        failed.addAll(
            deleteBatch(
                anyOfBucket.get(e.getKey()),
                keys.subList(i, Math.min(keys.size(), i + DELETE_BATCH)),
                e.getValue()));
      }
    }
    if (!failed.isEmpty()) {
      throw new IOException(
          failed.get(0)
              + (failed.size() > 1 ? " (and " + (failed.size() - 1) + " more keys)" : ""));
    }
  }

  /**
   * Deletes up to a thousand keys of one bucket in one {@code DeleteObjects}.
   *
   * @return a message per key the store did not delete
   */
  private List<String> deleteBatch(S3Location any, List<String> keys, Map<String, String> uris)
      throws IOException {
    List<ObjectIdentifier> ids = new ArrayList<>(keys.size());
    for (String k : keys) {
      ids.add(ObjectIdentifier.builder().key(k).build());
    }
    DeleteObjectsResponse r;
    try {
      r =
          s3.deleteObjects(
              DeleteObjectsRequest.builder()
                  .bucket(any.bucket())
                  .delete(Delete.builder().objects(ids).quiet(true).build())
                  .build());
    } catch (SdkException e) {
      throw S3Errors.translate("DeleteObjects (" + keys.size() + " keys)", any, e);
    }
    List<String> failed = new ArrayList<>();
    for (S3Error err : r.errors()) {
      String uri = uris.getOrDefault(err.key(), "s3://" + any.bucket() + "/" + err.key());
      failed.add("cannot delete " + uri + ": " + err.code() + " " + err.message());
    }
    return failed;
  }

  /**
   * Writes the marker object {@code key/} unless something is under the prefix already: S3 has no
   * directories, but a marker makes an empty one visible to {@link #list} and {@link #exists}.
   */
  @Override
  public void mkdirs(String path) throws IOException {
    S3Location location = S3Location.parse(path);
    // A directory is a prefix: one listing of a key tells whether anything is under it (a HEAD of
    // the path itself, as exists() also tries, would look for an object of that name).
    if (location.key().isEmpty()) {
      return;
    }
    ListObjectsV2Response under = listPage(location, location.childPrefix(), null, 1, null);
    if (under.hasContents() && !under.contents().isEmpty()) {
      return;
    }
    put(
        new S3Location(location.uri(), location.bucket(), location.childPrefix()),
        new byte[0],
        "PUT (directory marker)");
  }

  @Override
  public List<String> list(String directory) throws IOException {
    S3Location location = S3Location.parse(directory);
    String prefix = location.childPrefix();
    TreeSet<String> names = new TreeSet<>();
    String token = null;
    do {
      ListObjectsV2Response r = listPage(location, prefix, "/", listPageSize, token);
      for (CommonPrefix p : r.commonPrefixes()) {
        String name = p.prefix().substring(Math.min(prefix.length(), p.prefix().length()));
        if (name.endsWith("/")) {
          name = name.substring(0, name.length() - 1);
        }
        if (!name.isEmpty()) {
          names.add(name);
        }
      }
      for (S3Object o : r.contents()) {
        // The prefix's own marker (key "dir/") is the directory, not an entry of it.
        String name = o.key().substring(Math.min(prefix.length(), o.key().length()));
        if (!name.isEmpty()) {
          names.add(name);
        }
      }
      token = Boolean.TRUE.equals(r.isTruncated()) ? r.nextContinuationToken() : null;
    } while (token != null);
    return List.copyOf(names);
  }

  private ListObjectsV2Response listPage(
      S3Location location, String prefix, String delimiter, int maxKeys, String token)
      throws IOException {
    ListObjectsV2Request.Builder req =
        ListObjectsV2Request.builder().bucket(location.bucket()).prefix(prefix).maxKeys(maxKeys);
    if (delimiter != null) {
      req.delimiter(delimiter);
    }
    if (token != null) {
      req.continuationToken(token);
    }
    try {
      return s3.listObjectsV2(req.build());
    } catch (SdkException e) {
      throw S3Errors.translate("LIST", location, e);
    }
  }

  @Override
  public long lastModifiedMillis(String path) throws IOException {
    HeadObjectResponse head = reads.head(S3Location.parseObject(path));
    if (head.lastModified() == null) {
      throw new IOException(path + ": HEAD gave no Last-Modified");
    }
    return head.lastModified().toEpochMilli();
  }

  /** {@link ReadHints#OBJECT_STORE}: every request pays a round trip. */
  @Override
  public ReadHints readHints() {
    return ReadHints.OBJECT_STORE;
  }

  /**
   * Cancels part uploads not yet started (their streams fail), waits briefly for those running, and
   * closes the SDK clients and the HTTP client. Idempotent.
   */
  @Override
  public void close() throws IOException {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    for (Runnable r : uploads.shutdownNow()) {
      if (r instanceof Future) {
        ((Future<?>) r).cancel(false);
      }
    }
    try {
      if (!uploads.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn("{}: part uploads still running after close", this);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    closeQuietly(once);
    closeQuietly(s3);
    closeQuietly(credentials);
    closeQuietly(http);
    LOG.debug("closed {}", this);
  }

  private static void closeQuietly(Object resource) {
    if (resource instanceof AutoCloseable) {
      try {
        ((AutoCloseable) resource).close();
      } catch (Exception e) {
        LOG.debug("closing {} failed", resource.getClass().getSimpleName(), e);
      }
    }
  }

  /** Endpoint, region and addressing style; never credentials. */
  @Override
  public String toString() {
    return "S3FileIO{endpoint="
        + options.endpoint().map(Object::toString).orElse("AWS")
        + ", region="
        + options.region().orElse("(default chain)")
        + ", pathStyleAccess="
        + options.pathStyleAccess()
        + "}";
  }
}
