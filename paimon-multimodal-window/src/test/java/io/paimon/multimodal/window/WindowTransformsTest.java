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

import static io.paimon.multimodal.window.TestImages.encode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.WritableRaster;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class WindowTransformsTest {

  private static final long SEED = Long.getLong("transforms.seed", 20260311L);
  private static final int CASES = Integer.getInteger("transforms.cases", 2000);

  private static Tensor toTensor(DType dtype, Object... window) {
    return WindowTransforms.toTensor(dtype).apply(Arrays.asList(window));
  }

  @Test
  void scalarsGiveShapeT() {
    Tensor t = toTensor(DType.FLOAT32, 1, 2L, 2.5, (short) 3, (byte) 4, 5.5f, true);
    assertThat(t.shape()).containsExactly(7);
    assertThat(t.floats()).containsExactly(1, 2, 2.5f, 3, 4, 5.5f, 1);
  }

  @Test
  void singletonWindowKeepsTheTimeDimension() {
    assertThat(toTensor(DType.INT64, 7).shape()).containsExactly(1);
    assertThat(toTensor(DType.INT64, new float[] {1, 2}).shape()).containsExactly(1, 2);
    assertThat(toTensor(DType.INT64, List.of(List.of(1), List.of(2))).shape())
        .containsExactly(1, 2, 1);
  }

  @Test
  void primitiveArraysGiveShapeTn() {
    Tensor t = toTensor(DType.FLOAT64, new float[] {1, 2}, new double[] {3, 4}, new long[] {5, 6});
    assertThat(t.shape()).containsExactly(3, 2);
    assertThat(t.doubles()).containsExactly(1, 2, 3, 4, 5, 6);
    Tensor all =
        toTensor(
            DType.INT32,
            new int[] {1},
            new short[] {2},
            new byte[] {-1},
            new boolean[] {true},
            new long[] {4});
    assertThat(all.shape()).containsExactly(5, 1);
    assertThat(all.ints()).containsExactly(1, 2, -1, 1, 4);
  }

  @Test
  void matchingPrimitiveArraysAreCopiedNotShared() {
    float[] a = {1, 2};
    float[] b = {3, 4};
    Tensor t = toTensor(DType.FLOAT32, a, b);
    assertThat(t.floats()).containsExactly(1, 2, 3, 4);
    a[0] = 9;
    assertThat(t.floats()[0]).isEqualTo(1);
  }

  @Test
  void nestedListsGiveShapeTnm() {
    Tensor t =
        toTensor(
            DType.INT16,
            List.of(List.of(1, 2, 3), List.of(4, 5, 6)),
            List.of(new int[] {7, 8, 9}, new long[] {10, 11, 12}));
    assertThat(t.shape()).containsExactly(2, 2, 3);
    assertThat(t.shorts()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    assertThat(toTensor(DType.INT32, List.of(), List.of()).shape()).containsExactly(2, 0);
    assertThat(toTensor(DType.INT32, new int[0]).shape()).containsExactly(1, 0);
  }

  @Test
  void convertsAsJavaPrimitiveConversions() {
    // Narrowing keeps the low bits of integers and saturates floating point.
    assertThat(toTensor(DType.INT32, (1L << 32) + 5, 3.9, -3.9, 1e20, Double.NaN).ints())
        .containsExactly(5, 3, -3, Integer.MAX_VALUE, 0);
    assertThat(toTensor(DType.INT16, 65537, 40000.7f).shorts())
        .containsExactly((short) 1, (short) (int) 40000.7f);
    assertThat(toTensor(DType.INT8, 200, -129).bytes()).containsExactly((byte) -56, (byte) 127);
    // UINT8 keeps the low eight bits: 255 and -1 are the same element.
    Tensor u = toTensor(DType.UINT8, 255, -1, 256, 3.7);
    assertThat(u.getDouble(0)).isEqualTo(255);
    assertThat(u.getDouble(1)).isEqualTo(255);
    assertThat(u.getDouble(2)).isEqualTo(0);
    assertThat(u.getDouble(3)).isEqualTo(3);
    // A large long rounds once to float, not through double.
    long big = (1L << 60) + (1L << 36) + 1;
    assertThat(toTensor(DType.FLOAT32, big).floats()).containsExactly((float) big);
    assertThat(toTensor(DType.INT64, Long.MIN_VALUE, 1e30).longs())
        .containsExactly(Long.MIN_VALUE, Long.MAX_VALUE);
    assertThat(toTensor(DType.BOOL, 0, 2, 0.0, -0.0, Double.NaN, 0.1f).booleans())
        .containsExactly(false, true, false, false, true, true);
    assertThat(toTensor(DType.FLOAT64, true, false).doubles()).containsExactly(1, 0);
    assertThat(toTensor(DType.BOOL, new byte[] {0, -1}).booleans()).containsExactly(false, true);
    assertThat(toTensor(DType.FLOAT32, new byte[] {-1, 127}).floats()).containsExactly(-1, 127);
    assertThat(toTensor(DType.UINT8, new byte[] {-1}).bytes()).containsExactly((byte) -1);
  }

  @Test
  void otherNumbersUseTheirOwnConversions() {
    BigInteger huge = BigInteger.ONE.shiftLeft(64).add(BigInteger.valueOf(7));
    assertThat(toTensor(DType.INT64, huge).longs()).containsExactly(7);
    assertThat(toTensor(DType.FLOAT64, huge).doubles()).containsExactly(huge.doubleValue());
    assertThat(toTensor(DType.BOOL, huge).booleans()).containsExactly(true);
    assertThat(toTensor(DType.FLOAT32, new BigDecimal("0.1")).floats()).containsExactly(0.1f);
    assertThat(toTensor(DType.INT32, new BigDecimal("-2.9")).ints()).containsExactly(-2);
  }

  @Test
  void rejectsEntriesOfDifferentShapes() {
    assertThatThrownBy(() -> toTensor(DType.FLOAT32, new float[2], new float[2], new float[3]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 2 has shape [3] but entry 0 has shape [2]");
    assertThatThrownBy(() -> toTensor(DType.FLOAT32, 1.0, new float[1]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 has shape [1] but entry 0 has shape []");
    assertThatThrownBy(() -> toTensor(DType.FLOAT32, List.of(List.of(1, 2)), List.of(1, 2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 has shape [2] but entry 0 has shape [1, 2]");
  }

  @Test
  void rejectsRaggedLists() {
    assertThatThrownBy(
            () -> toTensor(DType.INT32, List.of(List.of(1, 2), List.of(3), List.of(4, 5))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ragged")
        .hasMessageContaining("entry 0, element [1] has shape [1]")
        .hasMessageContaining("entry 0, element [0] has shape [2]");
  }

  @Test
  void rejectsNullsNamingThePosition() {
    assertThatThrownBy(() -> toTensor(DType.FLOAT32, 1.0, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 is null; pad it or filter the rows");
    assertThatThrownBy(
            () -> toTensor(DType.FLOAT32, List.of(List.of(1.0), Arrays.asList(2.0, null))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 0, element [1, 1] is null; pad it or filter the rows");
  }

  @Test
  void rejectsNonNumericValuesNamingPositionAndClass() {
    assertThatThrownBy(() -> toTensor(DType.FLOAT32, 1.0, "2.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 is a java.lang.String");
    assertThatThrownBy(() -> toTensor(DType.FLOAT32, List.of(1.0, 'x')))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 0, element [1] is a java.lang.Character");
    assertThatThrownBy(() -> toTensor(DType.FLOAT32, (Object) new Object[] {1.0}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 0 is a [Ljava.lang.Object;");
  }

  @Test
  void rejectsAnEmptyWindowAndDeepNesting() {
    assertThatThrownBy(() -> WindowTransforms.toTensor(DType.FLOAT32).apply(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one entry");
    List<Object> self = new ArrayList<>();
    self.add(self);
    assertThatThrownBy(() -> toTensor(DType.FLOAT32, self))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("deeper than 32");
  }

  /**
   * Random windows of random shapes, dtypes and representations (boxes, primitive arrays and lists
   * mixed at every level), against a brute-force flattening and Java casts written out here.
   */
  @Test
  void randomWindowsMatchBruteForceFlattening() {
    for (int c = 0; c < CASES; c++) {
      long seed = SEED + c;
      Random random = new Random(seed);
      DType dtype = DType.values()[random.nextInt(DType.values().length)];
      int[] entryShape = new int[random.nextInt(4)];
      for (int i = 0; i < entryShape.length; i++) {
        entryShape[i] = random.nextInt(4);
        if (entryShape[i] == 0) {
          // An empty list has no inner shape to show.
          entryShape = Arrays.copyOf(entryShape, i + 1);
        }
      }
      int steps = 1 + random.nextInt(4);
      List<Object> window = new ArrayList<>();
      List<Object> leaves = new ArrayList<>();
      for (int t = 0; t < steps; t++) {
        window.add(RandomCells.randomValue(random, entryShape, 0, leaves));
      }
      String description = "seed " + seed + ": " + dtype + " " + window;
      Tensor tensor;
      try {
        tensor = WindowTransforms.toTensor(dtype).apply(window);
      } catch (RuntimeException e) {
        throw new AssertionError(description, e);
      }
      int[] expectedShape = new int[entryShape.length + 1];
      expectedShape[0] = steps;
      System.arraycopy(entryShape, 0, expectedShape, 1, entryShape.length);
      assertThat(tensor.shape()).as(description).containsExactly(expectedShape);
      assertThat(tensor.dtype()).as(description).isEqualTo(dtype);
      assertThat(tensor.size()).as(description).isEqualTo(leaves.size());
      for (int i = 0; i < leaves.size(); i++) {
        assertThat(RandomCells.element(tensor, i))
            .as("%s, element %d from %s", description, i, leaves.get(i))
            .isEqualTo(RandomCells.cast(leaves.get(i), dtype));
      }
    }
  }

  @Test
  void transformsAreFunctionsOfTheWindowAlone() {
    Function<List<?>, Tensor> f = WindowTransforms.toTensor(DType.FLOAT32);
    assertThat(f.apply(List.of(1, 2))).isEqualTo(f.apply(List.of(1, 2)));
    assertThatThrownBy(() -> WindowTransforms.toTensor(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("dtype");
  }

  // ---- images ----

  private static Tensor images(Object... window) {
    return WindowTransforms.imagesToTensor().apply(Arrays.asList(window));
  }

  private static Tensor uint8Images(Object... window) {
    return WindowTransforms.imagesToUint8Tensor().apply(Arrays.asList(window));
  }

  @Test
  void grayPngBecomesOneChannelInZeroToOne() {
    Tensor t =
        images(encode(TestImages.gray(2, 3, 0), "png"), encode(TestImages.gray(2, 3, 200), "png"));
    assertThat(t.dtype()).isEqualTo(DType.FLOAT32);
    assertThat(t.shape()).containsExactly(2, 1, 2, 3);
    assertThat(t.floats())
        .containsExactly(
            0 / 255f,
            1 / 255f,
            2 / 255f,
            10 / 255f,
            11 / 255f,
            12 / 255f,
            200 / 255f,
            201 / 255f,
            202 / 255f,
            210 / 255f,
            211 / 255f,
            212 / 255f);
    Tensor u = uint8Images(encode(TestImages.gray(2, 3, 250), "png"));
    assertThat(u.dtype()).isEqualTo(DType.UINT8);
    assertThat(u.shape()).containsExactly(1, 1, 2, 3);
    assertThat(u.getDouble(0, 0, 0, 0)).isEqualTo(250);
    assertThat(u.getDouble(0, 0, 1, 2)).isEqualTo((250 + 12) & 0xFF);
  }

  @Test
  void rgbAndArgbKeepTheirChannelsAndAlpha() {
    BufferedImage rgb = new BufferedImage(2, 1, BufferedImage.TYPE_INT_RGB);
    rgb.setRGB(0, 0, 0x102030);
    rgb.setRGB(1, 0, 0xFFFE01);
    for (String format : List.of("png", "bmp")) {
      Tensor t = uint8Images(encode(rgb, format));
      assertThat(t.shape()).as(format).containsExactly(1, 3, 1, 2);
      assertThat(t.bytes()).as(format).containsExactly(0x10, 0xFF, 0x20, 0xFE, 0x30, 0x01);
    }
    Tensor f = images(encode(rgb, "png"));
    assertThat(f.getDouble(0, 0, 0, 1)).isEqualTo(1.0);
    assertThat(f.getDouble(0, 2, 0, 0)).isEqualTo((double) (0x30 / 255f));

    BufferedImage argb = new BufferedImage(2, 1, BufferedImage.TYPE_INT_ARGB);
    argb.setRGB(0, 0, 0x80102030);
    argb.setRGB(1, 0, 0x00FFFFFF);
    Tensor a = uint8Images(encode(argb, "png"));
    assertThat(a.shape()).containsExactly(1, 4, 1, 2);
    assertThat(a.bytes()).containsExactly(0x10, 0xFF, 0x20, 0xFF, 0x30, 0xFF, 0x80, 0x00);
  }

  @Test
  void grayWithAlphaHasTwoChannels() {
    ComponentColorModel model =
        new ComponentColorModel(
            ColorSpace.getInstance(ColorSpace.CS_GRAY),
            true,
            false,
            Transparency.TRANSLUCENT,
            DataBuffer.TYPE_BYTE);
    WritableRaster raster = model.createCompatibleWritableRaster(2, 1);
    raster.setPixel(0, 0, new int[] {7, 255});
    raster.setPixel(1, 0, new int[] {200, 9});
    Tensor t = uint8Images(encode(new BufferedImage(model, raster, false, null), "png"));
    assertThat(t.shape()).containsExactly(1, 2, 1, 2);
    assertThat(t.bytes()).containsExactly(7, 200, 255, 9);
  }

  @Test
  void sixteenBitGrayKeepsItsUnitsAndIsNoUint8() {
    BufferedImage image = new BufferedImage(2, 1, BufferedImage.TYPE_USHORT_GRAY);
    image.getRaster().setSample(0, 0, 0, 65535);
    image.getRaster().setSample(1, 0, 0, 1000);
    byte[] png = encode(image, "png");
    Tensor t = images(png);
    assertThat(t.shape()).containsExactly(1, 1, 1, 2);
    assertThat(t.floats()).containsExactly(65535f, 1000f);
    assertThatThrownBy(() -> uint8Images(encode(TestImages.gray(1, 2, 0), "png"), png))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1")
        .hasMessageContaining("8-bit samples");
    assertThatThrownBy(() -> uint8Images(png))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 0 has 16-bit samples");
    // Same C, H, W but another bit depth would mix two scales.
    assertThatThrownBy(() -> images(png, encode(TestImages.gray(1, 2, 0), "png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 is [1, 1, 2] (C, H, W) with 8-bit samples")
        .hasMessageContaining("entry 0 is [1, 1, 2] (C, H, W) with 16-bit samples");
  }

  @Test
  void indexedImagesExpandToRgbOrRgba() {
    for (boolean alpha : new boolean[] {false, true}) {
      BufferedImage image =
          new BufferedImage(4, 1, BufferedImage.TYPE_BYTE_INDEXED, TestImages.palette(alpha));
      for (int x = 0; x < 4; x++) {
        image.getRaster().setSample(x, 0, 0, x);
      }
      for (String format : alpha ? List.of("png") : List.of("png", "gif")) {
        Tensor t = uint8Images(encode(image, format));
        String what = format + (alpha ? " with alpha" : "");
        assertThat(t.shape()).as(what).containsExactly(1, alpha ? 4 : 3, 1, 4);
        byte[] expected = {
          (byte) 255, 0, 0, (byte) 255, 0, (byte) 255, 0, (byte) 255, 0, 0, (byte) 255, (byte) 255
        };
        assertThat(Arrays.copyOf(t.bytes(), 12)).as(what).containsExactly(expected);
        if (alpha) {
          assertThat(Arrays.copyOfRange(t.bytes(), 12, 16))
              .containsExactly((byte) 255, (byte) 255, (byte) 255, (byte) 128);
        }
      }
    }
  }

  @Test
  void lowBitGrayStaysOneChannel() {
    BufferedImage image = new BufferedImage(3, 1, BufferedImage.TYPE_BYTE_BINARY);
    image.getRaster().setSample(1, 0, 0, 1);
    Tensor t = uint8Images(encode(image, "png"));
    assertThat(t.shape()).containsExactly(1, 1, 1, 3);
    assertThat(t.bytes()).containsExactly(0, (byte) 255, 0);
  }

  @Test
  void rejectsImagesOfDifferentShapes() {
    byte[] small = encode(TestImages.gray(2, 3, 0), "png");
    byte[] wide = encode(TestImages.gray(2, 4, 0), "png");
    BufferedImage rgb = new BufferedImage(3, 2, BufferedImage.TYPE_INT_RGB);
    assertThatThrownBy(() -> images(small, small, wide))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 2 is [1, 2, 4] (C, H, W)")
        .hasMessageContaining("entry 0 is [1, 2, 3] (C, H, W)");
    assertThatThrownBy(() -> images(small, encode(rgb, "png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 is [3, 2, 3] (C, H, W)");
  }

  @Test
  void rejectsNullForeignAndUndecodableEntries() {
    byte[] ok = encode(TestImages.gray(2, 3, 0), "png");
    assertThatThrownBy(() -> images(ok, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 is null; pad it or filter the rows");
    assertThatThrownBy(() -> images(ok, "image.png"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 is a java.lang.String, not a byte[]");
    assertThatThrownBy(() -> images(ok, new byte[] {1, 2, 3, 4, 5}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 1 is not a decodable image (5 bytes)")
        .hasMessageContaining("no ImageIO reader");
    byte[] truncated = Arrays.copyOf(ok, ok.length / 2);
    assertThatThrownBy(() -> images(truncated))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("entry 0 is not a decodable image")
        .hasCauseInstanceOf(Exception.class);
    assertThatThrownBy(() -> WindowTransforms.imagesToTensor().apply(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one entry");
  }

  /**
   * For orientation {@code o}, the quadrant (0 top-left, 1 top-right, 2 bottom-left, 3
   * bottom-right) that the stored top-left quadrant shows in once turned upright.
   */
  private static final int[] BRIGHT_QUADRANT = {-1, 0, 1, 3, 2, 0, 1, 3, 2};

  @Test
  void jpegExifOrientationIsApplied() {
    byte[] jpeg = encode(TestImages.brightTopLeft(), "jpg");
    assertBright(images(jpeg), 8, 16, 0, "no EXIF");
    for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
      for (int o = 1; o <= 8; o++) {
        byte[] oriented = TestImages.withExif(jpeg, TestImages.orientationTiff(order, o));
        boolean swap = o >= 5;
        String what = "orientation " + o + " " + order;
        assertBright(images(oriented), swap ? 16 : 8, swap ? 8 : 16, BRIGHT_QUADRANT[o], what);
        Tensor u = uint8Images(oriented);
        assertThat(u.shape()).as(what).containsExactly(1, 1, swap ? 16 : 8, swap ? 8 : 16);
      }
    }
  }

  @Test
  void malformedExifIsIgnored() {
    byte[] jpeg = encode(TestImages.brightTopLeft(), "jpg");
    ByteOrder mm = ByteOrder.BIG_ENDIAN;
    byte[] good = TestImages.orientationTiff(mm, 6);
    byte[] badOrder = good.clone();
    badOrder[0] = 'X';
    byte[] badMagic = good.clone();
    badMagic[3] = 43;
    byte[] absurdOffset = good.clone();
    absurdOffset[4] = (byte) 0xFF;
    byte[] absurdCount = good.clone();
    absurdCount[8] = (byte) 0xFF;
    absurdCount[9] = (byte) 0xFF;
    // The orientation entry is the first; a huge count with a truncated IFD must stop at the end.
    byte[] truncatedIfd = Arrays.copyOf(good, 10 + 6);
    byte[] countPastEnd = Arrays.copyOf(absurdCount, 10 + 12);
    countPastEnd[10] = 0;
    byte[] offsetIntoHeaderEnd = good.clone();
    offsetIntoHeaderEnd[7] = 25;
    List<byte[]> tiffs =
        List.of(
            badOrder,
            badMagic,
            absurdOffset,
            truncatedIfd,
            countPastEnd,
            offsetIntoHeaderEnd,
            Arrays.copyOf(good, 4),
            new byte[0],
            TestImages.orientationTiff(mm, 0),
            TestImages.orientationTiff(mm, 9),
            TestImages.tiffWithOneEntry(mm, 0x0112, 4, 1, 6),
            TestImages.tiffWithOneEntry(mm, 0x0112, 3, 0, 6),
            TestImages.tiffWithOneEntry(ByteOrder.LITTLE_ENDIAN, 0x0110, 3, 1, 6));
    for (int i = 0; i < tiffs.size(); i++) {
      assertBright(images(TestImages.withExif(jpeg, tiffs.get(i))), 8, 16, 0, "malformed " + i);
    }
    // Not Exif: an APP1 of another kind (XMP) with orientation-looking bytes.
    byte[] xmp =
        TestImages.withSegment(
            jpeg,
            0xE1,
            "http://ns.adobe.com/xap/1.0/\0MM"
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    assertBright(images(xmp), 8, 16, 0, "XMP");
    // Orientation 6 behind an absurd count is still found: the entry is first.
    assertBright(images(TestImages.withExif(jpeg, absurdCount)), 16, 8, 1, "count 65535");
  }

  @Test
  void mutatedExifNeverThrows() {
    byte[] jpeg = encode(TestImages.brightTopLeft(), "jpg");
    long seed = SEED;
    Random random = new Random(seed);
    for (int c = 0; c < 300; c++) {
      byte[] tiff =
          TestImages.orientationTiff(
              random.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN,
              1 + random.nextInt(8));
      tiff = Arrays.copyOf(tiff, random.nextInt(tiff.length + 8));
      for (int flips = random.nextInt(4); flips >= 0 && tiff.length > 0; flips--) {
        tiff[random.nextInt(tiff.length)] = (byte) random.nextInt();
      }
      byte[] mutated = TestImages.withExif(jpeg, tiff);
      Tensor t;
      try {
        t = images(mutated);
      } catch (RuntimeException e) {
        throw new AssertionError("seed " + seed + " case " + c + ": " + Arrays.toString(tiff), e);
      }
      assertThat(t.size()).as("seed %d case %d", seed, c).isEqualTo(128);
    }
  }

  /** The tensor is (1, 1, h, w) and only quadrant {@code bright} is bright (JPEG tolerance). */
  private static void assertBright(Tensor t, int h, int w, int bright, String what) {
    assertThat(t.shape()).as(what).containsExactly(1, 1, h, w);
    for (int q = 0; q < 4; q++) {
      double sum = 0;
      for (int y = 0; y < h / 2; y++) {
        for (int x = 0; x < w / 2; x++) {
          sum += t.getDouble(0, 0, y + (q / 2) * h / 2, x + (q % 2) * w / 2);
        }
      }
      double mean = sum / (h / 2 * (w / 2));
      if (q == bright) {
        assertThat(mean).as("%s: quadrant %d", what, q).isGreaterThan(0.8);
      } else {
        assertThat(mean).as("%s: quadrant %d", what, q).isLessThan(0.2);
      }
    }
  }
}
