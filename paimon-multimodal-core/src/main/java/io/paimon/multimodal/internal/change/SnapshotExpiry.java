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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.ExpireOptions;
import io.paimon.multimodal.ProgressListener;
import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.internal.ReferencedFiles;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.paimon.TagFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Snapshot expiry as Paimon does it: tags past their retention time are deleted, the oldest
 * snapshots beyond the retention are expired, and the files only they reference (data, {@code
 * .blob} and extra files, index files, manifests, manifest lists, index manifests) are deleted,
 * never a file a remaining snapshot or a tag references. Files go first and snapshot files last,
 * oldest first, then the {@code EARLIEST} hint: a run killed midway leaves every remaining snapshot
 * and tag readable (the half-expired snapshots are still listed), and a later run computes the same
 * expiry again and deletes what is left. Files of commits in flight are never touched (only files
 * of expired snapshots are deleted). Stateless.
 */
public final class SnapshotExpiry {

  private static final Logger LOG = LoggerFactory.getLogger(SnapshotExpiry.class);

  static final String RETAIN_MIN = "snapshot.num-retained.min";
  static final String RETAIN_MAX = "snapshot.num-retained.max";
  static final String TIME_RETAINED = "snapshot.time-retained";

  private static final Pattern DURATION =
      Pattern.compile("\\s*(\\d+)\\s*([a-z]*)\\s*", Pattern.CASE_INSENSITIVE);

  /** Files deleted per {@code FileIO.deleteFiles} call (S3 takes 1000 keys a request). */
  private static final int DELETE_BATCH = 1000;

  private SnapshotExpiry() {}

