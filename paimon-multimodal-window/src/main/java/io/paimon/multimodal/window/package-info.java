/**
 * Time alignment of multimodal streams: as-of joins ({@link
 * io.paimon.multimodal.window.Alignment#joinAsof}), interpolation ({@link
 * io.paimon.multimodal.window.Alignment#interpolate}) and window joins ({@link
 * io.paimon.multimodal.window.Alignment#joinWindow}) of a left input with right table scans,
 * chained lazily into an {@link io.paimon.multimodal.window.Aligned}.
 *
 * <pre>{@code
 * Aligned aligned = Alignment.joinAsof(
 *         actions.scan().select("episode_id", "event_time", "action"),
 *         images.scan().where("camera = 'left'").select("image"),
 *         AsofJoin.on("event_time").by("episode_id").direction(Direction.NEAREST)
 *             .tolerance(Duration.ofMillis(20)))
 *     .interpolate(states.scan().select("joint_position"),
 *         Interpolation.spec().tolerance(Duration.ofMillis(50)))
 *     .joinWindow(imu.scan().select("acceleration"),
 *         WindowJoin.spec().preceding(Duration.ofMillis(50)).following(Duration.ofMillis(50))
 *             .aggregate("acceleration_mean", "acceleration", Aggregation.MEAN));
 * try (ArrowReader r = aligned.toArrowReader(128)) {
 *   while (r.loadNextBatch()) { train(r.getVectorSchemaRoot()); }
 * }
 * }</pre>
 *
 * <p>The exact semantics are in {@code docs/alignment.md}. Implementations live in {@code
 * io.paimon.multimodal.window.internal}.
 */
package io.paimon.multimodal.window;
