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

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.paimon.row.RowFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Decompresses one block into a {@link DecodedBlock} and validates its trailer: the row count
 * matches the index, the offsets start at 0, never decrease and stay inside the row region. Holds a
 * native zstd context, made at the first block it decompresses (a reader served from a block cache
 * never needs one, and making one costs more than decoding a small block): thread-confined, closed
 * by its owner.
 */
final class BlockDecoder implements AutoCloseable {

  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private final RowFileMeta meta;
  private ZstdDecompressCtx ctx;

  BlockDecoder(RowFileMeta meta) {
    this.meta = meta;
  }

  /** Decodes block {@code b} whose compressed bytes are {@code src[srcOff..)} into {@code out}. */
  void decode(int b, byte[] src, int srcOff, DecodedBlock out) throws RowFormatException {
    int size = meta.uncompressedSizes[b];
    int rows = meta.rowsIn(b);
    long fileOffset = meta.blockOffsets[b];
    out.ensureCapacity(size, rows);
    out.index = -1;
    int n;
    if (ctx == null) {
      ctx = new ZstdDecompressCtx();
    }
    try {
      n = ctx.decompressByteArray(out.data, 0, size, src, srcOff, meta.compressedSizes[b]);
    } catch (ZstdException e) {
      String problem =
          e.getErrorCode() == Zstd.errDstSizeTooSmall()
              ? "decompresses to more than the " + size + " bytes the index declares"
              : "does not decompress: " + e.getMessage();
      throw new RowFormatException(meta.name, fileOffset, "block " + b + " " + problem, e);
    } catch (RuntimeException e) {
      throw new RowFormatException(
          meta.name, fileOffset, "block " + b + " does not decompress: " + e, e);
    }
    if (n != size) {
      throw new RowFormatException(
          meta.name,
          fileOffset,
          "block " + b + " decompresses to " + n + " bytes, the index declares " + size);
    }
    int count = (int) INT.get(out.data, size - 4);
    if (count != rows) {
      throw new RowFormatException(
          meta.name,
          fileOffset,
          "block " + b + " holds " + count + " rows, the index declares " + rows);
    }
    int rowRegionEnd = size - 4 - 4 * rows;
    int prev = 0;
    for (int i = 0; i < rows; i++) {
      int offset = (int) INT.get(out.data, rowRegionEnd + 4 * i);
      if ((i == 0 && offset != 0) || offset < prev || offset > rowRegionEnd) {
        throw new RowFormatException(
            meta.name,
            fileOffset,
            "block "
                + b
                + ": row "
                + i
                + " starts at "
                + offset
                + (i == 0 ? ", expected 0" : ", previous row at " + prev)
                + " (row region ends at "
                + rowRegionEnd
                + ")");
      }
      out.offsets[i] = offset;
      prev = offset;
    }
    out.offsets[rows] = rowRegionEnd;
    out.rowCount = rows;
    out.size = size;
    out.firstRow = meta.rowStarts[b];
    out.fileOffset = fileOffset;
    out.index = b;
  }

  @Override
  public void close() {
    if (ctx != null) {
      ctx.close();
      ctx = null;
    }
  }
}
