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

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {

  private final DurationConverter converter = new DurationConverter();

  @Test
  void parsesShortFormsAndIso() {
    assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(converter.convert("90s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(converter.convert("15m")).isEqualTo(Duration.ofMinutes(15));
    assertThat(converter.convert("12h")).isEqualTo(Duration.ofHours(12));
    assertThat(converter.convert("7d")).isEqualTo(Duration.ofDays(7));
    assertThat(converter.convert("2W")).isEqualTo(Duration.ofDays(14));
    assertThat(converter.convert("PT36H")).isEqualTo(Duration.ofHours(36));
    assertThat(converter.convert("p7d")).isEqualTo(Duration.ofDays(7));
  }

  @Test
  void rejectsOtherText() {
    assertThatThrownBy(() -> converter.convert("7 days"))
        .isInstanceOf(TypeConversionException.class)
        .hasMessageContaining("'7 days' is not a duration");
    assertThatThrownBy(() -> converter.convert("-1d")).isInstanceOf(TypeConversionException.class);
  }
}
