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
package io.paimon.multimodal.window;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import javax.imageio.ImageIO;

/** Encoded test images and hand-made EXIF segments. */
final class TestImages {

  private TestImages() {}

  static byte[] encode(BufferedImage image, String format) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      if (!ImageIO.write(image, format, out)) {
        throw new IllegalStateException("no ImageIO writer for " + format + " and " + image);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An 8-bit gray image whose sample at (y, x) is {@code (base + 10 * y + x) & 0xFF}. */
  static BufferedImage gray(int height, int width, int base) {
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        image.getRaster().setSample(x, y, 0, (base + 10 * y + x) & 0xFF);
      }
    }
    return image;
  }

  /** A 16 x 8 (W x H) gray image, white in its top-left 8 x 4 quadrant and black elsewhere. */
  static BufferedImage brightTopLeft() {
    BufferedImage image = new BufferedImage(16, 8, BufferedImage.TYPE_BYTE_GRAY);
    for (int y = 0; y < 4; y++) {
      for (int x = 0; x < 8; x++) {
        image.getRaster().setSample(x, y, 0, 255);
      }
    }
    return image;
  }

  /** A palette of red, green, blue and white, optionally with entry 3 half transparent. */
  static IndexColorModel palette(boolean alpha) {
    byte[] r = {(byte) 255, 0, 0, (byte) 255};
    byte[] g = {0, (byte) 255, 0, (byte) 255};
    byte[] b = {0, 0, (byte) 255, (byte) 255};
    if (alpha) {
      byte[] a = {(byte) 255, (byte) 255, (byte) 255, (byte) 128};
      return new IndexColorModel(2, 4, r, g, b, a);
    }
    return new IndexColorModel(2, 4, r, g, b);
  }

  /** The TIFF bytes of an IFD0 holding one entry, with the given byte order. */
  static byte[] tiffWithOneEntry(ByteOrder order, int tag, int type, int count, int value) {
    ByteBuffer tiff = ByteBuffer.allocate(26).order(order);
    tiff.put(order == ByteOrder.LITTLE_ENDIAN ? (byte) 'I' : (byte) 'M');
    tiff.put(order == ByteOrder.LITTLE_ENDIAN ? (byte) 'I' : (byte) 'M');
    tiff.putShort((short) 42).putInt(8);
    tiff.putShort((short) 1);
    tiff.putShort((short) tag).putShort((short) type).putInt(count);
    // A SHORT value sits in the first two of the four value bytes, whatever the byte order.
    tiff.putShort((short) value).putShort((short) 0);
    tiff.putInt(0);
    return tiff.array();
  }

  static byte[] orientationTiff(ByteOrder order, int orientation) {
    return tiffWithOneEntry(order, 0x0112, 3, 1, orientation);
  }

  /** {@code jpeg} with an APP1 Exif segment holding {@code tiff} after its APP0 segment. */
  static byte[] withExif(byte[] jpeg, byte[] tiff) {
    byte[] payload = new byte[6 + tiff.length];
    System.arraycopy(new byte[] {'E', 'x', 'i', 'f', 0, 0}, 0, payload, 0, 6);
    System.arraycopy(tiff, 0, payload, 6, tiff.length);
    return withSegment(jpeg, 0xE1, payload);
  }

  static byte[] withSegment(byte[] jpeg, int marker, byte[] payload) {
    int at = 2;
    if ((jpeg[2] & 0xFF) == 0xFF && (jpeg[3] & 0xFF) == 0xE0) {
      at = 4 + ((jpeg[4] & 0xFF) << 8 | (jpeg[5] & 0xFF));
    }
    int length = payload.length + 2;
    ByteBuffer out = ByteBuffer.allocate(jpeg.length + 2 + length);
    out.put(jpeg, 0, at);
    out.put((byte) 0xFF).put((byte) marker).putShort((short) length).put(payload);
    out.put(jpeg, at, jpeg.length - at);
    return out.array();
  }
}
