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
package io.paimon.multimodal.internal.schema;

import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.internal.ConnectionOptions;
import io.paimon.multimodal.internal.TableOptions;
import io.paimon.multimodal.internal.write.WriteOptions;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which table options an {@code alter} may set or remove. Options are stored as given, as at {@code
 * createTable} (Paimon acts on many this library does not), except that:
 *
 * <ul>
 *   <li>options that fix the table's layout cannot change once it exists: Paimon's {@code bucket},
 *       {@code primary-key} and {@code partition}, the row tracking, data evolution and {@code row}
 *       file format every table has, {@code blob-descriptor-field} (how existing BLOB cells are
 *       stored), and the options that place data files ({@code data-file.path-directory}, {@code
 *       partition.default-name}, {@code partition.legacy-name}: files already written would no
 *       longer be found);
 *   <li>a key that is not one the library acts on but is a near-miss of one ({@code
 *       targetfilesize}, {@code target-file-sise}) is refused naming the key meant, since it would
 *       be stored and silently ignored.
 * </ul>
 *
 * Values are checked when the new schema is (they must parse as at {@code createTable}); {@code
 * file.format} may change to another format this library writes: files already written keep their
 * format (a reader picks each file's by its extension), new ones are written in the new one.
 * Stateless.
 */
final class OptionRules {

  /** Keys whose value cannot change once the table exists. */
  static final Set<String> FIXED =
      Set.of(
          TableOptions.BUCKET,
          "primary-key",
          "partition",
          TableOptions.ROW_TRACKING,
          TableOptions.DATA_EVOLUTION,
          TableOptions.BLOB_DESCRIPTOR_FIELD,
          TableOptions.DATA_FILE_PATH_DIRECTORY,
          TableOptions.PARTITION_DEFAULT_NAME,
          TableOptions.PARTITION_LEGACY_NAME);

  /** The keys the library acts on, which a near-miss is compared with. */
  static final Set<String> ACTED_ON =
      Set.of(
          TableOptions.BUCKET,
          TableOptions.FILE_FORMAT,
          TableOptions.ROW_TRACKING,
          TableOptions.DATA_EVOLUTION,
          TableOptions.DELETION_VECTORS,
          TableOptions.PARTITION_DEFAULT_NAME,
          TableOptions.PARTITION_LEGACY_NAME,
          TableOptions.DATA_FILE_PATH_DIRECTORY,
          TableOptions.BLOB_DESCRIPTOR_FIELD,
          TableOptions.MANIFEST_MERGE_MIN_COUNT,
          TableOptions.MANIFEST_TARGET_FILE_SIZE,
          WriteOptions.TARGET_FILE_SIZE,
          WriteOptions.BLOB_TARGET_FILE_SIZE,
          WriteOptions.BLOCK_SIZE,
          WriteOptions.ZSTD_LEVEL,
          WriteOptions.ROW_GROUP_SIZE,
          WriteOptions.MAX_OPEN_PARTITION_WRITERS);

  private OptionRules() {}

  /**
   * Checks that {@code key} may be set from {@code oldValue} (null when unset) to {@code value}.
   *
   * @throws SchemaException naming the key and why not
   */
  static void checkSet(Map<String, String> options, String key, String value) {
    String oldValue = options.get(key);
    if (value.equals(oldValue)) {
      return;
    }
    checkKey(key);
    if (FIXED.contains(key)) {
      throw new SchemaException(
          "option "
              + key
              + " cannot be changed on an existing table (it is "
              + (oldValue == null ? "not set" : "'" + oldValue + "'")
              + "): "
              + why(key));
    }
  }

  /** Checks that {@code key} may be removed. @throws SchemaException naming it and why not */
  static void checkRemove(Map<String, String> options, String key) {
    if (!options.containsKey(key)) {
      return;
    }
    if (FIXED.contains(key)) {
      throw new SchemaException(
          "option " + key + " cannot be removed from an existing table: " + why(key));
    }
  }

  private static void checkKey(String key) {
    if (key.isBlank()) {
      throw new SchemaException("an option key must not be blank");
    }
    if (ACTED_ON.contains(key)) {
      return;
    }
    String near = nearMiss(key);
    if (near != null) {
      throw new SchemaException(
          "option '"
              + key
              + "' is not an option this library acts on, but is close to '"
              + near
              + "'; set '"
              + near
              + "' (an unknown key would be stored and ignored)");
    }
  }

  /** The acted-on key {@code key} is a typo of, or null. */
  static String nearMiss(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    String squeezed = squeeze(lower);
    for (String known : ACTED_ON) {
      if (squeeze(known).equals(squeezed)) {
        return known;
      }
    }
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String known : ACTED_ON) {
      int d = ConnectionOptions.editDistance(lower, known);
      if (d < bestDistance) {
        best = known;
        bestDistance = d;
      }
    }
    // Two edits on a key of some length are a typo; shorter keys could be another option.
    return bestDistance <= (lower.length() >= 8 ? 2 : 1) ? best : null;
  }

  /** Lower case without separators: {@code targetfilesize} and {@code target_file.size} agree. */
  private static String squeeze(String key) {
    return key.toLowerCase(Locale.ROOT).replaceAll("[-._\\s]", "");
  }

  private static String why(String key) {
    switch (key) {
      case TableOptions.BUCKET:
        return "tables are unaware-bucket (-1)";
      case "primary-key":
        return "tables are append tables without primary keys";
      case "partition":
        return "the partition keys are fixed when the table is created";
      case TableOptions.ROW_TRACKING:
      case TableOptions.DATA_EVOLUTION:
        return "every table has row tracking and data evolution";
      case TableOptions.BLOB_DESCRIPTOR_FIELD:
        return "it decides how the BLOB cells already written are stored";
      default:
        return "files already written are found by it";
    }
  }
}
