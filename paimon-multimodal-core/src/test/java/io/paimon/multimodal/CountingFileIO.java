package io.paimon.multimodal;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@link FileIO#local()} that counts, per path, the bytes read through {@link InputFile}s and how
 * many were opened. Thread-safe.
 */
final class CountingFileIO extends ForwardingFileIO {

  private final Map<String, LongAdder> bytesRead = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> opens = new ConcurrentHashMap<>();

  /** Bytes read from a path through input files since the last reset. */
  long bytesRead(String path) {
    LongAdder n = bytesRead.get(path);
    return n == null ? 0 : n.sum();
  }

  /** Input files opened on a path since the last reset. */
  long opens(String path) {
    LongAdder n = opens.get(path);
    return n == null ? 0 : n.sum();
  }

  void reset() {
    bytesRead.clear();
    opens.clear();
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    InputFile in = delegate.newInputFile(path);
    opens.computeIfAbsent(path, p -> new LongAdder()).increment();
    LongAdder counter = bytesRead.computeIfAbsent(path, p -> new LongAdder());
    return new InputFile() {
      @Override
      public String name() {
        return in.name();
      }

      @Override
      public long length() throws IOException {
        return in.length();
      }

      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        in.readFully(position, buf, off, len);
        counter.add(len);
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }
}
