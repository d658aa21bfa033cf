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
/**
 * Apache Paimon's {@code .blob} file format, byte-compatible with Paimon's own writer and reader:
 * one file holds one {@code BLOB}, {@code ARRAY<BLOB>} or {@code MAP<K, BLOB>} column, one
 * CRC32-checked entry per non-null row, and a row index at the end. The format is described in
 * {@code docs/blob-format.md}.
 *
 * <ul>
 *   <li>{@link io.paimon.blob.BlobFileWriter} streams one column into a file (onto any {@link
 *       java.io.OutputStream}, or a new local file) and reports the file range of every payload and
 *       element, which is what a BLOB descriptor points at;
 *   <li>{@link io.paimon.blob.BlobFileReader} opens and validates one (from any {@link
 *       io.paimon.row.SeekableInput}, or a local file) and reads, streams or locates its cells;
 *   <li>{@link io.paimon.blob.BlobFormat} holds the layout's constants and the entry check that an
 *       engine fetching entries with its own ranged reads runs on the fetched bytes; {@link
 *       io.paimon.blob.BlobNestedCodec} decodes nested payloads and {@link
 *       io.paimon.blob.BlobMapKeys} the keys of MAP payloads.
 * </ul>
 *
 * <pre>{@code
 * try (BlobFileWriter w = BlobFileWriter.create(path, DataTypes.BLOB())) {
 *   long[] range = w.add(imageBytes);   // {offset, length}: a BlobDescriptor's range
 * }
 * try (BlobFileReader r = BlobFileReader.open(path)) {
 *   byte[] image = r.read(0);           // CRC32-verified
 * }
 * }</pre>
 *
 * <p>The codec does no I/O of its own beyond the stream or input it is given: a table's storage (an
 * object store, HTTP) plugs in as a {@link io.paimon.row.SeekableInput} for reads and an {@link
 * java.io.OutputStream} for writes. In {@code paimon-multimodal-core} a {@code FileIO}'s {@code
 * InputFile} is a {@code SeekableInput}, so {@code BlobFileReader.open(io.newInputFile(uri))} reads
 * a table's file.
 *
 * <p>Every malformed input raises {@link io.paimon.blob.BlobFormatException} (a CRC mismatch its
 * subclass {@link io.paimon.blob.BlobChecksumException}) naming the file and offset; allocation is
 * bounded by the file's size. Thread-safety: readers, layouts, key codecs and the static helpers
 * are safe to share between threads; a writer is used by one thread at a time.
 */
package io.paimon.blob;
