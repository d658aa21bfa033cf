/**
 * Concurrent, coalesced ranged reads of the BLOB payloads a scan selects.
 *
 * <pre>{@code
 * try (BlobBatch r = BlobReader.of(docs.scan().where("category = 'lake'")).parallelism(32)
 *                              .read("image", "pages")) {
 *   List<byte[]> images = r.blobs("image");          // BLOB: row-aligned, null for a null cell
 *   List<List<byte[]>> pages = r.arrays("pages");    // ARRAY<BLOB>
 * }
 * }</pre>
 *
 * <p>{@link io.paimon.multimodal.blob.BlobReader} is the entry point; {@link
 * io.paimon.multimodal.blob.BlobBatch} the result; {@link
 * io.paimon.multimodal.blob.BlobReadException} names the row, column and file of a failed read.
 */
package io.paimon.multimodal.blob;
