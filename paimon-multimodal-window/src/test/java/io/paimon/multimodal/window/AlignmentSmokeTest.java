package io.paimon.multimodal.window;

import static io.paimon.multimodal.window.AlignmentFixture.column;
import static io.paimon.multimodal.window.AlignmentFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlignmentSmokeTest {

  @TempDir Path dir;

  @Test
  void backwardJoinCarriesValues() {
    try (AlignmentFixture f = new AlignmentFixture(dir)) {
      Table l = f.table("t", DataTypes.BIGINT(), "a", DataTypes.STRING());
      Table r = f.table("t", DataTypes.BIGINT(), "v", DataTypes.DOUBLE());
      l.add(List.of(row("t", 1L, "a", "x"), row("t", 5L, "a", "y"), row("t", 10L, "a", "z")));
      r.add(List.of(row("t", 2L, "v", 0.5), row("t", 5L, "v", 1.5), row("t", 5L, "v", 2.5)));
      List<Map<String, Object>> out =
          Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t")).toList();
      assertThat(column(out, "v")).isEqualTo(Arrays.asList(null, 2.5, 2.5));
    }
  }
}
