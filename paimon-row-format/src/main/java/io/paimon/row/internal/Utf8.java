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
package io.paimon.row.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 well-formedness as Java's decoder judges it (no overlong forms, no surrogates, nothing
 * above U+10FFFF): string bytes taken from Arrow are stored as they are when well-formed, and as
 * the Java value model would hold them (malformed sequences replaced by U+FFFD) otherwise.
 */
final class Utf8 {

  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private Utf8() {}

  /** Whether {@code b[off..off+len)} is well-formed UTF-8. */
  static boolean isValid(byte[] b, int off, int len) {
    int end = off + len;
    int i = off;
    // ASCII eight bytes at a time, the common case.
    while (end - i >= 8 && ((long) LONG.get(b, i) & 0x8080808080808080L) == 0) {
      i += 8;
    }
    while (i < end && b[i] >= 0) {
      i++;
    }
    while (i < end) {
      int b0 = b[i] & 0xFF;
      if (b0 < 0x80) {
        i++;
        continue;
      }
      int n;
      int min2 = 0x80;
      int max2 = 0xBF;
      if (b0 >= 0xC2 && b0 <= 0xDF) {
        n = 2;
      } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3;
        if (b0 == 0xE0) {
          min2 = 0xA0;
        } else if (b0 == 0xED) {
          max2 = 0x9F;
        }
      } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4;
        if (b0 == 0xF0) {
          min2 = 0x90;
        } else if (b0 == 0xF4) {
          max2 = 0x8F;
        }
      } else {
        return false;
      }
      if (end - i < n) {
        return false;
      }
      int b1 = b[i + 1] & 0xFF;
      if (b1 < min2 || b1 > max2) {
        return false;
      }
      for (int k = 2; k < n; k++) {
        if ((b[i + k] & 0xC0) != 0x80) {
          return false;
        }
      }
      i += n;
    }
    return true;
  }

  /** The UTF-8 encoding of the String that {@code b[off..off+len)} decodes to. */
  static byte[] reencode(byte[] b, int off, int len) {
    return new String(b, off, len, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
  }
}
