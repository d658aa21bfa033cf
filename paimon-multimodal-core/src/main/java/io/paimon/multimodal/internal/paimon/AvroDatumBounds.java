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
package io.paimon.multimodal.internal.paimon;

import org.apache.avro.Schema;

/**
 * Walks the records of one decompressed Avro block against the writer's schema without building
 * them, so that Apache Avro's decoder, which allocates a string, bytes value or array as large as
 * the length the data declares before it checks that the bytes exist, only ever sees data whose
 * every length and count fits in the block.
 *
 * <p>Checks, beyond "every length fits in what remains": an array or map block declares at most as
 * many items as bytes remain (every item of Paimon's schemas takes at least one byte); union and
 * enum indexes are in range; nesting is at most {@value #MAX_DEPTH} deep (recursive schemas
 * otherwise recurse as deep as the data says); the walk visits at most {@code 8 * blockBytes +
 * 1024} values, so schemas of zero-byte values ({@code null}, empty records) cannot make a small
 * block cost unbounded time; and the block holds nothing after its last record. Not thread-safe;
 * one instance per block.
 */
final class AvroDatumBounds {

  /** How deep records, unions, arrays and maps may nest in one datum (Paimon's go 7 deep). */
  static final int MAX_DEPTH = 64;

  private final AvroCursor in;
  private long budget;

  private AvroDatumBounds(AvroCursor in) {
    this.in = in;
    this.budget = 8L * in.remaining() + 1024;
  }

  /**
   * Checks that the rest of {@code in} holds exactly {@code count} data of {@code schema}.
   *
   * @throws PaimonFormatException naming the offset of the first violation
   */
  static void checkBlock(Schema schema, AvroCursor in, long count) throws PaimonFormatException {
    if (count < 0 || count > in.remaining()) {
      throw in.error("block declares " + count + " records in " + in.remaining() + " bytes");
    }
    AvroDatumBounds walk = new AvroDatumBounds(in);
    for (long i = 0; i < count; i++) {
      walk.datum(schema, 0);
    }
    if (!in.atEnd()) {
      throw in.error(
          in.remaining() + " bytes follow the last of the block's " + count + " records");
    }
  }

  private void datum(Schema schema, int depth) throws PaimonFormatException {
    if (depth > MAX_DEPTH) {
      throw in.error("values nested deeper than " + MAX_DEPTH);
    }
    if (--budget < 0) {
      throw in.error("more values than the block's size allows");
    }
    switch (schema.getType()) {
      case NULL:
        return;
      case BOOLEAN:
        in.skip(1);
        return;
      case INT:
        in.readInt();
        return;
      case LONG:
        in.readLong();
        return;
      case FLOAT:
        in.skip(4);
        return;
      case DOUBLE:
        in.skip(8);
        return;
      case STRING:
      case BYTES:
        in.skip(in.readLength());
        return;
      case FIXED:
        in.skip(schema.getFixedSize());
        return;
      case ENUM:
        index(schema.getEnumSymbols().size(), "enum symbol");
        return;
      case UNION:
        datum(schema.getTypes().get(index(schema.getTypes().size(), "union branch")), depth + 1);
        return;
      case RECORD:
        for (Schema.Field field : schema.getFields()) {
          datum(field.schema(), depth + 1);
        }
        return;
      case ARRAY:
        items(schema.getElementType(), false, depth + 1);
        return;
      case MAP:
        items(schema.getValueType(), true, depth + 1);
        return;
      default:
        throw in.error("unsupported Avro type " + schema.getType());
    }
  }

  private int index(int size, String what) throws PaimonFormatException {
    int i = in.readInt();
    if (i < 0 || i >= size) {
      throw in.error(what + " " + i + " out of range [0, " + size + ")");
    }
    return i;
  }

  /** Avro arrays and maps: blocks of {@code count} items until a count of zero. */
  private void items(Schema item, boolean mapKeys, int depth) throws PaimonFormatException {
    while (true) {
      long count = in.readLong();
      if (count == 0) {
        return;
      }
      if (count < 0) {
        // A negative count is followed by the block's size in bytes, which readers may skip by.
        if (count == Long.MIN_VALUE) {
          throw in.error("invalid item count");
        }
        count = -count;
        long size = in.readLong();
        if (size < 0 || size > in.remaining()) {
          throw in.error("item block size " + size + " outside the " + in.remaining() + " left");
        }
      }
      if (count > in.remaining()) {
        throw in.error("block of " + count + " items in " + in.remaining() + " bytes");
      }
      for (long i = 0; i < count; i++) {
        if (mapKeys) {
          in.skip(in.readLength());
        }
        datum(item, depth);
      }
    }
  }
}
