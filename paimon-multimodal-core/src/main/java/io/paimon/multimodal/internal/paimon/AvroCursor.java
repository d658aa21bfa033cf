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

import java.util.Arrays;

/**
 * A bounds-checked reader of Avro's binary encoding over a byte range: zigzag varints of at most
 * {@value #MAX_LONG_BYTES} bytes, lengths checked against what remains before anything is skipped
 * or copied. Every failure is a {@link PaimonFormatException} naming {@code where} and the offset.
 * Not thread-safe; one cursor per reader.
 */
final class AvroCursor {

  // Avro's varint limits and zigzag mapping are defined here, not taken from the .row codec: they
  // are Avro's, and the codec's helpers are internal to paimon-row-format.

  /** The most bytes an Avro {@code long} takes. */
  private static final int MAX_LONG_BYTES = 10;

  /** The most bytes an Avro {@code int} takes. */
  private static final int MAX_INT_BYTES = 5;

  private final byte[] buf;
  private final int end;
  private final String where;
  private int pos;

  AvroCursor(byte[] buf, int offset, int length, String where) {
    this.buf = buf;
    this.pos = offset;
    this.end = offset + length;
    this.where = where;
  }

  int position() {
    return pos;
  }

  int remaining() {
    return end - pos;
  }

  boolean atEnd() {
    return pos >= end;
  }

  /** An Avro {@code long}: a zigzag varint of at most ten bytes. */
  long readLong() throws PaimonFormatException {
    return unzigzag(readVarint(MAX_LONG_BYTES));
  }

  /** An Avro {@code int}: a zigzag varint of at most five bytes whose value fits in 32 bits. */
  int readInt() throws PaimonFormatException {
    int start = pos;
    long raw = readVarint(MAX_INT_BYTES);
    if ((raw >>> 32) != 0) {
      pos = start;
      throw error("int varint overflows 32 bits");
    }
    return (int) unzigzag(raw);
  }

  /** The length prefix of a string or bytes value, which must fit in what remains. */
  int readLength() throws PaimonFormatException {
    int start = pos;
    long n = readLong();
    int left = remaining();
    if (n < 0 || n > left) {
      pos = start;
      throw error("length " + n + " outside the " + left + " bytes left after it");
    }
    return (int) n;
  }

  void skip(long n) throws PaimonFormatException {
    if (n < 0 || n > remaining()) {
      throw error("needs " + n + " bytes, " + remaining() + " left");
    }
    pos += (int) n;
  }

  byte[] readBytes(int n) throws PaimonFormatException {
    int start = pos;
    skip(n);
    return Arrays.copyOfRange(buf, start, start + n);
  }

  PaimonFormatException error(String message) {
    return new PaimonFormatException(where + " at byte " + pos + ": " + message);
  }

  /** Inverse of Avro's zigzag mapping: 0, 1, 2, 3, ... to 0, -1, 1, -2, .... */
  private static long unzigzag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }

  private long readVarint(int maxBytes) throws PaimonFormatException {
    int start = pos;
    long raw = 0;
    for (int i = 0; i < maxBytes; i++) {
      if (pos >= end) {
        pos = start;
        throw error("truncated varint");
      }
      int b = buf[pos++] & 0xFF;
      raw |= (long) (b & 0x7F) << (7 * i);
      if ((b & 0x80) == 0) {
        return raw;
      }
    }
    pos = start;
    throw error("varint longer than " + maxBytes + " bytes");
  }
}
