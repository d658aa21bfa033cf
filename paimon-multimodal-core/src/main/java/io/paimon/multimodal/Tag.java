package io.paimon.multimodal;

import java.util.Objects;

/** A named pin of a snapshot. Immutable and thread-safe. */
public final class Tag {

  private final String name;
  private final long snapshotId;
  private final long createdMillis;

  /** Creates a tag value. */
  public Tag(String name, long snapshotId, long createdMillis) {
    this.name = Objects.requireNonNull(name, "name");
    this.snapshotId = snapshotId;
    this.createdMillis = createdMillis;
  }

  /** The tag name. */
  public String name() {
    return name;
  }

  /** The pinned snapshot. */
  public long snapshotId() {
    return snapshotId;
  }

  /** When the tag was created or last replaced, in epoch milliseconds. */
  public long createdMillis() {
    return createdMillis;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Tag && ((Tag) o).name.equals(name) && ((Tag) o).snapshotId == snapshotId;
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + Long.hashCode(snapshotId);
  }

  @Override
  public String toString() {
    return "Tag{" + name + " -> snapshot " + snapshotId + "}";
  }
}
