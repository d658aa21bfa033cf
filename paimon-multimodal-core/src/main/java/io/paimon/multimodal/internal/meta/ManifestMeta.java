package io.paimon.multimodal.internal.meta;

/** A manifest named by a manifest list, with its entry and row counts. Immutable. */
public final class ManifestMeta {

  private final String name;
  private final long entries;
  private final long rows;

  public ManifestMeta(String name, long entries, long rows) {
    this.name = name;
    this.entries = entries;
    this.rows = rows;
  }

  public String name() {
    return name;
  }

  public long entries() {
    return entries;
  }

  public long rows() {
    return rows;
  }
}
