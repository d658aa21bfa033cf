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
