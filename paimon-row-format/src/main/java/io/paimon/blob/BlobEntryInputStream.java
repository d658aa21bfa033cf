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
package io.paimon.blob;

import io.paimon.row.SeekableInput;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;

/**
 * Streams one entry's payload through positional reads, computing the CRC on the way and checking
 * the entry's size field and CRC before reporting the end. Holds one chunk of at most {@value
 * #CHUNK} bytes. Not thread-safe; does not close the input.
 */
final class BlobEntryInputStream extends InputStream {

  private static final int CHUNK = 64 * 1024;

  private final SeekableInput in;
  private final String file;
  private final long row;
  private final long entryOffset;
  private final long entrySize;
  private final long payloadEnd;
  private final CRC32 crc = new CRC32();
  private final byte[] chunk;

  private long position;
  private int chunkPos;
  private int chunkLen;
  private boolean verified;
  private boolean closed;

  BlobEntryInputStream(SeekableInput in, String file, long row, long entryOffset, long entrySize)
      throws IOException {
    this.in = in;
    this.file = file;
    this.row = row;
    this.entryOffset = entryOffset;
    this.entrySize = entrySize;
    this.payloadEnd = entryOffset + entrySize - BlobFormat.ENTRY_TRAILER_SIZE;
    byte[] magic = new byte[BlobFormat.ENTRY_HEADER_SIZE];
    in.readFully(entryOffset, magic, 0, magic.length);
    int m = BlobFormat.readInt(magic, 0);
    if (m != BlobFormat.ENTRY_MAGIC) {
      throw new BlobFormatException(
          file,
          entryOffset,
          "row " + row + ": bad entry magic 0x" + Integer.toHexString(m) + ", expected 0x584e11cf");
    }
    crc.update(magic, 0, magic.length);
    this.position = entryOffset + BlobFormat.ENTRY_HEADER_SIZE;
    this.chunk = new byte[(int) Math.min(CHUNK, Math.max(payloadEnd - position, 1))];
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, b.length);
    if (closed) {
      throw new IOException(file + ": payload stream of row " + row + " is closed");
    }
    if (len == 0) {
      return 0;
    }
    if (chunkPos == chunkLen) {
      if (position == payloadEnd) {
        verifyTrailer();
        return -1;
      }
      chunkLen = (int) Math.min(chunk.length, payloadEnd - position);
      in.readFully(position, chunk, 0, chunkLen);
      crc.update(chunk, 0, chunkLen);
      position += chunkLen;
      chunkPos = 0;
    }
    int n = Math.min(len, chunkLen - chunkPos);
    System.arraycopy(chunk, chunkPos, b, off, n);
    chunkPos += n;
    return n;
  }

  @Override
  public int available() {
    return chunkLen - chunkPos;
  }

  @Override
  public void close() {
    closed = true;
  }

  private void verifyTrailer() throws IOException {
    if (verified) {
      return;
    }
    byte[] trailer = new byte[BlobFormat.ENTRY_TRAILER_SIZE];
    in.readFully(payloadEnd, trailer, 0, trailer.length);
    long size = BlobFormat.readLong(trailer, 0);
    if (size != entrySize) {
      throw new BlobFormatException(
          file,
          payloadEnd,
          "row " + row + ": entry size field says " + size + " bytes, the index says " + entrySize);
    }
    crc.update(trailer, 0, 8);
    int expected = BlobFormat.readInt(trailer, 8);
    int actual = (int) crc.getValue();
    if (expected != actual) {
      throw new BlobChecksumException(file, entryOffset, row, expected, actual);
    }
    verified = true;
  }
}
