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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@link S3Warehouse} where its dependencies are missing: this module's tests run without
 * paimon-multimodal-s3 (which depends on this module for its own tests), so starting names it. The
 * S3 module's {@code S3WarehouseFixtureTest} runs the endpoint itself.
 */
class S3WarehouseTest {

  @Test
  void startingWithoutTheS3StorageNamesTheDependencyToAdd() throws Exception {
    try (S3Warehouse s3 = S3Warehouse.create()) {
      assertThatThrownBy(s3::start)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("add the dependency io.paimon:paimon-multimodal-s3 at test scope");
      assertThat(s3.isRunning()).isFalse();
      assertThat(s3.warehouse()).isEqualTo("s3://bucket/wh");
    }
  }

  @Test
  void aMissingS3ProxyIsNamedWithItsCoordinates() {
    assertThatThrownBy(
            () ->
                S3Warehouse.requireClass("org.gaul.s3proxy.Missing", "add " + S3Warehouse.S3PROXY))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("add org.gaul:s3proxy");
    S3Warehouse.requireClass("org.gaul.s3proxy.S3Proxy", "present");
  }
}
