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
package io.paimon.multimodal.internal;

import io.paimon.multimodal.fs.FileIOLoader;
import io.paimon.multimodal.internal.exec.ConnectionExecutors;
import io.paimon.multimodal.internal.meta.MetadataCache;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks connection options against the keys the connection and the registered storages ({@link
 * FileIOLoader#optionKeys}) read, so that a misspelled key fails loudly instead of being ignored.
 * Messages name keys, never values (a value may be a secret). Stateless.
 */
public final class ConnectionOptions {

  /** Keys the connection itself reads. */
  static final Set<String> CORE_KEYS =
      Set.of(
          MetadataCache.MAX_SIZE_OPTION,
          ConnectionExecutors.IO_THREADS,
          ConnectionExecutors.DECODE_THREADS);

  /**
   * Paimon's catalog prefix for options every table created through the connection gets, unless its
   * schema sets the key: {@code table-default.file.format = parquet}.
   */
  public static final String TABLE_DEFAULT_PREFIX = "table-default.";

  private ConnectionOptions() {}

  /** The {@link #TABLE_DEFAULT_PREFIX table defaults} of {@code options}, prefix removed. */
  public static Map<String, String> tableDefaults(Map<String, String> options) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    options.forEach(
        (k, v) -> {
          if (k.startsWith(TABLE_DEFAULT_PREFIX) && k.length() > TABLE_DEFAULT_PREFIX.length()) {
            out.put(k.substring(TABLE_DEFAULT_PREFIX.length()), v);
          }
        });
    return out;
  }

  /**
   * Checks every key.
   *
   * @throws IllegalArgumentException naming the first unknown key and the closest known one
   */
  public static void validate(Map<String, String> options) {
    if (options.isEmpty()) {
      return;
    }
    Set<String> known = new TreeSet<>(CORE_KEYS);
    for (FileIOLoader loader : ServiceLoader.load(FileIOLoader.class)) {
      known.addAll(loader.optionKeys());
    }
    for (String key : new TreeSet<>(options.keySet())) {
      if (key.startsWith(TABLE_DEFAULT_PREFIX) && key.length() > TABLE_DEFAULT_PREFIX.length()) {
        continue;
      }
      if (!known.contains(key)) {
        throw new IllegalArgumentException(unknownKeyMessage(key, known));
      }
    }
  }

  static String unknownKeyMessage(String key, Set<String> known) {
    StringBuilder m = new StringBuilder("unknown connection option '").append(key).append('\'');
    String lower = key.toLowerCase(Locale.ROOT);
    if ((lower.startsWith("s3.") || lower.startsWith("fs.s3"))
        && known.stream().noneMatch(k -> k.startsWith("s3."))) {
      return m.append(
              ": S3 options need the module io.paimon:paimon-multimodal-s3 on the class path")
          .toString();
    }
    String closest = closest(lower, known);
    if (closest != null) {
      m.append("; did you mean '").append(closest).append("'?");
    }
    return m.append(" Known options: ").append(String.join(", ", known)).toString();
  }

  /** The known key nearest to {@code key} by edit distance, if it is near enough to be a typo. */
  static String closest(String key, Set<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : known) {
      int d = editDistance(key, k.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return best != null && bestDistance <= Math.max(2, key.length() / 3) ? best : null;
  }

  /** Levenshtein distance with two rolling rows. */
  public static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(substitute, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
