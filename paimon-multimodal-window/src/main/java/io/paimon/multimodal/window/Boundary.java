package io.paimon.multimodal.window;

/**
 * What a contiguous-window dataset does with a scheduled anchor whose window reaches past either
 * end of its group.
 */
public enum Boundary {
  /** Keep only anchors whose every requested frame lies inside the group (the default). */
  DROP,
  /**
   * Keep every scheduled anchor; a missing frame repeats the nearest frame of the group, or takes
   * the column's padding value, and its {@code <column>_is_pad} entry is true.
   */
  PAD,
  /** Fail building the dataset if any scheduled anchor's window is incomplete. */
  ERROR
}
