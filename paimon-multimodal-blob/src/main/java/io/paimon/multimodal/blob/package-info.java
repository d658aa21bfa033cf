/**
 * Concurrent, coalesced ranged reads of BLOB payloads selected by a scan.
 *
 * <p>This module is under construction; it lands with the BLOB-reads issue.
 */
package io.paimon.multimodal.blob;
