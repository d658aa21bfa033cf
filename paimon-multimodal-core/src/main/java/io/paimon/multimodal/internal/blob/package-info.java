/**
 * Apache Paimon's {@code .blob} file format: {@link
 * io.paimon.multimodal.internal.blob.BlobFileWriter} streams one BLOB, ARRAY&lt;BLOB&gt; or
 * MAP&lt;K, BLOB&gt; column into a file, {@link io.paimon.multimodal.internal.blob.BlobFileReader}
 * reads and validates one, and {@link io.paimon.multimodal.internal.blob.BlobFormat} holds the
 * layout and the entry check a ranged-read engine runs on fetched bytes. Not a public API: it may
 * change without notice. The format is described in {@code docs/blob-format.md}.
 *
 * <pre>{@code
 * try (BlobFileWriter w = BlobFileWriter.create(io, path, DataTypes.BLOB())) {
 *   long[] range = w.add(imageBytes);   // {offset, length}: a BlobDescriptor's range
 * }
 * try (BlobFileReader r = BlobFileReader.open(io, path)) {
 *   byte[] image = r.read(0);           // CRC32-verified
 * }
 * }</pre>
 */
package io.paimon.multimodal.internal.blob;
