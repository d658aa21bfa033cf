package io.paimon.multimodal.internal.meta;

/** An ADD or DELETE of a data file in a manifest. Immutable. */
public final class ManifestEntry {

  /** What an entry does to the set of live files. */
  public enum Kind {
    ADD,
    DELETE
  }

  private final Kind kind;
  private final DataFileMeta file;

  public ManifestEntry(Kind kind, DataFileMeta file) {
    this.kind = kind;
    this.file = file;
  }

  public Kind kind() {
    return kind;
  }

  public DataFileMeta file() {
    return file;
  }
}
