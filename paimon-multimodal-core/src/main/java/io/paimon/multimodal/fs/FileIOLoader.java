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
package io.paimon.multimodal.fs;

import java.util.Map;
import java.util.Set;

/**
 * Provides the {@link FileIO} of one URI scheme ({@code s3}, or a scheme of a user's own, such as a
 * counting or fault-injecting wrapper), found through {@link java.util.ServiceLoader}: register an
 * implementation in {@code META-INF/services/io.paimon.multimodal.fs.FileIOLoader}. {@link
 * FileIO#forUri} picks the loader whose {@link #scheme()} matches. Implementations are stateless
 * and thread-safe.
 */
public interface FileIOLoader {

  /** The URI scheme served, lower-case, without the colon (e.g. {@code s3}). */
  String scheme();

  /**
   * The storage for {@code uri} (a warehouse or a file under it) with these connection options. The
   * returned {@code FileIO} is given full URIs of this scheme as paths.
   *
   * @throws IllegalArgumentException if the options do not fit (naming the option, never a secret)
   */
  FileIO load(String uri, Map<String, String> options);

  /**
   * The connection options this storage reads (such as {@code s3.endpoint}); a connection rejects
   * an option that neither it nor a registered storage knows, naming the closest known key.
   */
  default Set<String> optionKeys() {
    return Set.of();
  }
}
