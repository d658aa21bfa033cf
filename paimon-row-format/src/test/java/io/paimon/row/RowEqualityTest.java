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
