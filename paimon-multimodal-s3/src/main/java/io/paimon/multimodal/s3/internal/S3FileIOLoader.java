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
package io.paimon.multimodal.s3.internal;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.FileIOLoader;
import io.paimon.multimodal.s3.S3FileIO;
import io.paimon.multimodal.s3.S3Options;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Serves the {@code s3} scheme with an {@link S3FileIO} (registered in {@code
 * META-INF/services/io.paimon.multimodal.fs.FileIOLoader}); public only because {@link
 * java.util.ServiceLoader} instantiates it. Stateless and thread-safe.
 */
public class S3FileIOLoader implements FileIOLoader {

  @Override
  public String scheme() {
    return "s3";
  }

  /**
   * A new storage for {@code uri}'s scheme, configured from the {@code s3.} options.
   *
   * @throws IllegalArgumentException if {@code uri} is not of this scheme or names no bucket, or an
   *     option is unknown or malformed (naming the key, never a secret)
   */
  @Override
  public FileIO load(String uri, Map<String, String> options) {
    String s = FileIO.scheme(uri);
    int sep = uri.indexOf("://");
    String bucket = sep < 0 ? "" : uri.substring(sep + 3).split("/", 2)[0];
    if (s == null || !s.equals(scheme()) || bucket.isEmpty()) {
      throw new IllegalArgumentException(
          "'"
              + uri
              + "' is not an "
              + scheme().toUpperCase(Locale.ROOT)
              + " URI with a bucket: expected "
              + scheme()
              + "://bucket/path");
    }
    return S3FileIO.create(options);
  }

  @Override
  public Set<String> optionKeys() {
    return S3Options.keys();
  }
}
