package io.paimon.multimodal.internal.paimon;

import java.time.Duration;
import java.time.LocalDateTime;

/**
 * A tag as Paimon stores it in {@code tag/tag-<name>}: the tagged snapshot's JSON, plus the
 * creation time and retention when the tag has a retention time. Immutable.
 *
 * @param snapshot the tagged snapshot
 * @param tagCreateTime nullable: local time of creation
 * @param tagTimeRetained nullable: how long the tag is kept
 */
public record TagFile(
    SnapshotFile snapshot, LocalDateTime tagCreateTime, Duration tagTimeRetained) {}
