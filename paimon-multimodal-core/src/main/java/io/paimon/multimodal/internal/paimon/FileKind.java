package io.paimon.multimodal.internal.paimon;

/**
 * What a manifest or index manifest entry does to the set of live files (Paimon's {@code _KIND}).
 */
public enum FileKind {
  ADD(0),
  DELETE(1);

  private final int code;

  FileKind(int code) {
    this.code = code;
  }

  /** The value stored in {@code _KIND}. */
  public int code() {
    return code;
  }

  /**
   * The kind stored as {@code code}.
   *
   * @throws IllegalArgumentException for any other value
   */
  public static FileKind of(int code) {
    switch (code) {
      case 0:
        return ADD;
      case 1:
        return DELETE;
      default:
        throw new IllegalArgumentException("unknown file kind " + code);
    }
  }
}
