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

import io.paimon.multimodal.window.internal.DecodedImage;
import io.paimon.multimodal.window.internal.TensorStack;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Column transforms for {@link ContiguousWindows}, the JVM counterparts of pypaimon's {@code
 * to_tensor} and {@code images_to_tensor}. A transform receives one column's window, a list of
 * {@code T >= 1} cell values in offset order (padding already applied), and returns a tensor whose
 * first dimension is {@code T}, so even a window of one keeps its time dimension.
 *
 * <pre>{@code
 * Function<List<?>, Tensor> state = WindowTransforms.toTensor(DType.FLOAT32);
 * state.apply(List.of(new float[] {1, 2, 3}, new float[] {4, 5, 6}));  // FLOAT32 (2, 3)
 * Function<List<?>, Tensor> image = WindowTransforms.imagesToTensor();
 * image.apply(List.of(pngBytes));                                      // FLOAT32 (1, C, H, W)
 * }</pre>
 *
 * <p>The transforms are stateless and thread-safe. Each call allocates its result; the window's
 * values are only read.
 */
public final class WindowTransforms {

  private WindowTransforms() {}

  /**
   * A transform stacking a window of numeric cells into one tensor of {@code dtype}.
   *
   * <p>Each entry may be a scalar ({@link Number} or {@link Boolean}), giving shape {@code (T)}; a
   * primitive array ({@code float[] double[] long[] int[] short[] byte[] boolean[]}, as VECTOR
   * cells come), giving {@code (T, n)}; or a {@link List} of scalars, primitive arrays or further
   * lists (as ARRAY cells come), giving {@code (T, n, ...)}. Elements convert as Java's primitive
   * conversions do: {@code (float) x}, narrowing {@code (int) x} (low bits of an integer,
   * saturation of a floating-point value), {@code x != 0} for {@link DType#BOOL}, 1 or 0 from a
   * boolean; {@link DType#UINT8} keeps the low eight bits, so 255 and -1 both read back as 255. A
   * {@code byte[]} is a vector of signed numbers, byte {@code -1} being {@code -1}. Integral boxes
   * convert from their long value, so a large {@code Long} rounds once to FLOAT32; other {@code
   * Number}s (BigDecimal, BigInteger) through their own {@code floatValue}, {@code doubleValue} or
   * {@code longValue}.
   *
   * <p>The function throws {@link IllegalArgumentException} if the window is empty; naming the
   * position if an entry or an element is null ("pad it or filter the rows") or of another class
   * (naming the class), or if a list is ragged; naming the first entry whose shape differs from
   * entry 0's and both shapes; or if the result would exceed {@code 2^31 - 1} elements.
   *
   * @throws NullPointerException if {@code dtype} is null
   */
  public static Function<List<?>, Tensor> toTensor(DType dtype) {
    Objects.requireNonNull(dtype, "dtype");
    return new TensorStack(dtype);
  }

  /**
   * A transform decoding a window of encoded images (each a {@code byte[]} that {@code
   * javax.imageio.ImageIO} reads: PNG, JPEG, BMP, GIF) into a {@link DType#FLOAT32} tensor of shape
   * {@code (T, C, H, W)}: C is 1 for gray, 2 gray and alpha, 3 RGB, 4 RGBA (alpha is kept; indexed
   * images expand to RGB or RGBA, except low-bit gray PNGs, which stay gray). The EXIF orientation
   * of a JPEG is applied first, so orientations 5 to 8 swap H and W; malformed EXIF is ignored.
   * 8-bit samples become {@code value / 255f} in {@code [0, 1]}; 16-bit samples (a 16-bit PNG) keep
   * their units, {@code 0..65535}.
   *
   * <p>The function throws {@link IllegalArgumentException} if the window is empty; naming the
   * position if an entry is null, not a {@code byte[]}, or not decodable (the decoder's exception
   * as the cause); and naming the first entry whose C, H, W or bit depth differs from entry 0's,
   * with both.
   */
  public static Function<List<?>, Tensor> imagesToTensor() {
    return window -> images(window, DType.FLOAT32);
  }

  /**
   * As {@link #imagesToTensor()}, but keeping 8-bit samples as {@link DType#UINT8}, unscaled.
   *
   * <p>The function also throws {@link IllegalArgumentException} naming the position and the bit
   * depth if an image has 16-bit samples.
   */
  public static Function<List<?>, Tensor> imagesToUint8Tensor() {
    return window -> images(window, DType.UINT8);
  }

  private static Tensor images(List<?> window, DType dtype) {
    TensorStack.checkNotEmpty(window);
    int count = window.size();
    DecodedImage first = null;
    float[] floats = null;
    byte[] bytes = null;
    int t = 0;
    for (Object entry : window) {
      DecodedImage image = decode(entry, t);
      if (first == null) {
        first = image;
        if (dtype == DType.UINT8) {
          checkEightBits(image, t);
        }
        int n = TensorStack.elementCount(count, image.channels(), image.height(), image.width());
        if (dtype == DType.UINT8) {
          bytes = new byte[n];
        } else {
          floats = new float[n];
        }
      } else {
        checkSameShape(first, image, t);
      }
      int[] samples = image.samples();
      int offset = t * samples.length;
      if (bytes != null) {
        for (int i = 0; i < samples.length; i++) {
          bytes[offset + i] = (byte) samples[i];
        }
      } else if (image.bitDepth() == 8) {
        for (int i = 0; i < samples.length; i++) {
          floats[offset + i] = samples[i] / 255f;
        }
      } else {
        for (int i = 0; i < samples.length; i++) {
          floats[offset + i] = samples[i];
        }
      }
      t++;
    }
    int[] shape = {count, first.channels(), first.height(), first.width()};
    return bytes != null ? Tensor.ofBytes(bytes, DType.UINT8, shape) : Tensor.of(floats, shape);
  }

  private static DecodedImage decode(Object entry, int t) {
    if (entry == null) {
      throw new IllegalArgumentException("entry " + t + " is null; pad it or filter the rows");
    }
    if (!(entry instanceof byte[])) {
      throw new IllegalArgumentException(
          "entry " + t + " is a " + entry.getClass().getName() + ", not a byte[] encoded image");
    }
    try {
      return DecodedImage.decode((byte[]) entry);
    } catch (IOException | RuntimeException e) {
      // Readers meeting corrupt data throw runtime exceptions of many kinds, not only IOException.
      throw new IllegalArgumentException(
          "entry " + t + " is not a decodable image (" + ((byte[]) entry).length + " bytes): " + e,
          e);
    }
  }

  private static void checkEightBits(DecodedImage image, int t) {
    if (image.bitDepth() != 8) {
      throw new IllegalArgumentException(
          "entry "
              + t
              + " has "
              + image.bitDepth()
              + "-bit samples, which UINT8 cannot hold; use imagesToTensor()");
    }
  }

  private static void checkSameShape(DecodedImage first, DecodedImage image, int t) {
    if (image.channels() != first.channels()
        || image.height() != first.height()
        || image.width() != first.width()
        || image.bitDepth() != first.bitDepth()) {
      throw new IllegalArgumentException(
          "entry " + t + " is " + describe(image) + " but entry 0 is " + describe(first));
    }
  }

  private static String describe(DecodedImage image) {
    return Arrays.toString(new int[] {image.channels(), image.height(), image.width()})
        + " (C, H, W) with "
        + image.bitDepth()
        + "-bit samples";
  }
}
