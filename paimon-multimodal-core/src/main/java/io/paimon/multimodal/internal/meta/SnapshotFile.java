package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.internal.Json;
import java.io.IOException;

/**
 * The content of a {@code snapshot-<id>} file: the public {@link Snapshot} plus its manifest list.
 */
public final class SnapshotFile {

  private final Snapshot snapshot;
  private final long parentId;
  private final String manifestList;

  public SnapshotFile(Snapshot snapshot, long parentId, String manifestList) {
    this.snapshot = snapshot;
    this.parentId = parentId;
    this.manifestList = manifestList;
  }

  public Snapshot snapshot() {
    return snapshot;
  }

  public long id() {
    return snapshot.id();
  }

  /** The parent snapshot id, or 0 for the first snapshot. */
  public long parentId() {
    return parentId;
  }

  public String manifestList() {
    return manifestList;
  }

  byte[] toJson() {
    ObjectNode n = Json.object();
    n.put("version", 1);
    n.put("id", snapshot.id());
    n.put("schemaId", snapshot.schemaId());
    if (parentId > 0) {
      n.put("parentId", parentId);
    } else {
      n.putNull("parentId");
    }
    n.put("manifestList", manifestList);
    n.put("commitKind", snapshot.commitKind());
    n.put("commitUser", snapshot.commitUser());
    n.put("timeMillis", snapshot.timeMillis());
    n.put("totalRecordCount", snapshot.totalRecordCount());
    n.put("deltaRecordCount", snapshot.deltaRecordCount());
    n.put("nextRowId", snapshot.nextRowId());
    return Json.bytes(n);
  }

  static SnapshotFile fromJson(byte[] content, String file) throws IOException {
    JsonNode n = Json.parse(content, file);
    Snapshot s =
        new Snapshot(
            Json.required(n, "id", file).asLong(),
            Json.required(n, "schemaId", file).asLong(),
            Json.required(n, "timeMillis", file).asLong(),
            Json.required(n, "totalRecordCount", file).asLong(),
            Json.required(n, "deltaRecordCount", file).asLong(),
            Json.required(n, "nextRowId", file).asLong(),
            Json.required(n, "commitUser", file).asText(),
            Json.required(n, "commitKind", file).asText());
    return new SnapshotFile(
        s, n.path("parentId").asLong(0), Json.required(n, "manifestList", file).asText());
  }
}
