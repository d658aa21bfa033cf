/**
 * Storage: every byte the library reads or writes goes through a {@link
 * io.paimon.multimodal.fs.FileIO}, so a store can be swapped in or a wrapper can add latency, count
 * requests or inject faults.
 *
 * <pre>{@code
 * Connection conn = Multimodal.builder().warehouse("/data/warehouse").fileIO(FileIO.local()).connect();
 * }</pre>
 */
package io.paimon.multimodal.fs;
