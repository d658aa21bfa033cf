package io.paimon.examples;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/** What the examples share: a fresh local warehouse to write to, and PNG encoding. */
final class Examples {

  private Examples() {}

  /**
   * The directory {@code warehouse} under the first argument (or {@code defaultDir}), deleted if an
   * earlier run left it; AWT is set headless, as the examples draw images with Java2D.
   */
  static Path freshWarehouse(String[] args, String defaultDir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Path warehouse = Path.of(args.length > 0 ? args[0] : defaultDir).resolve("warehouse");
    if (Files.exists(warehouse)) {
      try (Stream<Path> paths = Files.walk(warehouse)) {
        for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    return warehouse;
  }

  /** The image encoded as PNG. */
  static byte[] png(BufferedImage image) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
