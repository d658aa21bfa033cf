package io.paimon.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlobReadExampleTest {

  @TempDir Path dir;

  @Test
  void decodesEveryFilteredImage() throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      BlobReadExample.main(new String[] {dir.toString()});
    } finally {
      System.setOut(original);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    // 50 lake photos among ids 0..199 (every fourth), in 4 batches of at most 16 rows.
    assertThat(text).contains("... 50 images").contains("4 batches, 50 lake images decoded");
    assertThat(text).contains("id=0 ").contains("id=4 ");
  }
}
