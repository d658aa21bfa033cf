package io.paimon.multimodal.blob.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * One ranged read: a piece of a merged run of one file, and the units whose bytes it holds. Written
 * by one fetch thread (buffer, error) and then handed to the consumer thread through a blocking
 * queue, which orders the accesses.
 */
final class Chunk {

  final String uri;
  final long offset;
  final int length;
  final List<Unit> units = new ArrayList<>();

  /** The batch this chunk belongs to; set when the batch is planned. */
  PlannedBatch batch;

  byte[] buffer;
  Throwable error;

  Chunk(String uri, long offset, int length) {
    this.uri = uri;
    this.offset = offset;
    this.length = length;
  }

  /** Whether every unit of this chunk lies wholly inside it (none spans into another chunk). */
  boolean selfContained() {
    for (Unit u : units) {
      if (u.firstChunk != u.lastChunk) {
        return false;
      }
    }
    return true;
  }

  long end() {
    return offset + length;
  }

  @Override
  public String toString() {
    return uri + " [" + offset + ", " + end() + ")";
  }
}
