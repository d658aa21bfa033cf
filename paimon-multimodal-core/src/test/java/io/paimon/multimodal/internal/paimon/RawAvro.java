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

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * Builds Avro container files byte by byte, so tests can declare lengths and counts that no Avro
 * writer would, and measures what a read allocates.
 */
final class RawAvro {

  static final byte[] SYNC = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  /** A container header: magic, the schema and codec as metadata, the sync marker. */
  static RawAvro header(String schemaJson, String codec) {
    RawAvro a = new RawAvro();
    a.raw(new byte[] {'O', 'b', 'j', 1});
    a.zigzag(2).string("avro.schema").string(schemaJson).string("avro.codec").string(codec);
    a.zigzag(0).raw(SYNC);
    return a;
  }

  /** A block of {@code count} records whose (already compressed) bytes are {@code data}. */
  RawAvro block(long count, byte[] data) {
    return zigzag(count).zigzag(data.length).raw(data).raw(SYNC);
  }

  /** Appends {@code v} as Avro writes a {@code long}: zigzag-mapped, then an unsigned varint. */
  RawAvro zigzag(long v) {
    long z = (v << 1) ^ (v >> 63);
    while ((z & ~0x7FL) != 0) {
      out.write((int) ((z & 0x7F) | 0x80));
      z >>>= 7;
    }
    out.write((int) z);
    return this;
  }

  RawAvro string(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    return zigzag(b.length).raw(b);
  }

  RawAvro raw(byte[] b) {
    out.write(b, 0, b.length);
    return this;
  }

  byte[] bytes() {
    return out.toByteArray();
  }

  /** Avro data: the bytes of {@code values}, each a long as a zigzag varint or a byte[] as is. */
  static byte[] data(Object... values) {
    RawAvro a = new RawAvro();
    for (Object v : values) {
      if (v instanceof byte[]) {
        a.raw((byte[]) v);
      } else if (v instanceof String) {
        a.string((String) v);
      } else {
        a.zigzag(((Number) v).longValue());
      }
    }
    return a.bytes();
  }

  interface Body {
    void run() throws Throwable;
  }

  /** The heap bytes the current thread allocates while running {@code body}, which may throw. */
  static long allocatedBy(Body body) {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = mx.getCurrentThreadAllocatedBytes();
    try {
      body.run();
    } catch (Error e) {
      throw e;
    } catch (Throwable expected) {
      // The caller checks the exception separately; here only the allocation counts.
    }
    return mx.getCurrentThreadAllocatedBytes() - before;
  }
}
