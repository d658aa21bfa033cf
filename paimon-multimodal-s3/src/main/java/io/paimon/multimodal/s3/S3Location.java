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

import java.util.Locale;

/**
 * A parsed {@code s3://bucket/key} (or {@code s3a://}) URI. The key is taken literally (spaces,
 * {@code ?} and {@code #} are legal in object keys, so this is no {@link java.net.URI}); trailing
 * slashes are dropped, so a "directory" and the same path with a slash are one location.
 *
 * @param uri the URI as given, for messages
 * @param bucket the bucket, never empty
 * @param key the key without leading or trailing slashes, empty for the bucket's root
 */
record S3Location(String uri, String bucket, String key) {

  /** The schemes served. */
  static final String[] SCHEMES = {"s3", "s3a"};

  /**
   * Parses {@code uri}.
   *
   * @throws IllegalArgumentException if it is no {@code s3://} or {@code s3a://} URI with a bucket
   */
  static S3Location parse(String uri) {
    int sep = uri.indexOf("://");
    String scheme = sep < 0 ? "" : uri.substring(0, sep).toLowerCase(Locale.ROOT);
    if (!scheme.equals("s3") && !scheme.equals("s3a")) {
      throw new IllegalArgumentException(
          "'" + uri + "' is not an S3 URI: expected s3://bucket/key or s3a://bucket/key");
    }
    String rest = uri.substring(sep + 3);
    int slash = rest.indexOf('/');
    String bucket = slash < 0 ? rest : rest.substring(0, slash);
    if (bucket.isEmpty()) {
      throw new IllegalArgumentException("'" + uri + "' names no bucket: expected s3://bucket/key");
    }
    String key = slash < 0 ? "" : rest.substring(slash + 1);
    int end = key.length();
    while (end > 0 && key.charAt(end - 1) == '/') {
      end--;
    }
    return new S3Location(uri, bucket, key.substring(0, end));
  }

  /**
   * Parses the URI of an object.
   *
   * @throws IllegalArgumentException if it is no S3 URI or names only a bucket
   */
  static S3Location parseObject(String uri) {
    S3Location l = parse(uri);
    if (l.key.isEmpty()) {
      throw new IllegalArgumentException(
          "'" + uri + "' names a bucket, not an object: expected s3://bucket/key");
    }
    return l;
  }

  /** The key prefix of this location's children: {@code key/}, or empty at the bucket root. */
  String childPrefix() {
    return key.isEmpty() ? "" : key + "/";
  }
}
