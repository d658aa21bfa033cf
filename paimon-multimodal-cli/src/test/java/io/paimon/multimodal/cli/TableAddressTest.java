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
package io.paimon.multimodal.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TableAddressTest {

  @Test
  void splitsOffTheLastTwoPathElementsAsDatabaseAndTable() {
    assertThat(TableAddress.parse("wh/default/docs"))
        .isEqualTo(new TableAddress("wh", "default", "docs"));
    assertThat(TableAddress.parse("/data/lake/wh/db1/t/"))
        .isEqualTo(new TableAddress("/data/lake/wh", "db1", "t"));
    assertThat(TableAddress.parse("s3://bucket/wh/default/docs"))
        .isEqualTo(new TableAddress("s3://bucket/wh", "default", "docs"));
    assertThat(TableAddress.parse("s3://bucket/default/docs"))
        .isEqualTo(new TableAddress("s3://bucket", "default", "docs"));
  }

  @Test
  void acceptsTheDatabaseDirectoryName() {
    assertThat(TableAddress.parse("wh/default.db/docs"))
        .isEqualTo(new TableAddress("wh", "default", "docs"));
    assertThat(TableAddress.parse("wh/default/docs").databaseDirectory())
        .isEqualTo("wh/default.db");
  }

  @Test
  void rejectsAddressesWithoutAWarehouse() {
    for (String bad : new String[] {"docs", "default/docs", "/default/docs", "s3://db/t", "a//"}) {
      assertThatThrownBy(() -> TableAddress.parse(bad))
          .as(bad)
          .isInstanceOf(CliException.class)
          .hasMessageContaining("must be WAREHOUSE/DATABASE/TABLE")
          .satisfies(e -> assertThat(((CliException) e).exitCode()).isEqualTo(ExitCodes.USAGE));
    }
  }
}
