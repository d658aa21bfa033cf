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
package io.paimon.multimodal.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Sample test classes, which the tests of this module run through {@link EngineTestKit} and check
 * the outcome of: a class marked {@link Sample} runs only there, never in the build's own test run
 * (where its deliberate failures would fail the build).
 */
final class Samples {

  private static final String KEY = "io.paimon.multimodal.testing.samples";

  private Samples() {}

  /** Marks a sample test class. */
  @Target(ElementType.TYPE)
  @Retention(RetentionPolicy.RUNTIME)
  @ExtendWith(OnlyInTestKit.class)
  @interface Sample {}

  /** Runs a sample class on the Jupiter engine. */
  static EngineExecutionResults run(Class<?> sample) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter(KEY, "true")
        .selectors(org.junit.platform.engine.discovery.DiscoverySelectors.selectClass(sample))
        .execute();
  }

  /** Disables a {@link Sample} unless {@link #run} runs it. */
  static final class OnlyInTestKit implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      return context.getConfigurationParameter(KEY).isPresent()
          ? ConditionEvaluationResult.enabled("run by the test kit")
          : ConditionEvaluationResult.disabled("a sample: runs only through Samples.run");
    }
  }
}
