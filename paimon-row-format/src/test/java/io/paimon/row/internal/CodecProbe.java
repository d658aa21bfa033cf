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

import io.paimon.row.Row;
import io.paimon.row.RowFormatException;
import io.paimon.row.SeekableInput;
import io.paimon.types.RowType;
import java.io.IOException;
import org.apache.arrow.vector.FieldVector;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reaches the codec's package-private hot paths (row encoding, block decompression and validation,
 * row and Arrow decoding, index and varint decoding) for the JMH suite {@link RowFormatBenchmarks}.
 * It lives in the codec's test sources, in its internal package, so the codec itself exposes
 * nothing for benchmarking. Not an API; not thread-safe.
 */
public final class CodecProbe {

  private CodecProbe() {}

  /** Encodes rows into one block buffer, starting over when a block's worth is written. */
  public static final class Encoder {
    private final RowCodec codec;
    private final ByteSink sink;
    private final int blockSize;

    /** An encoder for rows of {@code type} into blocks of {@code blockSize} bytes. */
    public Encoder(RowType type, int blockSize) {
      this.codec = new RowCodec(type, null);
      this.blockSize = blockSize;
      this.sink = new ByteSink(blockSize + 1024);
    }

    /** Appends one row; returns the position after it. */
    public int encode(Row row) throws RowFormatException {
      if (sink.position() >= blockSize) {
        sink.position(0);
      }
      codec.write(sink, row);
      return sink.position();
    }
  }

  /** A whole file in memory, with its validated index and one decoded block. */
  public static final class Blocks implements AutoCloseable {
    private final RowFileMeta meta;
    private final byte[] file;
    private final BlockDecoder decoder;
    private final DecodedBlock block = new DecodedBlock();
    private final BlockInput in;
    private final RowCodec codec;
    private ArrowColumn[] columns;
    private FieldVector[] columnVectors;

    private Blocks(RowFileMeta meta, byte[] file, RowType type) {
      this.meta = meta;
      this.file = file;
      this.decoder = new BlockDecoder(meta);
      this.in = new BlockInput(meta.name);
      this.codec = new RowCodec(type, null);
    }

    /** Reads the whole file into memory and validates its footer and index. */
    public static Blocks load(SeekableInput input, RowType type) throws IOException {
      RowFileMeta meta = RowFileMeta.read(input);
      byte[] file = new byte[Math.toIntExact(meta.fileSize)];
      input.readFully(0, file, 0, file.length);
      return new Blocks(meta, file, type);
    }

    /** The number of blocks. */
    public int blockCount() {
      return meta.blockCount;
    }

    /** The number of rows in the decoded block. */
    public int rowCount() {
      return block.rowCount;
    }

    /** The file's block index bytes, for {@link #decodeIndex}. */
    public byte[] indexBytes() {
      byte[] index = new byte[meta.indexLength];
      System.arraycopy(file, (int) meta.indexOffset, index, 0, index.length);
      return index;
    }

    /** Decompresses and validates block {@code b}, which becomes the decoded block. */
    public int decompress(int b) throws RowFormatException {
      decoder.decode(b, file, (int) meta.blockOffsets[b], block);
      return block.size;
    }

    /** Decodes every row of the decoded block into a generic row. */
    public void readRows(Blackhole sink) throws RowFormatException {
      in.reset(block.data, block.index, block.fileOffset);
      for (int i = 0; i < block.rowCount; i++) {
        in.row(block.offsets[i], block.offsets[i + 1], block.firstRow + i);
        sink.consume(codec.read(in));
      }
    }

    /**
     * Decodes every row of the decoded block into {@code vectors} as the Arrow reader does: staged
     * per column, copied into the vectors at the end, over whatever the vectors held before.
     */
    public int readArrow(FieldVector[] vectors) throws RowFormatException {
      if (columns == null || columnVectors != vectors) {
        columns = codec.arrowColumns(vectors);
        columnVectors = vectors;
      }
      for (ArrowColumn c : columns) {
        c.reset(block.rowCount);
      }
      in.reset(block.data, block.index, block.fileOffset);
      for (int i = 0; i < block.rowCount; i++) {
        in.row(block.offsets[i], block.offsets[i + 1], block.firstRow + i);
        codec.readColumns(in, columns);
      }
      for (ArrowColumn c : columns) {
        c.finish();
      }
      return block.rowCount;
    }

    /** As {@link #readArrow}, but value by value through Arrow's setters (the reference path). */
    public int readArrowPerValue(FieldVector[] vectors) throws RowFormatException {
      in.reset(block.data, block.index, block.fileOffset);
      for (int i = 0; i < block.rowCount; i++) {
        in.row(block.offsets[i], block.offsets[i + 1], block.firstRow + i);
        codec.readArrow(in, vectors, i);
      }
      return block.rowCount;
    }

    @Override
    public void close() {
      decoder.close();
    }
  }

  /** Decodes a block index (three zigzag-varint sections); returns the number of blocks. */
  public static int decodeIndex(byte[] index) throws RowFormatException {
    return IndexCodec.decode(index, "index", 0)[0].length;
  }

  /** Reads {@code count} row-encoding varints from {@code buf}; returns their sum. */
  public static long readVarints(byte[] buf, int count) throws RowFormatException {
    BlockInput in = new BlockInput("varints");
    in.reset(buf, 0, 0);
    in.row(0, buf.length, 0);
    long sum = 0;
    for (int i = 0; i < count; i++) {
      sum += in.readVarint();
    }
    return sum;
  }

  /** Writes row-encoding varints into a new buffer. */
  public static byte[] writeVarints(int[] values) {
    ByteSink sink = new ByteSink(values.length * Varints.MAX_VARINT32_BYTES);
    for (int v : values) {
      sink.writeVarint(v);
    }
    byte[] out = new byte[sink.position()];
    System.arraycopy(sink.buffer(), 0, out, 0, out.length);
    return out;
  }
}
