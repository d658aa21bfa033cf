package io.paimon.multimodal.window;

/** Which endpoints of a window {@code [t - preceding, t + following]} belong to it. */
public enum Closed {
  /** Both endpoints: {@code [ ]}. */
  BOTH,
  /** Only the lower endpoint: {@code [ )}. */
  LEFT,
  /** Only the upper endpoint: {@code ( ]}. */
  RIGHT,
  /** Neither endpoint: {@code ( )}. */
  NEITHER;

  /** Whether the lower endpoint {@code t - preceding} is in the window. */
  public boolean lowerIncluded() {
    return this == BOTH || this == LEFT;
  }

  /** Whether the upper endpoint {@code t + following} is in the window. */
  public boolean upperIncluded() {
    return this == BOTH || this == RIGHT;
  }
}
