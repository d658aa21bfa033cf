package io.paimon.multimodal.window;

/** Which right row an as-of join matches for a left row at time {@code t}. */
public enum Direction {
  /** The last row at the latest right time {@code <= t}. */
  BACKWARD,
  /** The first row at the earliest right time {@code >= t}. */
  FORWARD,
  /**
   * The last row at {@code t} if there is one, otherwise the closer of the backward and forward
   * candidates; a tie goes to the earlier time.
   */
  NEAREST
}
