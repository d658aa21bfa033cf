package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.Json;
import io.paimon.multimodal.internal.TablePaths;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Reads and writes manifests ({@code manifest-<uuid>}: ADD/DELETE entries of data files) and
 * manifest lists ({@code manifest-list-<uuid>}: the manifests of a snapshot). Both are immutable
 * JSON files created once. Thread-safe.
 */
public final class ManifestStore {

  private final FileIO io;
  private final TablePaths paths;
  private final MetadataCache cache;

  public ManifestStore(FileIO io, TablePaths paths) {
    this(io, paths, MetadataCache.DISABLED);
  }

  /** A store whose reads go through {@code cache} (manifests never change once written). */
  public ManifestStore(FileIO io, TablePaths paths, MetadataCache cache) {
    this.io = io;
    this.paths = paths;
    this.cache = cache;
  }

  /** Writes a manifest and returns its meta. */
  public ManifestMeta writeManifest(List<ManifestEntry> entries, RowType type) throws IOException {
    ObjectNode root = Json.object();
    root.put("version", 1);
    ArrayNode arr = root.putArray("entries");
    long rows = 0;
    for (ManifestEntry e : entries) {
      ObjectNode n = arr.addObject();
      n.put("kind", e.kind().name());
      n.set("file", e.file().toJson(type));
      rows += e.kind() == ManifestEntry.Kind.ADD ? e.file().rowCount() : -e.file().rowCount();
    }
    String name = "manifest-" + UUID.randomUUID();
    write(paths.manifestFile(name), Json.bytes(root));
    return new ManifestMeta(name, entries.size(), rows);
  }

  /**
   * The entries of a manifest, whose statistics are decoded as {@code type}'s columns. The entry
   * and row counts must match what the manifest list recorded for it: a manifest that lost or
   * gained entries would silently drop or duplicate rows.
   */
  public List<ManifestEntry> readManifest(ManifestMeta meta, RowType type) throws IOException {
    String file = paths.manifestFile(meta.name());
    List<ManifestEntry> entries = cache.get(file, type, () -> parseManifest(file, type));
    long rows = 0;
    for (ManifestEntry e : entries) {
      rows += e.kind() == ManifestEntry.Kind.ADD ? e.file().rowCount() : -e.file().rowCount();
    }
    if (entries.size() != meta.entries() || rows != meta.rows()) {
      throw new IOException(
          file
              + ": holds "
              + entries.size()
              + " entries of "
              + rows
              + " rows, its manifest list says "
              + meta.entries()
              + " entries of "
              + meta.rows()
              + " rows");
    }
    return entries;
  }

  private MetadataCache.Loaded<List<ManifestEntry>> parseManifest(String file, RowType type)
      throws IOException {
    byte[] bytes = io.readAllBytes(file);
    JsonNode root = Json.parse(bytes, file);
    List<ManifestEntry> out = new ArrayList<>();
    for (JsonNode n : Json.arrayField(root, "entries", file)) {
      Json.objectElement(n, "entries", file);
      ManifestEntry.Kind kind;
      String kindName = Json.textField(n, "kind", file);
      try {
        kind = ManifestEntry.Kind.valueOf(kindName);
      } catch (IllegalArgumentException e) {
        throw new IOException(file + ": unknown manifest entry kind '" + kindName + "'", e);
      }
      out.add(
          new ManifestEntry(
              kind, DataFileMeta.fromJson(Json.required(n, "file", file), type, file)));
    }
    return new MetadataCache.Loaded<>(List.copyOf(out), bytes.length);
  }

  /** Writes a manifest list and returns its name. */
  public String writeList(List<ManifestMeta> manifests) throws IOException {
    ObjectNode root = Json.object();
    root.put("version", 1);
    ArrayNode arr = root.putArray("manifests");
    for (ManifestMeta m : manifests) {
      ObjectNode n = arr.addObject();
      n.put("name", m.name());
      n.put("entries", m.entries());
      n.put("rows", m.rows());
    }
    String name = "manifest-list-" + UUID.randomUUID();
    write(paths.manifestFile(name), Json.bytes(root));
    return name;
  }

  /** The manifests named by a manifest list. */
  public List<ManifestMeta> readList(String name) throws IOException {
    String file = paths.manifestFile(name);
    return cache.get(file, "list", () -> parseList(file));
  }

  private MetadataCache.Loaded<List<ManifestMeta>> parseList(String file) throws IOException {
    byte[] bytes = io.readAllBytes(file);
    JsonNode root = Json.parse(bytes, file);
    List<ManifestMeta> out = new ArrayList<>();
    for (JsonNode n : Json.arrayField(root, "manifests", file)) {
      Json.objectElement(n, "manifests", file);
      out.add(
          new ManifestMeta(
              Json.fileName(n, "name", file),
              Json.longField(n, "entries", 0, Long.MAX_VALUE, file),
              Json.longField(n, "rows", Long.MIN_VALUE, Long.MAX_VALUE, file)));
    }
    return new MetadataCache.Loaded<>(List.copyOf(out), bytes.length);
  }

  private void write(String path, byte[] content) throws IOException {
    try (java.io.OutputStream out = io.newOutputStream(path)) {
      out.write(content);
    }
  }
}
