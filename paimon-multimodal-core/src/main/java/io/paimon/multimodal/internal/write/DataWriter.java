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

import io.paimon.multimodal.internal.paimon.ManifestEntry;
import java.io.IOException;
import java.util.List;

/**
 * Writes the rows of one commit into data files. On any failure the caller calls {@link #abort()},
 * which deletes every file written. Not thread-safe.
 */
public interface DataWriter {

  /**
   * Writes one row of Java values in schema order (BLOB cells as {@code byte[]}, {@code
   * BlobDescriptor} or null).
   *
   * @throws io.paimon.multimodal.SchemaException if a value does not fit its column; the message
   *     names the column and the row's position in this write
   */
  void write(Object[] values) throws IOException;

  /**
   * Writes the rows of an Arrow batch, encoding them straight from its vectors where they have the
   * layout of the {@code .row} codec (the rest converted to Java values as {@link #write(Object[])}
   * takes them); the files written are byte for byte those {@link #write(Object[])} of the same
   * rows would write.
   *
   * @throws io.paimon.multimodal.SchemaException as {@link #write(Object[])}, naming the row by its
   *     position in the write
   */
  void write(ArrowBatch batch) throws IOException;

  /**
   * Closes the open files and returns their manifest entries, without row IDs yet, in the order the
   * commit must assign row IDs (each data file before its {@code .blob} files).
   */
  List<ManifestEntry> finish() throws IOException;

  /** Every file this writer created so far (paths), for the cleanup of a lost commit attempt. */
  List<String> writtenFiles();

  /** Closes and deletes every file written; never throws. */
  void abort();
}
