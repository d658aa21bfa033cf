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
package io.paimon.multimodal.window.internal;

import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * An image decoded by {@link ImageIO} into raw samples, upright: channels-first ({@code C x H x
 * W}), one int per sample, with the EXIF orientation of a JPEG applied.
 *
 * <p>Channels: 1 gray, 2 gray and alpha, 3 RGB, 4 RGBA. Gray and RGB images whose components all
 * have 8 or 16 bits keep their stored samples (no color management, so a 16-bit gray PNG keeps
 * 0..65535). Indexed images expand to RGB, or RGBA if the palette has transparency, except a 1-, 2-
 * or 4-bit image whose palette is the opaque gray ramp (how ImageIO hands over a low-bit gray PNG),
 * which stays one gray channel of 8-bit values. Anything else (premultiplied alpha, 5-6-5 pixels,
 * CMYK that a reader decodes) goes through {@link BufferedImage#getRGB}: 8-bit sRGB, with alpha if
 * the image has any.
 */
public final class DecodedImage {

  private final int channels;
  private final int height;
  private final int width;
  private final int bitDepth;
  private final int[] samples;

  private DecodedImage(int channels, int height, int width, int bitDepth, int[] samples) {
    this.channels = channels;
    this.height = height;
    this.width = width;
    this.bitDepth = bitDepth;
    this.samples = samples;
  }

  /**
   * Decodes {@code bytes} (anything an installed ImageIO reader reads: PNG, JPEG, BMP, GIF, ...).
   *
   * @throws IOException if no reader recognizes the bytes or the reader fails
   */
  public static DecodedImage decode(byte[] bytes) throws IOException {
    BufferedImage image;
    // A memory cache: ImageIO's default stream would cache in temporary files.
    try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
      Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
      if (!readers.hasNext()) {
        throw new IOException("no ImageIO reader recognizes the bytes");
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, true);
        image = reader.read(0);
      } finally {
        reader.dispose();
      }
    }
    DecodedImage stored = samplesOf(image);
    int orientation = ExifOrientation.read(bytes);
    if (orientation == ExifOrientation.NORMAL) {
      return stored;
    }
    boolean swap = orientation >= 5;
    return new DecodedImage(
        stored.channels,
        swap ? stored.width : stored.height,
        swap ? stored.height : stored.width,
        stored.bitDepth,
        ExifOrientation.apply(
            stored.samples, stored.channels, stored.height, stored.width, orientation));
  }

  /** 1 gray, 2 gray and alpha, 3 RGB, 4 RGBA. */
  public int channels() {
    return channels;
  }

  /** The upright height. */
  public int height() {
    return height;
  }

  /** The upright width. */
  public int width() {
    return width;
  }

  /** 8 or 16: the bits of every sample. */
  public int bitDepth() {
    return bitDepth;
  }

  /** The samples, channels first; this object's own array. */
  public int[] samples() {
    return samples;
  }

  private static DecodedImage samplesOf(BufferedImage image) {
    ColorModel model = image.getColorModel();
    Raster raster = image.getRaster();
    int w = image.getWidth();
    int h = image.getHeight();
    if (model instanceof IndexColorModel) {
      return indexed((IndexColorModel) model, raster, h, w);
    }
    int c = model.getNumComponents();
    int space = model.getColorSpace().getType();
    boolean layout =
        (space == ColorSpace.TYPE_GRAY && (c == 1 || c == 2))
            || (space == ColorSpace.TYPE_RGB && (c == 3 || c == 4));
    int bits = uniformComponentSize(model);
    if (layout
        && (bits == 8 || bits == 16)
        && !model.isAlphaPremultiplied()
        && raster.getNumBands() == c) {
      int plane = h * w;
      int[] samples = new int[c * plane];
      int[] band = new int[plane];
      // Raster bands follow the color model's components, alpha last.
      for (int b = 0; b < c; b++) {
        raster.getSamples(0, 0, w, h, b, band);
        System.arraycopy(band, 0, samples, b * plane, plane);
      }
      return new DecodedImage(c, h, w, bits, samples);
    }
    return viaRgb(image, model.hasAlpha(), h, w);
  }

  private static DecodedImage indexed(IndexColorModel model, Raster raster, int h, int w) {
    int size = model.getMapSize();
    // Indices past the palette (a corrupt file) read as entry 0 rather than failing.
    int entries = 1 << model.getPixelSize();
    int[] argb = new int[Math.max(entries, size)];
    model.getRGBs(argb);
    int plane = h * w;
    int[] index = new int[plane];
    raster.getSamples(0, 0, w, h, 0, index);
    if (isGrayRamp(model, argb, size)) {
      for (int i = 0; i < plane; i++) {
        index[i] = index[i] < size ? argb[index[i]] & 0xFF : 0;
      }
      return new DecodedImage(1, h, w, 8, index);
    }
    int c = model.hasAlpha() ? 4 : 3;
    int[] samples = new int[c * plane];
    for (int i = 0; i < plane; i++) {
      int p = index[i] < size ? argb[index[i]] : 0;
      samples[i] = (p >>> 16) & 0xFF;
      samples[plane + i] = (p >>> 8) & 0xFF;
      samples[2 * plane + i] = p & 0xFF;
      if (c == 4) {
        samples[3 * plane + i] = p >>> 24;
      }
    }
    return new DecodedImage(c, h, w, 8, samples);
  }

  private static boolean isGrayRamp(IndexColorModel model, int[] argb, int size) {
    int bits = model.getPixelSize();
    if ((bits != 1 && bits != 2 && bits != 4) || size != 1 << bits || model.hasAlpha()) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      int v = i * 255 / (size - 1);
      if ((argb[i] & 0xFFFFFF) != (v << 16 | v << 8 | v)) {
        return false;
      }
    }
    return true;
  }

  private static DecodedImage viaRgb(BufferedImage image, boolean alpha, int h, int w) {
    int c = alpha ? 4 : 3;
    int plane = h * w;
    int[] samples = new int[c * plane];
    int[] row = new int[w];
    for (int y = 0; y < h; y++) {
      image.getRGB(0, y, w, 1, row, 0, w);
      for (int x = 0; x < w; x++) {
        int p = row[x];
        int i = y * w + x;
        samples[i] = (p >>> 16) & 0xFF;
        samples[plane + i] = (p >>> 8) & 0xFF;
        samples[2 * plane + i] = p & 0xFF;
        if (alpha) {
          samples[3 * plane + i] = p >>> 24;
        }
      }
    }
    return new DecodedImage(c, h, w, 8, samples);
  }

  private static int uniformComponentSize(ColorModel model) {
    int bits = model.getComponentSize(0);
    for (int b = 1; b < model.getNumComponents(); b++) {
      if (model.getComponentSize(b) != bits) {
        return -1;
      }
    }
    return bits;
  }
}
