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
package io.paimon.multimodal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A reference to a BLOB payload: a byte range ({@code offset}, {@code length}) of the object at
 * {@code uri}, either a {@code .blob} file of the table or an external object the user registered.
 * Serialized as Paimon's version-2 descriptor:
 *
 * <pre>
 * version int8 = 2 | magic int64 "BLOBDESC" | uri length int32 | uri UTF-8 | offset int64 | length int64
 * </pre>
 *
 * (little-endian, as Paimon writes it: the magic is the long 0x424C4F4244455343, so its bytes on
 * disk read "CSEDBOLB"; version 1, without the magic, is read too). A length of {@value
 * #UNKNOWN_LENGTH} means "to the end of the object", as in Paimon's descriptors of whole external
 * files ({@code Blob.fromFile(io, path)}, {@code Blob.fromHttp(uri)}). Immutable and thread-safe.
 */
public final class BlobDescriptor {

  /** The current serialization version. */
  public static final byte VERSION = 2;

  /**
   * The magic after the version byte: "BLOBDESC" read as a big-endian long, written little-endian
   * like every field (bytes {@code 43 53 45 44 42 4F 4C 42}), exactly as Paimon does.
   */
  public static final long MAGIC = 0x424C4F4244455343L;

  /** The length of a descriptor covering everything from its offset to the end of the object. */
  public static final long UNKNOWN_LENGTH = -1;

  private final String uri;
  private final long offset;
  private final long length;

  /**
   * Creates a descriptor.
   *
   * @param length the range's length, or {@link #UNKNOWN_LENGTH} for the rest of the object
   * @throws IllegalArgumentException if offset is negative, length is below {@link
   *     #UNKNOWN_LENGTH}, or the uri is empty
   */
  public BlobDescriptor(String uri, long offset, long length) {
    this.uri = Objects.requireNonNull(uri, "uri");
    if (uri.isEmpty()) {
      throw new IllegalArgumentException("BLOB descriptor uri must not be empty");
    }
    if (offset < 0 || length < UNKNOWN_LENGTH) {
      throw new IllegalArgumentException(
          "BLOB descriptor offset must not be negative and length must be >= -1: "
              + offset
              + ", "
              + length);
    }
    this.offset = offset;
    this.length = length;
  }

  /** The object holding the payload. */
  public String uri() {
    return uri;
  }

  /** Where the payload starts in the object. */
  public long offset() {
    return offset;
  }

  /** The payload's length in bytes, or {@link #UNKNOWN_LENGTH} for the rest of the object. */
  public long length() {
    return length;
  }

  /** The version-2 serialization. */
  public byte[] serialize() {
    byte[] u = uri.getBytes(StandardCharsets.UTF_8);
    ByteBuffer buf =
        ByteBuffer.allocate(1 + 8 + 4 + u.length + 8 + 8).order(ByteOrder.LITTLE_ENDIAN);
    buf.put(VERSION).putLong(MAGIC).putInt(u.length).put(u).putLong(offset).putLong(length);
    return buf.array();
  }

  /**
   * Parses a serialized descriptor (version 1 or 2).
   *
   * @throws IllegalArgumentException naming what is wrong if the bytes are not a descriptor
   */
  public static BlobDescriptor deserialize(byte[] bytes) {
    ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (buf.remaining() < 1) {
      throw new IllegalArgumentException("empty BLOB descriptor");
    }
    byte version = buf.get();
    if (version == 2) {
      if (buf.remaining() < 8 || buf.getLong() != MAGIC) {
        throw new IllegalArgumentException("BLOB descriptor version 2 without the BLOBDESC magic");
      }
    } else if (version != 1) {
      throw new IllegalArgumentException("unknown BLOB descriptor version " + version);
    }
    if (buf.remaining() < 4) {
      throw new IllegalArgumentException("BLOB descriptor truncated before its uri length");
    }
    int uriLength = buf.getInt();
    if (uriLength <= 0 || uriLength > buf.remaining() - 16) {
      throw new IllegalArgumentException(
          "BLOB descriptor uri length "
              + uriLength
              + " does not fit its "
              + bytes.length
              + " bytes");
    }
    byte[] u = new byte[uriLength];
    buf.get(u);
    long offset = buf.getLong();
    long length = buf.getLong();
    if (buf.hasRemaining()) {
      throw new IllegalArgumentException(
          "BLOB descriptor has " + buf.remaining() + " trailing bytes");
    }
    return new BlobDescriptor(new String(u, StandardCharsets.UTF_8), offset, length);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BlobDescriptor
        && ((BlobDescriptor) o).uri.equals(uri)
        && ((BlobDescriptor) o).offset == offset
        && ((BlobDescriptor) o).length == length;
  }

  @Override
  public int hashCode() {
    return Objects.hash(uri, offset, length);
  }

  @Override
  public String toString() {
    return "BlobDescriptor{uri=" + uri + ", offset=" + offset + ", length=" + length + "}";
  }
}
