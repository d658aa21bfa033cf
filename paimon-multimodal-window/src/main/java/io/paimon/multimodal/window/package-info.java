/*
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
 * <p>Training windows: {@link io.paimon.multimodal.window.ContiguousWindows} cuts per-column frame
 * windows (history and future, padded with masks at episode ends) out of a frame table into a
 * {@link io.paimon.multimodal.window.ContiguousWindowDataset}; {@link
 * io.paimon.multimodal.window.WindowTransforms} turns windows into {@link
 * io.paimon.multimodal.window.Tensor}s, and {@link io.paimon.multimodal.window.WindowLoader}
 * batches, shuffles and prefetches them.
 *
 * <pre>{@code
 * ContiguousWindowDataset ds = ContiguousWindows.builder(frames.scan().tag("train-v1"))
 *     .columns("state", "action").groupKey("episode_index").orderKey("frame_index")
 *     .frameOffsets("state", -2, -1, 0).frameOffsets("action", IntStream.range(0, 16).toArray())
 *     .boundary(Boundary.PAD)
 *     .transform("state", WindowTransforms.toTensor(DType.FLOAT32))
 *     .build();
 * try (WindowLoader.Batches epoch =
 *     WindowLoader.builder(ds).batchSize(32).shuffle().build().epoch(0)) {
 *   while (epoch.hasNext()) { train(epoch.next()); }
 * }
 * }</pre>
 *
 * <p>The exact semantics are in {@code docs/alignment.md} and {@code docs/windows.md}.
 * Implementations live in {@code io.paimon.multimodal.window.internal}.
 */
package io.paimon.multimodal.window;
