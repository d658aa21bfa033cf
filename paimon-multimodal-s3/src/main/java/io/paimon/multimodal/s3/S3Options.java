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

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The settings of an {@link S3FileIO}, parsed strictly from connection options whose keys follow
 * Apache Paimon's ({@code s3.endpoint}, {@code s3.access-key}...). Keys not starting with {@code
 * s3.} are ignored (they belong to the connection); an unknown {@code s3.} key and every malformed
 * value are an {@link IllegalArgumentException} naming the key. Secret values never appear in
 * messages or in {@link #toString()}. Immutable and thread-safe.
 *
 * <p>Durations are a whole number with an optional unit ({@code 500 ms}, {@code 30 s}, {@code 2
 * min}, {@code 1 h}; a plain number is milliseconds); sizes are a whole number with an optional
 * binary unit ({@code 8 mb} = 8 MiB; {@code b}, {@code kb}, {@code mb}, {@code gb}, also written
 * {@code k}, {@code kib}...; a plain number is bytes).
 *
 * <p>Credentials: {@link #ACCESS_KEY} and {@link #SECRET_KEY} together (with an optional {@link
 * #SESSION_TOKEN}), else the AWS SDK's default chain (environment, system properties, profile,
 * container and instance roles). Region: {@link #REGION}, else {@code us-east-1} when an {@link
 * #ENDPOINT} is given (MinIO, s3proxy and most S3-compatible stores ignore it), else the SDK's
 * default region chain.
 */
public final class S3Options {

  /** The endpoint URL of an S3-compatible store ({@code http://127.0.0.1:9000}); AWS if unset. */
  public static final String ENDPOINT = "s3.endpoint";

  /** The signing region ({@code eu-west-1}). */
  public static final String REGION = "s3.region";

  /** The access key id of static credentials; needs {@link #SECRET_KEY}. */
  public static final String ACCESS_KEY = "s3.access-key";

  /** The secret access key of static credentials; needs {@link #ACCESS_KEY}. */
  public static final String SECRET_KEY = "s3.secret-key";

  /** The session token of temporary static credentials. */
  public static final String SESSION_TOKEN = "s3.session-token";

  /**
   * {@code true} for path-style requests ({@code http://host/bucket/key}), which MinIO and s3proxy
   * want; default {@code false} (virtual-hosted style, {@code http://bucket.host/key}).
   */
  public static final String PATH_STYLE_ACCESS = "s3.path-style-access";

  /** The most HTTP connections open at once (the pool every request shares); default 64. */
  public static final String MAX_CONNECTIONS = "s3.max-connections";

  /** How long to wait for a TCP connection to be established; default 10 s. */
  public static final String CONNECTION_TIMEOUT = "s3.connection-timeout";

  /** How long a read or write on an open connection may stall; default 60 s. */
  public static final String SOCKET_TIMEOUT = "s3.socket-timeout";

  /** How long a request waits for a free connection of the pool; default 60 s. */
  public static final String CONNECTION_ACQUISITION_TIMEOUT = "s3.connection-acquisition-timeout";

  /**
   * Attempts per request, the first included, for throttling (HTTP 429, 503 SlowDown), server
   * errors and connection failures, with exponential backoff; default 5; 1 disables retries.
   */
  public static final String MAX_ATTEMPTS = "s3.max-attempts";

  /** The size of each part of a multipart upload; default 8 MiB, at least 5 MiB, at most 1 GiB. */
  public static final String PART_SIZE = "s3.multipart.part-size";

  /**
   * Objects written through a stream up to this size are one {@code PutObject}; larger ones a
   * multipart upload; default: the part size. At most 5 GiB (S3's limit for one {@code PUT}).
   */
  public static final String MULTIPART_THRESHOLD = "s3.multipart.threshold";

  /** Threads uploading parts of multipart uploads, shared by every open stream; default 8. */
  public static final String UPLOAD_THREADS = "s3.multipart.upload-threads";

  private static final Set<String> KEYS =
      Set.of(
          ENDPOINT,
          REGION,
          ACCESS_KEY,
          SECRET_KEY,
          SESSION_TOKEN,
          PATH_STYLE_ACCESS,
          MAX_CONNECTIONS,
          CONNECTION_TIMEOUT,
          SOCKET_TIMEOUT,
          CONNECTION_ACQUISITION_TIMEOUT,
          MAX_ATTEMPTS,
          PART_SIZE,
          MULTIPART_THRESHOLD,
          UPLOAD_THREADS);

  /** S3's smallest part (every part but the last). */
  static final long MIN_PART_SIZE = 5L << 20;

  /** Parts are buffered in one array each. */
  static final long MAX_PART_SIZE = 1L << 30;

  /** S3's largest single {@code PutObject}. */
  static final long MAX_SINGLE_PUT = 5L << 30;

  private static final Duration MAX_TIMEOUT = Duration.ofDays(1);
  private static final Pattern DURATION = Pattern.compile("(\\d{1,12})\\s*([a-z]*)");
  private static final Pattern SIZE = Pattern.compile("(\\d{1,15})\\s*([a-z]*)");
  private static final Pattern INTEGER = Pattern.compile("\\d{1,9}");
  private static final Pattern REGION_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

  private final URI endpoint;
  private final String region;
  private final String accessKey;
  private final String secretKey;
  private final String sessionToken;
  private final boolean pathStyleAccess;
  private final int maxConnections;
  private final Duration connectionTimeout;
  private final Duration socketTimeout;
  private final Duration connectionAcquisitionTimeout;
  private final int maxAttempts;
  private final long partSize;
  private final long multipartThreshold;
  private final int uploadThreads;

  private S3Options(Map<String, String> options) {
    for (String key : new TreeSet<>(options.keySet())) {
      if (key.startsWith("s3.") && !KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "unknown S3 option '" + key + "'; known: " + String.join(", ", new TreeSet<>(KEYS)));
      }
    }
    endpoint = endpoint(options.get(ENDPOINT));
    region = region(options.get(REGION));
    accessKey = secret(options, ACCESS_KEY);
    secretKey = secret(options, SECRET_KEY);
    sessionToken = secret(options, SESSION_TOKEN);
    if ((accessKey == null) != (secretKey == null)) {
      throw new IllegalArgumentException(
          ACCESS_KEY
              + " and "
              + SECRET_KEY
              + " must be given together (only "
              + (accessKey == null ? SECRET_KEY : ACCESS_KEY)
              + " is set)");
    }
    if (sessionToken != null && accessKey == null) {
      throw new IllegalArgumentException(
          SESSION_TOKEN + " needs " + ACCESS_KEY + " and " + SECRET_KEY);
    }
    pathStyleAccess = bool(options, PATH_STYLE_ACCESS, false);
    maxConnections = integer(options, MAX_CONNECTIONS, 64, 1, 10_000);
    connectionTimeout = duration(options, CONNECTION_TIMEOUT, Duration.ofSeconds(10));
    socketTimeout = duration(options, SOCKET_TIMEOUT, Duration.ofSeconds(60));
    connectionAcquisitionTimeout =
        duration(options, CONNECTION_ACQUISITION_TIMEOUT, Duration.ofSeconds(60));
    maxAttempts = integer(options, MAX_ATTEMPTS, 5, 1, 100);
    partSize = size(options, PART_SIZE, 8L << 20, MIN_PART_SIZE, MAX_PART_SIZE);
    multipartThreshold = size(options, MULTIPART_THRESHOLD, partSize, 1, MAX_SINGLE_PUT);
    uploadThreads = integer(options, UPLOAD_THREADS, 8, 1, 1024);
  }

  /**
   * Parses the {@code s3.} options of {@code options}.
   *
   * @throws IllegalArgumentException naming the key of an unknown option or a malformed value
   */
  public static S3Options parse(Map<String, String> options) {
    return new S3Options(Map.copyOf(options));
  }

  /** The keys this class reads, for {@link io.paimon.multimodal.fs.FileIOLoader#optionKeys}. */
  public static Set<String> keys() {
    return KEYS;
  }

  /** The endpoint URL of an S3-compatible store, empty for AWS. */
  public Optional<URI> endpoint() {
    return Optional.ofNullable(endpoint);
  }

  /** The region: the option, else {@code us-east-1} with an endpoint, else empty (SDK chain). */
  public Optional<String> region() {
    if (region != null) {
      return Optional.of(region);
    }
    return endpoint != null ? Optional.of("us-east-1") : Optional.empty();
  }

  /** Whether static credentials were given ({@link #ACCESS_KEY} and {@link #SECRET_KEY}). */
  public boolean hasStaticCredentials() {
    return accessKey != null;
  }

  String accessKey() {
    return accessKey;
  }

  String secretKey() {
    return secretKey;
  }

  /** The session token, or null. */
  String sessionToken() {
    return sessionToken;
  }

  /** Whether requests are path-style. */
  public boolean pathStyleAccess() {
    return pathStyleAccess;
  }

  /** The size of the HTTP connection pool. */
  public int maxConnections() {
    return maxConnections;
  }

  /** The TCP connect timeout. */
  public Duration connectionTimeout() {
    return connectionTimeout;
  }

  /** The socket read and write timeout. */
  public Duration socketTimeout() {
    return socketTimeout;
  }

  /** How long a request waits for a pooled connection. */
  public Duration connectionAcquisitionTimeout() {
    return connectionAcquisitionTimeout;
  }

  /** Attempts per request, the first included. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The part size of multipart uploads in bytes. */
  public long partSize() {
    return partSize;
  }

  /** The largest stream written as a single {@code PutObject}, in bytes. */
  public long multipartThreshold() {
    return multipartThreshold;
  }

  /** Threads uploading parts. */
  public int uploadThreads() {
    return uploadThreads;
  }

  /** The settings without any secret: credentials show only whether they are static. */
  @Override
  public String toString() {
    return "S3Options{endpoint="
        + (endpoint == null ? "AWS" : endpoint)
        + ", region="
        + region().orElse("(default chain)")
        + ", pathStyleAccess="
        + pathStyleAccess
        + ", credentials="
        + (accessKey == null ? "default chain" : sessionToken == null ? "static" : "session")
        + ", maxConnections="
        + maxConnections
        + ", connectionTimeout="
        + connectionTimeout.toMillis()
        + " ms, socketTimeout="
        + socketTimeout.toMillis()
        + " ms, maxAttempts="
        + maxAttempts
        + ", partSize="
        + partSize
        + ", multipartThreshold="
        + multipartThreshold
        + ", uploadThreads="
        + uploadThreads
        + "}";
  }

  private static URI endpoint(String value) {
    if (value == null) {
      return null;
    }
    String v = value.trim();
    URI uri;
    try {
      uri = new URI(v);
    } catch (URISyntaxException e) {
      uri = null;
    }
    if (v.contains("@") || (uri != null && uri.getRawUserInfo() != null)) {
      // The value may carry a password: never echo it.
      throw new IllegalArgumentException(
          "option "
              + ENDPOINT
              + " must not hold credentials (user info); use "
              + ACCESS_KEY
              + " and "
              + SECRET_KEY);
    }
    String scheme =
        uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
      throw new IllegalArgumentException(
          "option "
              + ENDPOINT
              + " = '"
              + v
              + "' is not an http:// or https:// URL with a host, such as http://127.0.0.1:9000");
    }
    if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw new IllegalArgumentException(
          "option " + ENDPOINT + " = '" + v + "' must not have a query or fragment");
    }
    return uri;
  }

  private static String region(String value) {
    if (value == null) {
      return null;
    }
    String v = value.trim();
    if (!REGION_NAME.matcher(v).matches()) {
      throw new IllegalArgumentException(
          "option " + REGION + " = '" + v + "' is not a region name such as us-east-1");
    }
    return v;
  }

  private static String secret(Map<String, String> options, String key) {
    String v = options.get(key);
    if (v == null) {
      return null;
    }
    if (v.isBlank()) {
      throw new IllegalArgumentException("option " + key + " is empty");
    }
    return v;
  }

  private static String value(Map<String, String> options, String key) {
    String v = options.get(key);
    return v == null ? null : v.trim();
  }

  private static boolean bool(Map<String, String> options, String key, boolean defaultValue) {
    String v = value(options, key);
    if (v == null) {
      return defaultValue;
    }
    if (v.equalsIgnoreCase("true")) {
      return true;
    }
    if (v.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException(
        "option " + key + " = '" + v + "' is not a boolean (true or false)");
  }

  private static int integer(
      Map<String, String> options, String key, int defaultValue, int min, int max) {
    String v = value(options, key);
    if (v == null) {
      return defaultValue;
    }
    int n = INTEGER.matcher(v).matches() ? Integer.parseInt(v) : -1;
    if (n < min || n > max) {
      throw new IllegalArgumentException(
          "option " + key + " = '" + v + "' is not a whole number from " + min + " to " + max);
    }
    return n;
  }

  private static Duration duration(Map<String, String> options, String key, Duration dflt) {
    String v = value(options, key);
    if (v == null) {
      return dflt;
    }
    Matcher m = DURATION.matcher(v.toLowerCase(Locale.ROOT));
    Duration d = null;
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      switch (m.group(2)) {
        case "":
        case "ms":
          d = Duration.ofMillis(n);
          break;
        case "s":
        case "sec":
          d = Duration.ofSeconds(n);
          break;
        case "min":
          d = Duration.ofMinutes(n);
          break;
        case "h":
          d = Duration.ofHours(n);
          break;
        default:
          break;
      }
    }
    if (d == null || d.isZero() || d.compareTo(MAX_TIMEOUT) > 0) {
      throw new IllegalArgumentException(
          "option "
              + key
              + " = '"
              + v
              + "' is not a positive duration of at most a day, such as 30 s, 500 ms or 2 min"
              + " (a plain number is milliseconds)");
    }
    return d;
  }

  private static long size(
      Map<String, String> options, String key, long defaultValue, long min, long max) {
    String v = value(options, key);
    if (v == null) {
      return defaultValue;
    }
    Matcher m = SIZE.matcher(v.toLowerCase(Locale.ROOT));
    long bytes = -1;
    if (m.matches()) {
      long unit;
      switch (m.group(2)) {
        case "":
        case "b":
          unit = 1;
          break;
        case "k":
        case "kb":
        case "kib":
          unit = 1L << 10;
          break;
        case "m":
        case "mb":
        case "mib":
          unit = 1L << 20;
          break;
        case "g":
        case "gb":
        case "gib":
          unit = 1L << 30;
          break;
        default:
          unit = -1;
          break;
      }
      long n = Long.parseLong(m.group(1));
      if (unit > 0 && n <= Long.MAX_VALUE / unit) {
        bytes = n * unit;
      }
    }
    if (bytes < min || bytes > max) {
      throw new IllegalArgumentException(
          "option "
              + key
              + " = '"
              + v
              + "' is not a size from "
              + human(min)
              + " to "
              + human(max)
              + ", such as 8 mb (a plain number is bytes)");
    }
    return bytes;
  }

  private static String human(long bytes) {
    if (bytes >= (1L << 30) && bytes % (1L << 30) == 0) {
      return (bytes >> 30) + " gb";
    }
    if (bytes >= (1L << 20) && bytes % (1L << 20) == 0) {
      return (bytes >> 20) + " mb";
    }
    return bytes + " bytes";
  }
}
