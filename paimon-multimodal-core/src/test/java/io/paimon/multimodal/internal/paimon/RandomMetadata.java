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
package io.paimon.multimodal.internal.paimon;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random manifest records for round-trip and fuzz tests. {@link Nulls} decides the nullable
 * components: all null, none null, or a coin flip each.
 */
final class RandomMetadata {

  enum Nulls {
    ALL,
    NONE,
    MIXED
  }

  private final Random rnd;
  private final Nulls nulls;

  RandomMetadata(Random rnd, Nulls nulls) {
    this.rnd = rnd;
    this.nulls = nulls;
  }

  List<ManifestMeta> manifestMetas(int n) {
    List<ManifestMeta> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(
          new ManifestMeta(
              string(),
              rnd.nextLong(),
              rnd.nextLong(),
              rnd.nextLong(),
              stats(),
              rnd.nextLong(),
              nullable(rnd.nextInt()),
              nullable(rnd.nextInt()),
              nullable(rnd.nextInt()),
              nullable(rnd.nextInt()),
              nullable(rnd.nextLong()),
              nullable(rnd.nextLong())));
    }
    return out;
  }

  List<ManifestEntry> manifestEntries(int n) {
    List<ManifestEntry> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new ManifestEntry(kind(), bytes(), rnd.nextInt(), rnd.nextInt(), dataFileMeta()));
    }
    return out;
  }

  List<IndexManifestEntry> indexEntries(int n) {
    List<IndexManifestEntry> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<DeletionVectorRange> ranges = null;
      if (present()) {
        ranges = new ArrayList<>();
        for (int r = rnd.nextInt(4); r > 0; r--) {
          ranges.add(
              new DeletionVectorRange(
                  string(), rnd.nextInt(), rnd.nextInt(), nullable(rnd.nextLong())));
        }
      }
      GlobalIndexMeta global = null;
      if (present()) {
        int[] extra = null;
        if (present()) {
          extra = rnd.ints(rnd.nextInt(4)).toArray();
        }
        global =
            new GlobalIndexMeta(
                rnd.nextLong(), rnd.nextLong(), rnd.nextInt(), extra, nullable(bytes()));
      }
      out.add(
          new IndexManifestEntry(
              kind(),
              bytes(),
              rnd.nextInt(),
              string(),
              string(),
              rnd.nextLong(),
              rnd.nextLong(),
              ranges,
              nullable(string()),
              global));
    }
    return out;
  }

  private DataFileMeta dataFileMeta() {
    return new DataFileMeta(
        string(),
        rnd.nextLong(),
        rnd.nextLong(),
        bytes(),
        bytes(),
        stats(),
        stats(),
        rnd.nextLong(),
        rnd.nextLong(),
        rnd.nextLong(),
        rnd.nextInt(),
        strings(),
        nullable(rnd.nextLong()),
        nullable(rnd.nextLong()),
        nullable(bytes()),
        nullable(rnd.nextInt(2)),
        nullable(strings()),
        nullable(string()),
        nullable(rnd.nextLong()),
        nullable(strings()));
  }

  private SimpleStats stats() {
    Long[] counts = null;
    if (present()) {
      counts = new Long[rnd.nextInt(5)];
      for (int i = 0; i < counts.length; i++) {
        counts[i] = nullable(rnd.nextLong());
      }
    }
    return new SimpleStats(bytes(), bytes(), counts);
  }

  private FileKind kind() {
    return rnd.nextBoolean() ? FileKind.ADD : FileKind.DELETE;
  }

  private boolean present() {
    switch (nulls) {
      case ALL:
        return false;
      case NONE:
        return true;
      default:
        return rnd.nextBoolean();
    }
  }

  private <T> T nullable(T value) {
    return present() ? value : null;
  }

  private byte[] bytes() {
    byte[] b = new byte[rnd.nextInt(40)];
    rnd.nextBytes(b);
    return b;
  }

  private List<String> strings() {
    List<String> out = new ArrayList<>();
    for (int i = rnd.nextInt(4); i > 0; i--) {
      out.add(string());
    }
    return List.copyOf(out);
  }

  private String string() {
    StringBuilder sb = new StringBuilder();
    for (int i = rnd.nextInt(20); i > 0; i--) {
      int kind = rnd.nextInt(10);
      if (kind == 0) {
        sb.appendCodePoint(0x1F600 + rnd.nextInt(50)); // outside the BMP: a surrogate pair
      } else if (kind == 1) {
        sb.append((char) (0xE0 + rnd.nextInt(30)));
      } else {
        sb.append((char) ('a' + rnd.nextInt(26)));
      }
    }
    return sb.toString();
  }
}
