package io.paimon.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingWindowsExampleTest {

  @TempDir Path dir;

  @Test
  void cutsPaddedWindowsAndBatchesThem() throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      TrainingWindowsExample.main(new String[] {dir.toString()});
    } finally {
      System.setOut(original);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    // Episodes of 40, 25 and 33 train frames: one padded sample per frame.
    assertThat(text).contains("ContiguousWindows: 98 samples");
    assertThat(text).containsPattern("state +FLOAT32 \\[3, 6\\]");
    assertThat(text).containsPattern("image +FLOAT32 \\[1, 3, 24, 32\\]");
    assertThat(text).containsPattern("action_is_pad +BOOL \\[16\\]");
    assertThat(text).containsPattern("action +FLOAT32 \\[8, 16, 6\\]");
    assertThat(text).contains("WindowLoader: 13 batches");
    // Every episode pads 1 + 2 + ... + 15 = 120 action frames at its end.
    assertThat(text).contains("epoch 0: 13 batches, 360 padded action frames");
  }
}
