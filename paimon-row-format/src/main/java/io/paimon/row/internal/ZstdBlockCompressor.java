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

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Compresses blocks as Paimon does: one zstd frame per block written in streaming mode without a
 * pledged size, so the frame has no content-size field, no checksum, and the window log the level
 * uses for inputs of unknown size (19 at level 1: frame header {@code 28 B5 2F FD 00 48}). A block
 * the level shrinks by less than the minimum savings is compressed again at {@link #FAST_LEVEL},
 * whose frames carry no entropy-coded literals and decode at memory speed. The native contexts are
 * reused across blocks. Not thread-safe; close to free the native memory.
 */
final class ZstdBlockCompressor implements AutoCloseable {

  /** The level of blocks that do not compress: negative levels store literals raw. */
  static final int FAST_LEVEL = -1;

  private final ZstdCompressCtx ctx;
  private final double minSavings;
  private ZstdCompressCtx fast;
  private ByteBuffer src = ByteBuffer.allocateDirect(0);
  private ByteBuffer dst = ByteBuffer.allocateDirect(0);
  private byte[] out = new byte[0];

  ZstdBlockCompressor(int level, double minSavings) {
    ctx = context(level);
    this.minSavings = level <= FAST_LEVEL ? 0 : minSavings;
  }

  private static ZstdCompressCtx context(int level) {
    ZstdCompressCtx c = new ZstdCompressCtx();
    c.setLevel(level);
    c.setChecksum(false);
    c.setContentSize(false);
    return c;
  }

  /** Compresses {@code data[0..len)} as one frame, writes it to {@code sink}, returns its size. */
  int compress(byte[] data, int len, OutputStream sink) throws IOException {
    if (src.capacity() < len) {
      src = ByteBuffer.allocateDirect(Math.max(len, src.capacity() * 2));
    }
    int bound = (int) Math.min(Integer.MAX_VALUE - 8, Zstd.compressBound(len));
    if (dst.capacity() < bound) {
      dst = ByteBuffer.allocateDirect(Math.max(bound, dst.capacity() * 2));
    }
    src.clear();
    src.put(data, 0, len).flip();
    frame(ctx, bound);
    if (minSavings > 0 && dst.limit() > len * (1 - minSavings)) {
      if (fast == null) {
        fast = context(FAST_LEVEL);
      }
      src.rewind();
      frame(fast, bound);
    }
    int size = dst.remaining();
    if (out.length < size) {
      out = new byte[Math.max(size, out.length * 2)];
    }
    dst.get(out, 0, size);
    sink.write(out, 0, size);
    return size;
  }

  /** Compresses {@code src} into {@code dst} as one frame of unknown content size; flips dst. */
  private void frame(ZstdCompressCtx c, int bound) throws IOException {
    dst.clear();
    // CONTINUE first, so zstd does not learn the input size: as with Paimon's ZstdOutputStream.
    c.compressDirectByteBufferStream(dst, src, EndDirective.CONTINUE);
    while (!c.compressDirectByteBufferStream(dst, src, EndDirective.END)) {
      if (!dst.hasRemaining()) {
        throw new IOException("zstd output exceeded its bound of " + bound + " bytes");
      }
    }
    dst.flip();
  }

  @Override
  public void close() {
    ctx.close();
    if (fast != null) {
      fast.close();
    }
  }
}
