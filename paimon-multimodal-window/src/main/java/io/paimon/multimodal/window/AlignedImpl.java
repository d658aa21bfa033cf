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
package io.paimon.multimodal.window;

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.window.internal.AlignmentPlan;
import io.paimon.multimodal.window.internal.StepSpec;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** The {@link Aligned} over an immutable {@link AlignmentPlan}. */
final class AlignedImpl implements Aligned {

  private final AlignmentPlan plan;

  private AlignedImpl(AlignmentPlan plan) {
    this.plan = plan;
  }

  static AlignedImpl start(Scan left) {
    return new AlignedImpl(AlignmentPlan.start(Objects.requireNonNull(left, "left")));
  }

  private Aligned then(Scan right, StepSpec step) {
    return new AlignedImpl(plan.then(Objects.requireNonNull(right, "right"), step));
  }

  @Override
  public Aligned joinAsof(Scan right, AsofJoin spec) {
    return then(right, Objects.requireNonNull(spec, "spec").toStep());
  }

  @Override
  public Aligned interpolate(Scan right, Interpolation spec) {
    return then(right, Objects.requireNonNull(spec, "spec").toStep());
  }

  @Override
  public Aligned joinWindow(Scan right, WindowJoin spec) {
    return then(right, Objects.requireNonNull(spec, "spec").toStep());
  }

  @Override
  public List<Long> resolvedSnapshots() {
    return plan.resolvedSnapshots();
  }

  @Override
  public Schema arrowSchema() {
    return plan.arrowSchema();
  }

  @Override
  public ArrowReader toArrowReader(int batchSize) {
    return plan.open(batchSize);
  }

  @Override
  public VectorSchemaRoot toArrow() {
    return plan.toArrow();
  }

  @Override
  public List<Map<String, Object>> toList() {
    return plan.toList();
  }

  @Override
  public String toString() {
    return plan.toString();
  }
}
