package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.Tag;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.Json;
import io.paimon.multimodal.internal.TablePaths;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The {@code tag-<name>} files of a table. Thread-safe. */
public final class TagStore {

  private static final String PREFIX = "tag-";

  private final FileIO io;
  private final TablePaths paths;

  public TagStore(FileIO io, TablePaths paths) {
    this.io = io;
    this.paths = paths;
  }

  private static byte[] json(Tag tag) {
    ObjectNode n = Json.object();
    n.put("version", 1);
    n.put("name", tag.name());
    n.put("snapshotId", tag.snapshotId());
    n.put("createdMillis", tag.createdMillis());
    return Json.bytes(n);
  }

  /** Creates a tag; false if one of that name exists. */
  public boolean create(Tag tag) throws IOException {
    return io.createIfAbsent(paths.tagFile(tag.name()), json(tag));
  }

  /** Creates or replaces a tag atomically. */
  public void replace(Tag tag) throws IOException {
    io.overwrite(paths.tagFile(tag.name()), json(tag));
  }

  public boolean delete(String name) throws IOException {
    if (!io.exists(paths.tagFile(name))) {
      return false;
    }
    io.delete(paths.tagFile(name));
    return true;
  }

  public Optional<Tag> read(String name) throws IOException {
    String file = paths.tagFile(name);
    if (!io.exists(file)) {
      return Optional.empty();
    }
    byte[] content;
    try {
      content = io.readAllBytes(file);
    } catch (java.nio.file.NoSuchFileException e) {
      return Optional.empty();
    }
    JsonNode n = Json.parse(content, file);
    return Optional.of(
        new Tag(
            name,
            Json.longField(n, "snapshotId", 1, Long.MAX_VALUE, file),
            Json.longField(n, "createdMillis", 0L, file)));
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
}