  /** Expires snapshots of {@code table}; returns the expired ids, ascending. */
  public static List<Long> expire(TableState table, ExpireOptions options) {
    Map<String, String> o = table.schema().options();
    int retainMin = options.retainMin().orElseGet(() -> intOption(o, RETAIN_MIN, 10));
    int retainMax =
        options.retainMax().orElseGet(() -> intOption(o, RETAIN_MAX, Integer.MAX_VALUE));
    Duration olderThan =
        options.olderThan().orElseGet(() -> durationOption(o, TIME_RETAINED, Duration.ofHours(1)));
    if (retainMax < retainMin) {
      throw new IllegalArgumentException(
          "table '"
              + table.name()
              + "': retainMax ("
              + retainMax
              + ") is below retainMin ("
              + retainMin
              + ")");
    }
    try {
      return run(table, Math.max(1, retainMin), retainMax, olderThan, options.progress());
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  private static List<Long> run(
      TableState table, int retainMin, int retainMax, Duration olderThan, ProgressListener listener)
      throws IOException {
    expireTags(table);
    List<Long> ids = table.snapshots().ids();
    long cutoff = System.currentTimeMillis() - olderThan.toMillis();
    List<SnapshotFile> expired = new ArrayList<>();
    List<SnapshotFile> kept = new ArrayList<>();
    boolean expiring = true;
    for (int i = 0; i < ids.size(); i++) {
      SnapshotFile s = table.snapshots().read(ids.get(i));
      int fromHereOn = ids.size() - i;
      boolean expire =
          expiring && fromHereOn > retainMin && (fromHereOn > retainMax || s.timeMillis() < cutoff);
      if (expire) {
        expired.add(s);
      } else {
        expiring = false;
        kept.add(s);
      }
    }
    ProgressTracker progress =
        ProgressTracker.start(
            "expire snapshots of " + table.name(), "snapshots", expired.size(), listener);
    try {
      return expire(table, expired, kept, progress);
    } finally {
      progress.finish();
    }
  }

  private static List<Long> expire(
      TableState table,
      List<SnapshotFile> expired,
      List<SnapshotFile> kept,
      ProgressTracker progress)
      throws IOException {
    if (expired.isEmpty()) {
      return List.of();
    }
    ReferencedFiles refs = new ReferencedFiles(table);
    Map<String, String> keep = new HashMap<>();
    for (SnapshotFile s : kept) {
      refs.collect(s, keep);
    }
    for (String tag : table.tags().names()) {
      Optional<TagFile> t = table.tags().readFile(tag);
      if (t.isPresent()) {
        refs.collect(t.get().snapshot(), keep);
      }
    }
    Map<String, String> gone = new HashMap<>();
    for (SnapshotFile s : expired) {
      refs.collect(s, gone);
    }
    gone.keySet().removeAll(keep.keySet());
    // Data and index files first, the metadata naming them after: a rerun after a kill still
    // finds every file to delete through the snapshots that are still there.
    List<String> files = new ArrayList<>();
    List<String> metadata = new ArrayList<>();
    String manifestDir = table.paths().manifestDir() + "/";
    for (String path : gone.values()) {
      (path.startsWith(manifestDir) ? metadata : files).add(path);
    }
    deleteExisting(table, files, progress);
    deleteExisting(table, metadata, progress);
    List<Long> out = new ArrayList<>();
    for (SnapshotFile s : expired) {
      table.io().delete(table.paths().snapshotFile(s.id()));
      out.add(s.id());
      progress.add(1, 0, 1);
    }
    table
        .io()
        .overwrite(
            table.paths().earliestHint(),
            Long.toString(kept.get(0).id()).getBytes(StandardCharsets.UTF_8));
    LOG.debug(
        "{}: expired snapshots {} to {}, deleted {} files",
        table.paths().root(),
        out.get(0),
        out.get(out.size() - 1),
        files.size() + metadata.size());
    return out;
  }

  /** Deletes the tags whose retention time has passed (Paimon's tag expiry). */
  private static void expireTags(TableState table) throws IOException {
    java.time.LocalDateTime now = java.time.LocalDateTime.now();
    for (String tag : table.tags().names()) {
      Optional<TagFile> t = table.tags().readFile(tag);
      if (t.isPresent()
          && t.get().tagTimeRetained() != null
          && t.get().tagCreateTime() != null
          && t.get().tagCreateTime().plus(t.get().tagTimeRetained()).isBefore(now)) {
        table.tags().delete(tag);
        LOG.debug("{}: tag '{}' expired", table.paths().root(), tag);
      }
    }
  }

  /**
   * Deletes the files that are still there (a rerun after a kill finds some gone), in batches so
   * that progress is seen on a table with many files.
   */
  private static void deleteExisting(TableState table, List<String> paths, ProgressTracker progress)
      throws IOException {
    List<String> present = new ArrayList<>();
    for (String p : paths) {
      if (table.io().exists(p)) {
        present.add(p);
      }
    }
    for (int from = 0; from < present.size(); from += DELETE_BATCH) {
      List<String> batch = present.subList(from, Math.min(present.size(), from + DELETE_BATCH));
      table.io().deleteFiles(batch);
      progress.add(0, 0, batch.size());
    }
  }

  private static int intOption(Map<String, String> options, String key, int defaultValue) {
    String v = options.get(key);
    if (v == null) {
      return defaultValue;
    }
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new SchemaException("table option " + key + " is not a number: '" + v + "'");
    }
  }

  /** Paimon's durations: a number and a unit (ms, s, min, h, d and their long forms). */
  static Duration durationOption(Map<String, String> options, String key, Duration defaultValue) {
    String v = options.get(key);
    if (v == null) {
      return defaultValue;
    }
    Matcher m = DURATION.matcher(v);
    if (!m.matches()) {
      throw new SchemaException("table option " + key + " is not a duration: '" + v + "'");
    }
    long n = Long.parseLong(m.group(1));
    switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "ms":
      case "milli":
      case "millis":
      case "millisecond":
      case "milliseconds":
        return Duration.ofMillis(n);
      case "":
      case "s":
      case "sec":
      case "secs":
      case "second":
      case "seconds":
        return Duration.ofSeconds(n);
      case "m":
      case "min":
      case "mins":
      case "minute":
      case "minutes":
        return Duration.ofMinutes(n);
      case "h":
      case "hour":
      case "hours":
        return Duration.ofHours(n);
      case "d":
      case "day":
      case "days":
        return Duration.ofDays(n);
      default:
        throw new SchemaException(
            "table option " + key + " has an unknown time unit '" + m.group(2) + "': '" + v + "'");
    }
  }
}
