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

/**
 * The EXIF orientation of a JPEG (tag {@code 0x0112} of IFD0), and applying it to decoded samples.
 *
 * <pre>
 * JPEG:  FF D8 | FF Mk len(2, BE, includes itself) payload | ... | FF DA (scan: stop)
 * APP1 (Mk = E1) payload:  "Exif" 00 00 | TIFF
 * TIFF:  "II" (little endian) or "MM" (big endian) | 42 (2) | IFD0 offset (4, from TIFF start)
 * IFD:   count (2) | count x [tag (2) | type (2) | count (4) | value or offset (4)]
 * </pre>
 *
 * Orientation is a SHORT (type 3) with count 1 and its value in the first two value bytes. Every
 * length and offset is checked against what remains of the segment before it is used, in long
 * arithmetic; anything malformed (a bad marker, a length past the end, an unknown byte order, an
 * IFD offset or entry count pointing outside the segment, a value outside 1..8) means orientation
 * 1, never an exception. Only the first Exif segment counts. Stateless and thread-safe.
 */
public final class ExifOrientation {

  /** The orientation of an image stored upright, and of one without (valid) EXIF. */
  public static final int NORMAL = 1;

  private static final int SOI = 0xD8;
  private static final int EOI = 0xD9;
  private static final int SOS = 0xDA;
  private static final int APP1 = 0xE1;
  private static final int TAG_ORIENTATION = 0x0112;
  private static final int TYPE_SHORT = 3;
  private static final int IFD_ENTRY_SIZE = 12;
  private static final int TIFF_HEADER_SIZE = 8;
  private static final byte[] EXIF_ID = {'E', 'x', 'i', 'f', 0, 0};

  private ExifOrientation() {}

  /** The orientation (1..8) of a JPEG, or 1 if {@code bytes} is no JPEG or has none or bad EXIF. */
  public static int read(byte[] bytes) {
    if (bytes.length < 4 || u8(bytes, 0) != 0xFF || u8(bytes, 1) != SOI) {
      return NORMAL;
    }
    int pos = 2;
    while (pos + 4 <= bytes.length) {
      if (u8(bytes, pos) != 0xFF) {
        return NORMAL;
      }
      int marker = u8(bytes, pos + 1);
      if (marker == 0xFF) {
        // A fill byte before the marker.
        pos++;
        continue;
      }
      if (marker == 0x01 || marker == SOI || (marker >= 0xD0 && marker <= 0xD7)) {
        pos += 2;
        continue;
      }
      if (marker == SOS || marker == EOI) {
        // Metadata segments precede the scan.
        return NORMAL;
      }
      int length = u16(bytes, pos + 2, false);
      long end = (long) pos + 2 + length;
      if (length < 2 || end > bytes.length) {
        return NORMAL;
      }
      int payload = pos + 4;
      if (marker == APP1 && startsWith(bytes, payload, (int) end, EXIF_ID)) {
        return fromTiff(bytes, payload + EXIF_ID.length, (int) end);
      }
      pos = (int) end;
    }
    return NORMAL;
  }

  /**
   * Turns a CHW sample array of a {@code height x width} image upright; orientations 5 to 8 swap
   * height and width. Returns {@code chw} itself for orientation 1.
   */
  public static int[] apply(int[] chw, int channels, int height, int width, int orientation) {
    if (orientation == NORMAL) {
      return chw;
    }
    boolean swap = orientation >= 5;
    int outHeight = swap ? width : height;
    int outWidth = swap ? height : width;
    int plane = height * width;
    int[] out = new int[chw.length];
    for (int c = 0; c < channels; c++) {
      int base = c * plane;
      int o = base;
      for (int y = 0; y < outHeight; y++) {
        for (int x = 0; x < outWidth; x++) {
          int sy;
          int sx;
          switch (orientation) {
            case 2: // mirrored horizontally
              sy = y;
              sx = width - 1 - x;
              break;
            case 3: // rotated 180
              sy = height - 1 - y;
              sx = width - 1 - x;
              break;
            case 4: // mirrored vertically
              sy = height - 1 - y;
              sx = x;
              break;
            case 5: // transposed
              sy = x;
              sx = y;
              break;
            case 6: // stored rotated 90 counter-clockwise: turn clockwise
              sy = height - 1 - x;
              sx = y;
              break;
            case 7: // transversed
              sy = height - 1 - x;
              sx = width - 1 - y;
              break;
            case 8: // stored rotated 90 clockwise: turn counter-clockwise
              sy = x;
              sx = width - 1 - y;
              break;
            default:
              throw new IllegalArgumentException("orientation must be in 1..8, is " + orientation);
          }
          out[o++] = chw[base + sy * width + sx];
        }
      }
    }
    return out;
  }

  private static int fromTiff(byte[] b, int start, int end) {
    long length = end - start;
    if (length < TIFF_HEADER_SIZE) {
      return NORMAL;
    }
    boolean little;
    if (u8(b, start) == 'I' && u8(b, start + 1) == 'I') {
      little = true;
    } else if (u8(b, start) == 'M' && u8(b, start + 1) == 'M') {
      little = false;
    } else {
      return NORMAL;
    }
    if (u16(b, start + 2, little) != 42) {
      return NORMAL;
    }
    long ifd = u32(b, start + 4, little);
    if (ifd > length - 2) {
      return NORMAL;
    }
    int count = u16(b, start + (int) ifd, little);
    for (int i = 0; i < count; i++) {
      long entry = ifd + 2 + (long) i * IFD_ENTRY_SIZE;
      if (entry + IFD_ENTRY_SIZE > length) {
        return NORMAL;
      }
      int at = start + (int) entry;
      if (u16(b, at, little) == TAG_ORIENTATION) {
        if (u16(b, at + 2, little) != TYPE_SHORT || u32(b, at + 4, little) < 1) {
          return NORMAL;
        }
        int value = u16(b, at + 8, little);
        return value >= 1 && value <= 8 ? value : NORMAL;
      }
    }
    return NORMAL;
  }

  private static boolean startsWith(byte[] b, int from, int end, byte[] prefix) {
    if (end - from < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (b[from + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static int u8(byte[] b, int i) {
    return b[i] & 0xFF;
  }

  private static int u16(byte[] b, int i, boolean little) {
    return little ? u8(b, i) | u8(b, i + 1) << 8 : u8(b, i) << 8 | u8(b, i + 1);
  }

  private static long u32(byte[] b, int i, boolean little) {
    long lo = u16(b, little ? i : i + 2, little);
    long hi = u16(b, little ? i + 2 : i, little);
    return hi << 16 | lo;
  }
}
