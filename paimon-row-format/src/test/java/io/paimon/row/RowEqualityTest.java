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
package io.paimon.row;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RowEqualityTest {

  @Test
  void arraysNestedInListsMapsAndRowsCompareByContent() {
    Map<String, Object> m1 = new LinkedHashMap<>();
    m1.put("a", new float[] {1f, 2f});
    m1.put("b", List.of(new byte[] {3}));
    Map<String, Object> m2 = new LinkedHashMap<>();
    m2.put("b", List.of(new byte[] {3}));
    m2.put("a", new float[] {1f, 2f});
    Row a = Row.of(List.of(new byte[] {1, 2}), m1, Row.of(List.of(new int[] {4})), null);
    Row b = Row.of(List.of(new byte[] {1, 2}), m2, Row.of(List.of(new int[] {4})), null);

    assertThat(a).isEqualTo(b);
    assertThat(a.hashCode()).isEqualTo(b.hashCode());
  }

  @Test
  void differentNestedContentIsNotEqual() {
    Row a = Row.of(List.of(new byte[] {1, 2}), Map.of("k", new long[] {1}));

    assertThat(a).isNotEqualTo(Row.of(List.of(new byte[] {1, 3}), Map.of("k", new long[] {1})));
    assertThat(a).isNotEqualTo(Row.of(List.of(new byte[] {1, 2}), Map.of("k", new long[] {2})));
    assertThat(a).isNotEqualTo(Row.of(List.of(new byte[] {1, 2}), Map.of("j", new long[] {1})));
    assertThat(a).isNotEqualTo(Row.of(List.of(new byte[] {1, 2})));
    assertThat(Row.of(List.of())).isNotEqualTo(Row.of(Map.of()));
  }
}
