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
package io.paimon.multimodal.fs;

import io.paimon.row.SeekableInput;
import java.io.IOException;

/**
 * A file opened for positional reads through a {@link FileIO}. {@link #readFully} and {@link
 * #readScattered} are safe to call from several threads at once; close it when done.
 */
public interface InputFile extends SeekableInput {

  /**
   * Reads one contiguous range starting at {@code position} as a single request, delivering its
   * consecutive pieces into different arrays: piece {@code i} is {@code lengths[i]} bytes into
   * {@code buffers[i]} at {@code offsets[i]}. Pieces may share an array (a caller discarding the
   * gaps between the values it wants points them all at one scratch array).
   *
   * <p>Why: a reader of many payloads packed in one range (BLOB entries) wants each payload in its
   * own array; reading the range into one buffer and copying the payloads out costs a second pass
   * over every byte. The default does exactly that (one {@link #readFully} of the whole range, then
   * copies), which is correct for any storage; a storage that can deliver pieces directly, such as
   * a local file or a streamed HTTP body, overrides it. Wrappers that count or delay requests must
   * treat a call as one request.
   *
   * @throws java.io.EOFException if the file ends before the range does
   * @throws IllegalArgumentException if the arrays differ in length or a piece lies outside its
   *     array
   */
  default void readScattered(long position, byte[][] buffers, int[] offsets, int[] lengths)
      throws IOException {
    readScatteredByCopy(this, position, buffers, offsets, lengths);
  }

  /**
   * The default {@link #readScattered}: one {@link #readFully} of {@code file} over the whole
   * range, then a copy of each piece; exposed for wrappers that must use it whatever their delegate
   * does.
   */
  static void readScatteredByCopy(
      InputFile file, long position, byte[][] buffers, int[] offsets, int[] lengths)
      throws IOException {
    long total = checkPieces(buffers, offsets, lengths);
    if (total > Integer.MAX_VALUE - 8) {
      // Too long for one array: one read per piece instead.
      long pos = position;
      for (int i = 0; i < buffers.length; i++) {
        file.readFully(pos, buffers[i], offsets[i], lengths[i]);
        pos += lengths[i];
      }
      return;
    }
    byte[] all = new byte[(int) total];
    file.readFully(position, all, 0, all.length);
    int at = 0;
    for (int i = 0; i < buffers.length; i++) {
      System.arraycopy(all, at, buffers[i], offsets[i], lengths[i]);
      at += lengths[i];
    }
  }

  /**
   * Checks the pieces of a {@link #readScattered} call and returns their total length.
   *
   * @throws IllegalArgumentException if they are inconsistent
   */
  static long checkPieces(byte[][] buffers, int[] offsets, int[] lengths) {
    if (buffers.length != offsets.length || buffers.length != lengths.length) {
      throw new IllegalArgumentException(
          "buffers, offsets and lengths differ in length: "
              + buffers.length
              + ", "
              + offsets.length
              + ", "
              + lengths.length);
    }
    long total = 0;
    for (int i = 0; i < buffers.length; i++) {
      if (offsets[i] < 0 || lengths[i] < 0 || offsets[i] > buffers[i].length - lengths[i]) {
        throw new IllegalArgumentException(
            "piece "
                + i
                + " of "
                + lengths[i]
                + " bytes at "
                + offsets[i]
                + " lies outside its array of "
                + buffers[i].length);
      }
      total += lengths[i];
    }
    return total;
  }
}
