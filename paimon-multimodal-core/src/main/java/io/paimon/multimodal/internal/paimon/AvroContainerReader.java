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

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * Reads an Avro object container file held in memory into generic records of the file's own
 * (writer) schema, treating the bytes as untrusted.
 *
 * <pre>
 * file   = "Obj" 0x01 | metadata: map&lt;bytes&gt; ("avro.schema", "avro.codec") | sync: 16 bytes
 *          | block*
 * block  = count: long | size: long | size bytes of records, compressed | sync
 * </pre>
 *
 * <p>Apache Avro's own {@code DataFileReader} allocates whatever a length in the file declares (a
 * metadata value, a block, a string, an array) before checking that the bytes exist, and
 * decompresses without a bound, so this class parses the container itself: every length and count
 * is checked against what remains; all blocks together decompress to at most {@value
 * #MAX_INFLATION} times the file's size, and never more than {@value #MAX_DECOMPRESSED_BYTES}
 * bytes; zstd frames may not ask for a window over 2^{@value #ZSTD_WINDOW_LOG_MAX} bytes; the
 * schema's JSON may nest at most {@value #MAX_SCHEMA_JSON_DEPTH} deep; and each block passes {@link
 * AvroDatumBounds} before Avro's {@link GenericDatumReader} decodes it. Codecs: {@code null},
 * {@code deflate} and {@code zstandard} (what Paimon writes by default).
 *
 * <p>Stateless; safe to call from any thread.
 */
final class AvroContainerReader {

  /** The most bytes all blocks of one file may decompress to (Paimon's manifests are ~8 MB). */
  static final long MAX_DECOMPRESSED_BYTES = 256L << 20;

  /** The most a file's blocks may decompress to, as a multiple of the file's size. */
  static final int MAX_INFLATION = 1024;

  /** The largest zstd window accepted, as log2 bytes: 8 MiB covers compression levels 1 to 19. */
  static final int ZSTD_WINDOW_LOG_MAX = 23;

  /** How deep the schema's JSON may nest (Paimon's manifest schema nests 12 deep). */
  static final int MAX_SCHEMA_JSON_DEPTH = 128;

  private static final byte[] MAGIC = {'O', 'b', 'j', 1};
  private static final int SYNC_SIZE = 16;

  /**
   * The decoded file.
   *
   * @param schema the writer's schema, from the file's header
   * @param codec the block codec
   * @param records every record, in file order
   */
  record Contents(Schema schema, String codec, List<GenericRecord> records) {}

  private final byte[] bytes;
  private final String file;
  private long decompressBudget;

  private AvroContainerReader(byte[] bytes, String file) {
    this.bytes = bytes;
    this.file = file;
    this.decompressBudget = Math.min(MAX_DECOMPRESSED_BYTES, (long) MAX_INFLATION * bytes.length);
  }

  /**
   * Decodes {@code bytes}, an Avro object container file named {@code file} in messages.
   *
   * @throws PaimonFormatException naming {@code file} for any malformed input
   */
  static Contents read(byte[] bytes, String file) throws PaimonFormatException {
    try {
      return new AvroContainerReader(bytes, file).readAll();
    } catch (PaimonFormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // Avro, zstd and the JDK signal bad input with many exception types; none may escape.
      throw new PaimonFormatException(file + ": malformed Avro file: " + e, e);
    }
  }

  private Contents readAll() throws IOException {
    AvroCursor in = new AvroCursor(bytes, 0, bytes.length, file);
    if (in.remaining() < MAGIC.length || !Arrays.equals(in.readBytes(MAGIC.length), MAGIC)) {
      throw new PaimonFormatException(file + ": not an Avro object container file (no magic)");
    }
    Map<String, byte[]> meta = readMetadata(in);
    byte[] sync = in.readBytes(Math.min(SYNC_SIZE, in.remaining()));
    if (sync.length < SYNC_SIZE) {
      throw in.error("truncated sync marker");
    }
    byte[] schemaJson = meta.get("avro.schema");
    if (schemaJson == null) {
      throw new PaimonFormatException(file + ": Avro header has no avro.schema");
    }
    Schema schema = parseSchema(new String(schemaJson, StandardCharsets.UTF_8));
    byte[] codecName = meta.get("avro.codec");
    String codec = codecName == null ? "null" : new String(codecName, StandardCharsets.UTF_8);
    if (!codec.equals("null") && !codec.equals("deflate") && !codec.equals("zstandard")) {
      throw new PaimonFormatException(file + ": unsupported Avro codec " + codec);
    }

    GenericDatumReader<GenericRecord> reader =
        new GenericDatumReader<>(schema, schema, GENERIC_DATA);
    List<GenericRecord> records = new ArrayList<>();
    BinaryDecoder decoder = null;
    for (int block = 0; !in.atEnd(); block++) {
      long count = in.readLong();
      long size = in.readLong();
      if (count < 0) {
        throw in.error("block " + block + " declares " + count + " records");
      }
      if (size < 0 || size > in.remaining() - SYNC_SIZE) {
        throw in.error("block " + block + " of " + size + " bytes outside the file");
      }
      int offset = in.position();
      in.skip(size);
      if (!Arrays.equals(in.readBytes(SYNC_SIZE), sync)) {
        throw in.error("sync marker after block " + block + " differs from the header's");
      }
      byte[] data = decompress(codec, offset, (int) size, block);
      AvroDatumBounds.checkBlock(
          schema, new AvroCursor(data, 0, data.length, file + " block " + block), count);
      decoder = DecoderFactory.get().binaryDecoder(data, decoder);
      for (long i = 0; i < count; i++) {
        records.add(reader.read(null, decoder));
      }
    }
    return new Contents(schema, codec, records);
  }

  private Map<String, byte[]> readMetadata(AvroCursor in) throws PaimonFormatException {
    Map<String, byte[]> meta = new HashMap<>();
    while (true) {
      long count = in.readLong();
      if (count == 0) {
        return meta;
      }
      if (count < 0) {
        if (count == Long.MIN_VALUE) {
          throw in.error("invalid metadata entry count");
        }
        count = -count;
        in.readLong(); // the block's byte size, which we do not need
      }
      // Each entry takes at least two bytes: an empty key and an empty value.
      if (count > in.remaining() / 2) {
        throw in.error(count + " metadata entries in " + in.remaining() + " bytes");
      }
      for (long i = 0; i < count; i++) {
        String key = new String(in.readBytes(in.readLength()), StandardCharsets.UTF_8);
        meta.put(key, in.readBytes(in.readLength()));
      }
    }
  }

  /**
   * One data model for every read: constructing one loads Avro's logical-type conversions through
   * {@link java.util.ServiceLoader}, which cost more than decoding a small manifest.
   */
  static final GenericData GENERIC_DATA = new GenericData();

  /** Parsed writer schemas by their JSON: a table's metadata files share a handful of schemas. */
  private static final java.util.concurrent.ConcurrentHashMap<String, Schema> SCHEMAS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static final int MAX_CACHED_SCHEMAS = 64;

  private Schema parseSchema(String json) throws PaimonFormatException {
    Schema cached = SCHEMAS.get(json);
    if (cached != null) {
      return cached;
    }
    Schema parsed = parseUncached(json);
    if (SCHEMAS.size() >= MAX_CACHED_SCHEMAS) {
      SCHEMAS.clear();
    }
    SCHEMAS.put(json, parsed);
    return parsed;
  }

  private Schema parseUncached(String json) throws PaimonFormatException {
    int depth = 0;
    boolean inString = false;
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        // Avro's parser recurses once per level; bound it before it can overflow the stack.
        if (++depth > MAX_SCHEMA_JSON_DEPTH) {
          throw new PaimonFormatException(
              file + ": Avro schema nests deeper than " + MAX_SCHEMA_JSON_DEPTH);
        }
      } else if (c == '}' || c == ']') {
        depth--;
      }
    }
    Schema schema = new Schema.Parser().parse(json);
    if (schema.getType() != Schema.Type.RECORD) {
      throw new PaimonFormatException(
          file + ": Avro schema is a " + schema.getType() + ", not a record");
    }
    return schema;
  }

  private byte[] decompress(String codec, int offset, int length, int block) throws IOException {
    switch (codec) {
      case "null":
        return charge(Arrays.copyOfRange(bytes, offset, offset + length), block);
      case "deflate":
        // Avro's deflate codec writes raw deflate data without the zlib header.
        Inflater inflater = new Inflater(true);
        try (InputStream in =
            new InflaterInputStream(new ByteArrayInputStream(bytes, offset, length), inflater)) {
          return charge(readBounded(in, length, block), block);
        } finally {
          inflater.end();
        }
      default:
        try (ZstdInputStreamNoFinalizer in =
            new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(bytes, offset, length))) {
          // A frame header may ask for a window of up to 2 GiB, allocated before any data.
          in.setLongMax(ZSTD_WINDOW_LOG_MAX);
          return charge(readBounded(in, length, block), block);
        }
    }
  }

  private byte[] charge(byte[] data, int block) throws PaimonFormatException {
    decompressBudget -= data.length;
    if (decompressBudget < 0) {
      throw tooLarge(block);
    }
    return data;
  }

  /** Reads {@code in} to its end, failing once it yields more than the file's budget allows. */
  private byte[] readBounded(InputStream in, int compressedLength, int block) throws IOException {
    long limit = decompressBudget;
    byte[] buf = new byte[(int) Math.min(limit + 1, Math.max(1024L, 4L * compressedLength))];
    int n = 0;
    while (true) {
      if (n == buf.length) {
        if (n > limit) {
          throw tooLarge(block);
        }
        buf = Arrays.copyOf(buf, (int) Math.min(limit + 1, 2L * buf.length));
      }
      int r = in.read(buf, n, buf.length - n);
      if (r < 0) {
        break;
      }
      n += r;
    }
    if (n > limit) {
      throw tooLarge(block);
    }
    return n == buf.length ? buf : Arrays.copyOf(buf, n);
  }

  private PaimonFormatException tooLarge(int block) {
    return new PaimonFormatException(
        file
            + ": block "
            + block
            + " decompresses to more than the file's limit of "
            + Math.min(MAX_DECOMPRESSED_BYTES, (long) MAX_INFLATION * bytes.length)
            + " bytes");
  }
}
