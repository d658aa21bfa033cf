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
package io.paimon.multimodal.window;

/**
 * The element type of a {@link Tensor}, named as in PyTorch ({@code torch.uint8}, {@code
 * torch.float32}, ...). Each names the primitive array a tensor of it is backed by.
 */
public enum DType {
  /** {@code boolean[]}; one byte per element, as in PyTorch. */
  BOOL(1),
  /** Unsigned 8-bit integers in a {@code byte[]}: the bits are kept, reads are {@code b & 0xFF}. */
  UINT8(1),
  /** Signed 8-bit integers in a {@code byte[]}. */
  INT8(1),
  /** {@code short[]}. */
  INT16(2),
  /** {@code int[]}. */
  INT32(4),
  /** {@code long[]}. */
  INT64(8),
  /** {@code float[]}. */
  FLOAT32(4),
  /** {@code double[]}. */
  FLOAT64(8);

  private final int byteSize;

  DType(int byteSize) {
    this.byteSize = byteSize;
  }

  /** The size of one element in bytes, as PyTorch's {@code element_size()}. */
  public int byteSize() {
    return byteSize;
  }
}
