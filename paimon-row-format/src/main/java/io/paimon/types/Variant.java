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
package io.paimon.types;

import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * A VARIANT value as stored: the encoded value bytes and the metadata (dictionary) bytes. This
 * class does not interpret the encoding; it carries it losslessly. Immutable: the arrays are copied
 * in and out.
 */
public final class Variant {

  private final byte[] value;
  private final byte[] metadata;

  private Variant(byte[] value, byte[] metadata) {
    this.value = value;
    this.metadata = metadata;
  }

  /** A variant of the given value and metadata bytes (both copied). */
  public static Variant of(byte[] value, byte[] metadata) {
    return new Variant(
        Objects.requireNonNull(value, "value").clone(),
        Objects.requireNonNull(metadata, "metadata").clone());
  }

  /** A copy of the value bytes. */
  public byte[] value() {
    return value.clone();
  }

  /** A copy of the metadata bytes. */
  public byte[] metadata() {
    return metadata.clone();
  }

  /** The number of value bytes. */
  public int valueLength() {
    return value.length;
  }

  /** The number of metadata bytes. */
  public int metadataLength() {
    return metadata.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Variant
        && Arrays.equals(value, ((Variant) o).value)
        && Arrays.equals(metadata, ((Variant) o).metadata);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(value) + Arrays.hashCode(metadata);
  }

  @Override
  public String toString() {
    Base64.Encoder b64 = Base64.getEncoder();
    return "Variant{value="
        + b64.encodeToString(value)
        + ", metadata="
        + b64.encodeToString(metadata)
        + "}";
  }
}
