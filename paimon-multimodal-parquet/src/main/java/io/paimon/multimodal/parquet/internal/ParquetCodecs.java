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
package io.paimon.multimodal.parquet.internal;

import com.github.luben.zstd.Zstd;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page codecs without Hadoop: parquet-java's own factory goes through Hadoop's {@code
 * CompressionCodec} classes, so this one decompresses and compresses pages with zstd-jni,
 * snappy-java, aircompressor (LZ4_RAW) and {@code java.util.zip} (GZIP) directly. LZO, BROTLI and
 * Hadoop-framed LZ4 are refused with a message naming the codec. Stateless and thread-safe.
 */
final class ParquetCodecs implements CompressionCodecFactory {

  static final ParquetCodecs INSTANCE = new ParquetCodecs(1);

  private final int zstdLevel;

  private ParquetCodecs(int zstdLevel) {
    this.zstdLevel = zstdLevel;
  }

  /** The codecs, compressing zstd pages at {@code level}. */
  static ParquetCodecs withZstdLevel(int level) {
    return level == INSTANCE.zstdLevel ? INSTANCE : new ParquetCodecs(level);
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return getCompressor(codec, zstdLevel);
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec, int level) {
    check(codec);
    return new BytesInputCompressor() {
      @Override
      public BytesInput compress(BytesInput bytes) throws IOException {
        return BytesInput.from(ParquetCodecs.compress(codec, level, bytesOf(bytes)));
      }

      @Override
      public CompressionCodecName getCodecName() {
        return codec;
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    check(codec);
    return new BytesInputDecompressor() {
      /**
       * Pages after the first are decompressed into one reused array: parquet-java makes a
       * decompressor per column chunk and asks for a page only once the previous one is consumed;
       * the first page (a dictionary, which readers may keep referring to) gets its own array.
       */
      private boolean first = true;

      private byte[] reused;

      // toByteBuffer() is deprecated for toByteBuffer(ByteBufferReleaser), which takes an
      // allocator to copy into; the old call returns the array-backed bytes as they are.
      @SuppressWarnings("deprecation")
      @Override
      public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
        // The compressed bytes are used where they are (a slice of the column chunk read), not
        // copied first.
        ByteBuffer b = bytes.toByteBuffer();
        byte[] in;
        int off;
        int len = b.remaining();
        if (b.hasArray()) {
          in = b.array();
          off = b.arrayOffset() + b.position();
        } else {
          in = new byte[len];
          b.duplicate().get(in);
          off = 0;
        }
        if (codec == CompressionCodecName.UNCOMPRESSED) {
          checkSize(codec, len, uncompressedSize);
          if (len != uncompressedSize) {
            throw new IOException(
                "uncompressed page of " + len + " bytes, header says " + uncompressedSize);
          }
          return BytesInput.from(in, off, len);
        }
        byte[] into = null;
        if (first) {
          first = false;
        } else {
          if (reused == null || reused.length < uncompressedSize) {
            reused = new byte[uncompressedSize];
          }
          into = reused;
        }
        byte[] out = ParquetCodecs.decompress(codec, in, off, len, uncompressedSize, into);
        return BytesInput.from(out, 0, uncompressedSize);
      }

      @Override
      public void decompress(
          ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
          throws IOException {
        byte[] in = new byte[compressedSize];
        input.get(in);
        output.put(ParquetCodecs.decompress(codec, in, uncompressedSize));
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public void release() {}

  private static byte[] bytesOf(BytesInput bytes) throws IOException {
    long size = bytes.size();
    if (size > Integer.MAX_VALUE - 8) {
      throw new IOException("page of " + size + " bytes is too large");
    }
    byte[] out = new byte[(int) size];
    try (InputStream in = bytes.toInputStream()) {
      int off = 0;
      while (off < out.length) {
        int r = in.read(out, off, out.length - off);
        if (r < 0) {
          throw new IOException("page shorter than its " + size + " bytes");
        }
        off += r;
      }
    }
    return out;
  }

  private static void check(CompressionCodecName codec) {
    switch (codec) {
      case UNCOMPRESSED:
      case SNAPPY:
      case ZSTD:
      case GZIP:
      case LZ4_RAW:
        return;
      default:
        throw new UnsupportedOperationException(
            "parquet compression codec "
                + codec
                + " is not supported (UNCOMPRESSED, SNAPPY, ZSTD, GZIP and LZ4_RAW are)");
    }
  }

  static byte[] decompress(CompressionCodecName codec, byte[] in, int uncompressedSize)
      throws IOException {
    return decompress(codec, in, 0, in.length, uncompressedSize, null);
  }

  /** {@code into} when it is long enough, else a new array of {@code size}. */
  private static byte[] target(byte[] into, int size) {
    return into != null && into.length >= size ? into : new byte[size];
  }

  private static void checkSize(CompressionCodecName codec, int length, int uncompressedSize)
      throws IOException {
    if (uncompressedSize < 0) {
      throw new IOException("negative uncompressed page size " + uncompressedSize);
    }
    if ((long) uncompressedSize > maxExpansion(codec) * Math.max(length, 1) + 64) {
      // A page header cannot make us allocate more than its compressed bytes can expand to.
      throw new IOException(
          codec
              + " page of "
              + length
              + " bytes claims "
              + uncompressedSize
              + " bytes uncompressed, more than the codec can expand it to");
    }
  }

  /**
   * Decompresses {@code in[off, off + len)}, a page of {@code uncompressedSize} bytes, into the
   * first {@code uncompressedSize} bytes of the array returned: {@code into} when it is not null
   * and long enough, else a new one.
   */
  static byte[] decompress(
      CompressionCodecName codec, byte[] in, int off, int len, int uncompressedSize, byte[] into)
      throws IOException {
    checkSize(codec, len, uncompressedSize);
    switch (codec) {
      case UNCOMPRESSED:
        if (len != uncompressedSize) {
          throw new IOException(
              "uncompressed page of " + len + " bytes, header says " + uncompressedSize);
        }
        return off == 0 && len == in.length ? in : java.util.Arrays.copyOfRange(in, off, off + len);
      case SNAPPY:
        {
          if (!Snappy.isValidCompressedBuffer(in, off, len)
              || Snappy.uncompressedLength(in, off, len) != uncompressedSize) {
            throw new IOException(
                "malformed SNAPPY page (or not of " + uncompressedSize + " bytes)");
          }
          byte[] out = target(into, uncompressedSize);
          Snappy.uncompress(in, off, len, out, 0);
          return out;
        }
      case ZSTD:
        {
          if (uncompressedSize > 16L * len + (1 << 20)) {
            return zstdStreaming(in, off, len, uncompressedSize);
          }
          byte[] out = target(into, uncompressedSize);
          long n = Zstd.decompressByteArray(out, 0, uncompressedSize, in, off, len);
          if (Zstd.isError(n) || n != uncompressedSize) {
            throw new IOException(
                "malformed ZSTD page: "
                    + (Zstd.isError(n)
                        ? Zstd.getErrorName(n)
                        : n + " bytes, expected " + uncompressedSize));
          }
          return out;
        }
      case GZIP:
        {
          byte[] out = target(into, uncompressedSize);
          try (InputStream gz = new GZIPInputStream(new ByteArrayInputStream(in, off, len))) {
            int at = 0;
            while (at < uncompressedSize) {
              int r = gz.read(out, at, uncompressedSize - at);
              if (r < 0) {
                throw new IOException("GZIP page shorter than " + uncompressedSize + " bytes");
              }
              at += r;
            }
          }
          return out;
        }
      case LZ4_RAW:
        {
          byte[] out = target(into, uncompressedSize);
          int n;
          try {
            n = new Lz4Decompressor().decompress(in, off, len, out, 0, uncompressedSize);
          } catch (RuntimeException e) {
            throw new IOException("malformed LZ4_RAW page: " + e.getMessage(), e);
          }
          if (n != uncompressedSize) {
            throw new IOException(
                "LZ4_RAW page of " + n + " bytes, header says " + uncompressedSize);
          }
          return out;
        }
      default:
        throw new AssertionError(codec);
    }
  }

  /**
   * Decompresses a zstd page whose header claims a size far beyond its bytes: the output grows as
   * it is produced, so a forged header costs no more memory than the data really expands to.
   */
  private static byte[] zstdStreaming(byte[] in, int off, int len, int uncompressedSize)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(len * 4);
    byte[] chunk = new byte[64 * 1024];
    try (InputStream z =
        new com.github.luben.zstd.ZstdInputStream(new ByteArrayInputStream(in, off, len))) {
      int r;
      while ((r = z.read(chunk)) > 0) {
        out.write(chunk, 0, r);
        if (out.size() > uncompressedSize) {
          break;
        }
      }
    } catch (IOException e) {
      throw new IOException("malformed ZSTD page: " + e.getMessage(), e);
    }
    if (out.size() != uncompressedSize) {
      throw new IOException(
          "ZSTD page expands to " + out.size() + " bytes, header says " + uncompressedSize);
    }
    return out.toByteArray();
  }

  /** How many times its input a codec's output can be at most (a bound, not an estimate). */
  private static long maxExpansion(CompressionCodecName codec) {
    switch (codec) {
      case UNCOMPRESSED:
        return 1;
      case SNAPPY:
        return 32;
      case LZ4_RAW:
        return 256;
      case GZIP:
        return 1032;
      default:
        // zstd: a block of 3 bytes can describe 128 KiB of repeated bytes.
        return 1L << 16;
    }
  }

  static byte[] compress(CompressionCodecName codec, int level, byte[] in) throws IOException {
    switch (codec) {
      case UNCOMPRESSED:
        return in;
      case SNAPPY:
        return Snappy.compress(in);
      case ZSTD:
        return Zstd.compress(in, level);
      case GZIP:
        {
          ByteArrayOutputStream out = new ByteArrayOutputStream(in.length / 2 + 64);
          try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(in);
          }
          return out.toByteArray();
        }
      case LZ4_RAW:
        {
          Lz4Compressor c = new Lz4Compressor();
          byte[] out = new byte[c.maxCompressedLength(in.length)];
          int n = c.compress(in, 0, in.length, out, 0, out.length);
          return java.util.Arrays.copyOf(out, n);
        }
      default:
        throw new AssertionError(codec);
    }
  }
}
