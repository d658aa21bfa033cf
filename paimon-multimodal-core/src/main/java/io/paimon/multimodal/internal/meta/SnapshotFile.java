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
            Json.longField(n, "id", 1, Long.MAX_VALUE, file),
            Json.longField(n, "schemaId", 0, Long.MAX_VALUE, file),
            Json.longField(n, "timeMillis", file),
            Json.longField(n, "totalRecordCount", 0, Long.MAX_VALUE, file),
            Json.longField(n, "deltaRecordCount", Long.MIN_VALUE, Long.MAX_VALUE, file),
            Json.longField(n, "nextRowId", 0, Long.MAX_VALUE, file),
            Json.textField(n, "commitUser", file),
            Json.textField(n, "commitKind", file));
    return new SnapshotFile(
        s, Json.longField(n, "parentId", 0L, file), Json.fileName(n, "manifestList", file));
  }
}
