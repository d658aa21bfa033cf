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
package io.paimon.multimodal.internal.meta;

import io.paimon.multimodal.Tag;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.TablePaths;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.paimon.TagFile;
import io.paimon.multimodal.internal.paimon.TagJson;
import java.io.IOException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tags of a table, {@code tag/tag-<name>}: each holds a copy of the tagged snapshot's JSON, as
 * Paimon writes it, so a tag keeps its snapshot readable after the snapshot file itself is gone.
 * Thread-safe (all state is on disk).
 */
public final class TagStore {

  private static final String PREFIX = "tag-";

  private final FileIO io;
  private final TablePaths paths;

  public TagStore(FileIO io, TablePaths paths) {
    this.io = io;
    this.paths = paths;
  }

  /** Creates a tag of {@code snapshot}; false if one of that name exists. */
  public boolean create(String name, SnapshotFile snapshot) throws IOException {
    return io.createIfAbsent(paths.tagFile(name), TagJson.write(new TagFile(snapshot, null, null)));
  }

  /**
   * Creates a tag of {@code snapshot} created now and kept for {@code retained} (null: until
   * deleted); false if one of that name exists.
   */
  public boolean create(String name, SnapshotFile snapshot, java.time.Duration retained)
      throws IOException {
    return io.createIfAbsent(
        paths.tagFile(name),
        TagJson.write(new TagFile(snapshot, java.time.LocalDateTime.now(), retained)));
  }

  /** Creates or replaces a tag atomically. */
  public void replace(String name, SnapshotFile snapshot) throws IOException {
    io.overwrite(paths.tagFile(name), TagJson.write(new TagFile(snapshot, null, null)));
  }

  public boolean delete(String name) throws IOException {
    if (!io.isFile(paths.tagFile(name))) {
      return false;
    }
    io.delete(paths.tagFile(name));
    return true;
  }

  /** The tag file of {@code name}, or empty if there is no such tag. */
  public Optional<TagFile> readFile(String name) throws IOException {
    String file = paths.tagFile(name);
    byte[] content;
    try {
      content = io.readAllBytes(file);
    } catch (java.nio.file.NoSuchFileException e) {
      return Optional.empty();
    }
    return Optional.of(TagJson.read(content, file));
  }

  /** The tag {@code name}, or empty if there is no such tag. */
  public Optional<Tag> read(String name) throws IOException {
    Optional<TagFile> file = readFile(name);
    if (file.isEmpty()) {
      return Optional.empty();
    }
    TagFile t = file.get();
    long created;
    if (t.tagCreateTime() != null) {
      created = t.tagCreateTime().atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
    } else {
      try {
        created = io.lastModifiedMillis(paths.tagFile(name));
      } catch (IOException e) {
        created = t.snapshot().timeMillis();
      }
    }
    return Optional.of(new Tag(name, t.snapshot().id(), created, t.tagTimeRetained()));
  }

  public List<Tag> list() throws IOException {
    List<Tag> out = new ArrayList<>();
    for (String name : io.list(paths.tagDir())) {
      if (name.startsWith(PREFIX)) {
        read(name.substring(PREFIX.length())).ifPresent(out::add);
      }
    }
    return out;
  }

  /** The names of every tag. */
  public List<String> names() throws IOException {
    List<String> out = new ArrayList<>();
    for (String name : io.list(paths.tagDir())) {
      if (name.startsWith(PREFIX)) {
        out.add(name.substring(PREFIX.length()));
      }
    }
    return out;
  }
}
