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

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import org.junit.jupiter.api.Test;

class SchemaTextTest {

  @Test
  void parsesColumnsWithOrWithoutRow() {
    RowType type = SchemaText.parse("id BIGINT NOT NULL, name STRING, tags ARRAY<STRING>");
    assertThat(type.fields()).hasSize(3);
    assertThat(type.fields().get(0).name()).isEqualTo("id");
    assertThat(type.fields().get(0).type()).isEqualTo(DataTypes.BIGINT().notNull());
    assertThat(type.fields().get(2).type()).isEqualTo(DataTypes.ARRAY(DataTypes.STRING()));
    assertThat(SchemaText.parse("ROW<id BIGINT NOT NULL, name STRING, tags ARRAY<STRING>>"))
        .isEqualTo(type);
  }

  @Test
  void namesThePositionInTheTextAsGiven() {
    assertThatThrownBy(() -> SchemaText.parse("id BIGINT, name STRNG"))
        .isInstanceOf(CliException.class)
        .hasMessage(
            "bad --schema at position 16 of 'id BIGINT, name STRNG': expected a type name,"
                + " found 'STRNG'")
        .satisfies(e -> assertThat(((CliException) e).exitCode()).isEqualTo(ExitCodes.INVALID));
    assertThatThrownBy(() -> SchemaText.parse("ROW<id BIGNT>"))
        .hasMessageStartingWith("bad --schema at position 7 of 'ROW<id BIGNT>'");
  }

  @Test
  void rejectsAnEmptySchema() {
    assertThatThrownBy(() -> SchemaText.parse(" "))
        .isInstanceOf(CliException.class)
        .hasMessageContaining("bad --schema");
  }
}
