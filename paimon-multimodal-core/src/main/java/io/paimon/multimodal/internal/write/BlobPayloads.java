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
package io.paimon.multimodal.internal.write;

import io.paimon.blob.BlobFileWriter;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Stores the cells of BLOB columns in their {@code .blob} files: bytes as given, a {@link
 * BlobDescriptor} by copying the range it points at (read through the table's {@link FileIO}, in
 * bounded chunks for a scalar BLOB), as Paimon does for its default layout. Not thread-safe (one
 * per {@link TableWriter}).
 */
final class BlobPayloads {

  private final FileIO io;

  BlobPayloads(FileIO io) {
    this.io = io;
  }

  /** Adds one cell of a BLOB column to its {@code .blob} file. */
  void store(BlobFileWriter blobs, String name, DataType type, Object value, long position)
      throws IOException {
    if (value == null) {
      blobs.addNull();
      return;
    }
    if (type.root() == DataTypeRoot.BLOB) {
      if (value instanceof BlobDescriptor) {
        copyPayload(blobs, name, (BlobDescriptor) value, position);
      } else if (value instanceof byte[]) {
        blobs.add((byte[]) value);
      } else {
        throw new SchemaException(
            "row "
                + position
                + ": BLOB column '"
                + name
                + "' takes byte[] or BlobDescriptor, got "
                + value.getClass().getName());
      }
      return;
    }
    if (type.root() == DataTypeRoot.ARRAY) {
      List<?> cells = BlobCells.list(name, type, value, position);
      List<byte[]> payloads = new ArrayList<>(cells.size());
      for (Object cell : cells) {
        payloads.add(payloadBytes(name, cell, position));
      }
      blobs.addArray(payloads);
      return;
    }
    Map<?, ?> map = BlobCells.map(name, type, value, position);
    List<Map.Entry<Object, byte[]>> entries = new ArrayList<>(map.size());
    for (Map.Entry<?, ?> e : map.entrySet()) {
      entries.add(
          new AbstractMap.SimpleEntry<>(e.getKey(), payloadBytes(name, e.getValue(), position)));
    }
    blobs.addMap(entries);
  }

  /** The bytes of a BLOB element: given, or read from where a descriptor points. */
  private byte[] payloadBytes(String column, Object cell, long position) throws IOException {
    if (cell == null || cell instanceof byte[]) {
      return (byte[]) cell;
    }
    if (cell instanceof BlobDescriptor) {
      BlobDescriptor d = (BlobDescriptor) cell;
      InputFile in = io.newInputFile(d.uri());
      long length = payloadLength(in, d, column, position);
      if (length > Integer.MAX_VALUE - 16) {
        throw new SchemaException(
            "row " + position + ": a BLOB element of column '" + column + "' is over 2 GiB");
      }
      byte[] bytes = new byte[(int) length];
      in.readFully(d.offset(), bytes, 0, bytes.length);
      return bytes;
    }
    throw new SchemaException(
        "row "
            + position
            + ": BLOB elements of column '"
            + column
            + "' take byte[] or BlobDescriptor, got "
            + cell.getClass().getName());
  }

  private static long payloadLength(InputFile in, BlobDescriptor d, String column, long position)
      throws IOException {
    long size = in.length();
    long length = d.length() == BlobDescriptor.UNKNOWN_LENGTH ? size - d.offset() : d.length();
    if (d.offset() > size || length < 0 || d.offset() + length > size) {
      throw new SchemaException(
          "row "
              + position
              + ": column '"
              + column
              + "': descriptor "
              + d
              + " points past the end of its "
              + size
              + "-byte object");
    }
    return length;
  }

  private void copyPayload(BlobFileWriter blobs, String column, BlobDescriptor d, long position)
      throws IOException {
    InputFile in = io.newInputFile(d.uri());
    long length = payloadLength(in, d, column, position);
    blobs.add(new RangeInputStream(in, d.offset(), length), length);
  }
}
