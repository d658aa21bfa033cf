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
package io.paimon.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIOException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Who closes what: {@link RowFile#open} closes the input when opening fails, the reader closes it
 * once on close (its views never), iterators and Arrow readers stop their read-ahead on the
 * executor when closed (nothing of theirs runs or reads afterwards), also when abandoned mid-way or
 * after hitting a corrupt block, and the writer closes its stream even when {@code close()} fails.
 */
class ResourceSafetyTest {

  private static final RowType TYPE = MalformedFileTest.TYPE;
  private static final String THREAD_PREFIX = "paimon-row-readahead ";
  private static final String DECODE_PREFIX = "paimon-row-decode ";

  private BufferAllocator allocator;
  private TestExecutor executor;

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
    executor = new TestExecutor(2);
  }

  @AfterEach
  void closeAllocator() {
    executor.close();
    allocator.close();
  }

  /**
   * Read-ahead and decoding tasks of files whose name starts with {@code filePrefix} that {@code
   * executor} was given and that have not finished (after a moment to finish in).
   */
  static List<String> readAheadTasks(TestExecutor executor, String filePrefix) {
    List<String> out = new ArrayList<>(executor.unfinished(THREAD_PREFIX + filePrefix));
    out.addAll(executor.unfinished(DECODE_PREFIX + filePrefix));
    return out;
  }

  /** The read-ahead and decoding tasks {@code executor} was ever given for the file. */
  static Set<String> readAheadTaskNames(TestExecutor executor, String filePrefix) {
    Set<String> out = new TreeSet<>(executor.taskNames(THREAD_PREFIX + filePrefix));
    out.addAll(executor.taskNames(DECODE_PREFIX + filePrefix));
    return out;
  }

  /** 500 rows of BIGINT NOT NULL in 50 blocks of 10 rows. */
  private static byte[] fiftyBlocks() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w =
        RowFile.newWriter(out, "fifty", TYPE, RowFileOptions.defaults().blockSize(134))) {
      for (long i = 0; i < 500; i++) {
        w.write(Row.of(i));
      }
    }
    return out.toByteArray();
  }

  private RowFileOptions readAhead(int blocks) {
    return RowFileOptions.defaults().executor(executor).readAheadBlocks(blocks);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 34, 35, 36})
  void openClosesTheInputWhenTheFileIsMalformed(int truncateFooterBy) throws IOException {
    byte[] valid = fiftyBlocks();
    byte[] file = Arrays.copyOf(valid, valid.length - truncateFooterBy);
    if (truncateFooterBy == 0) {
      file[file.length - 2] = 0;
    }
    CountingSeekableInput input = new CountingSeekableInput("bad-footer.row", file);
    assertThatExceptionOfType(RowFormatException.class)
        .isThrownBy(() -> RowFile.open(input, TYPE, RowFileOptions.defaults()))
        .withMessageStartingWith("bad-footer.row at offset ");
    assertThat(input.closeCount()).isEqualTo(1);
  }

  @Test
  void openClosesTheInputWhenReadingFails() {
    int[] closes = new int[1];
    SeekableInput failing =
        new SeekableInput() {
          @Override
          public String name() {
            return "failing.row";
          }

          @Override
          public long length() {
            return 1000;
          }

          @Override
          public void readFully(long position, byte[] buf, int off, int len) throws IOException {
            throw new IOException("storage unavailable");
          }

          @Override
          public void close() {
            closes[0]++;
          }
        };
    assertThatIOException()
        .isThrownBy(() -> RowFile.open(failing, TYPE, RowFileOptions.defaults()))
        .withMessage("storage unavailable");
    assertThat(closes[0]).isEqualTo(1);
  }

  @Test
  void readerClosesTheInputOnceAndViewsDoNot() throws IOException {
    CountingSeekableInput input = new CountingSeekableInput("owned.row", fiftyBlocks());
    RowFileReader reader = RowFile.open(input, TYPE, RowFileOptions.defaults());
    RowFileReader view = reader.project(0);
    assertThat(view.read(7)).isEqualTo(Row.of(7L));
    view.close();
    assertThat(input.closeCount()).isZero();
    assertThat(reader.read(8)).isEqualTo(Row.of(8L));
    reader.close();
    reader.close();
    assertThat(input.closeCount()).isEqualTo(1);
    assertThatIllegalStateException()
        .isThrownBy(() -> reader.read(0))
        .withMessage("owned.row: reader is closed");
  }

  @Test
  void abandonedIteratorStopsItsReadAhead() throws IOException {
    String name = "abandoned-iterator.row";
    CountingSeekableInput input = new CountingSeekableInput(name, fiftyBlocks());
    try (RowFileReader reader = RowFile.open(input, TYPE, readAhead(2))) {
      CloseableIterator<Row> it = reader.iterator();
      assertThat(it.next()).isEqualTo(Row.of(0L));
      assertThat(it.next()).isEqualTo(Row.of(1L));
      // One producer reads ahead; it runs out of free buffers long before the end of the file.
      assertThat(readAheadTaskNames(executor, name)).containsExactly(THREAD_PREFIX + name);
      it.close();
      long reads = input.reads();
      assertThat(readAheadTasks(executor, name)).isEmpty();
      assertThat(executor.awaitIdle()).isTrue();
      assertThat(input.reads()).as("nothing read after close").isEqualTo(reads);
      assertThat(it.hasNext()).isFalse();
    }
  }

  @Test
  void abandonedArrowReaderStopsItsReadAhead() throws IOException {
    String name = "abandoned-arrow.row";
    CountingSeekableInput input = new CountingSeekableInput(name, fiftyBlocks());
    try (RowFileReader reader = RowFile.open(input, TYPE, readAhead(2))) {
      RowArrowReader arrow = reader.arrowReader(allocator, 15);
      assertThat(arrow.loadNextBatch()).isTrue();
      assertThat(arrow.getVectorSchemaRoot().getRowCount()).isEqualTo(15);
      assertThat(readAheadTaskNames(executor, name)).isNotEmpty();
      arrow.close();
      long reads = input.reads();
      assertThat(readAheadTasks(executor, name)).isEmpty();
      assertThat(executor.awaitIdle()).isTrue();
      assertThat(input.reads()).as("nothing read after close").isEqualTo(reads);
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }

  /** {@link #fiftyBlocks} with the row count in block 30's trailer changed from 10 to 11. */
  private static byte[] corruptBlockThirty() throws IOException {
    byte[] valid = fiftyBlocks();
    RowFileBuilder.Parts parts = RowFileBuilder.parse(valid);
    List<byte[]> raw = parts.rawBlocks(valid);
    byte[] block = raw.get(30);
    ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN).putInt(block.length - 4, 11);
    return RowFileBuilder.ofRawBlocks(raw).rowStarts(parts.rowStarts()).rowCount(500).build();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 3})
  void iteratorHittingACorruptBlockThrowsAndLeavesNoTask(int readAheadBlocks) throws IOException {
    String name = "corrupt-iterator-" + readAheadBlocks + ".row";
    List<Row> rows = new ArrayList<>();
    try (RowFileReader reader =
            RowFile.open(
                new CountingSeekableInput(name, corruptBlockThirty()),
                TYPE,
                readAhead(readAheadBlocks));
        CloseableIterator<Row> it = reader.iterator()) {
      assertThatExceptionOfType(UncheckedIOException.class)
          .isThrownBy(
              () -> {
                while (it.hasNext()) {
                  rows.add(it.next());
                }
              })
          .havingCause()
          .isInstanceOf(RowFormatException.class)
          .withMessageStartingWith(name + " at offset ")
          .withMessageEndingWith("block 30 holds 11 rows, the index declares 10");
      assertThat(rows).hasSize(300);
      assertThat(it.hasNext()).as("the iterator stays failed").isFalse();
    }
    assertThat(readAheadTasks(executor, name)).isEmpty();
  }

  @Test
  void arrowReaderHittingACorruptBlockThrowsAndLeavesNoTask() throws IOException {
    String name = "corrupt-arrow.row";
    long rows = 0;
    try (RowFileReader reader =
            RowFile.open(
                new CountingSeekableInput(name, corruptBlockThirty()), TYPE, readAhead(2));
        RowArrowReader arrow = reader.arrowReader(allocator, 100)) {
      for (int i = 0; i < 3; i++) {
        assertThat(arrow.loadNextBatch()).isTrue();
        rows += arrow.getVectorSchemaRoot().getRowCount();
      }
      assertThatExceptionOfType(RowFormatException.class)
          .isThrownBy(arrow::loadNextBatch)
          .withMessageEndingWith("block 30 holds 11 rows, the index declares 10");
    }
    assertThat(rows).isEqualTo(300);
    assertThat(readAheadTasks(executor, name)).isEmpty();
    assertThat(allocator.getAllocatedMemory()).isZero();
  }

  @Test
  void closingTheReaderFirstStillLetsTheIteratorStopItsReadAhead() throws IOException {
    String name = "reader-closed-first.row";
    CountingSeekableInput input = new CountingSeekableInput(name, fiftyBlocks());
    RowFileReader reader = RowFile.open(input, TYPE, readAhead(2));
    CloseableIterator<Row> it = reader.iterator();
    assertThat(it.next()).isEqualTo(Row.of(0L));
    reader.close();
    assertThat(input.isClosed()).isTrue();
    it.close();
    assertThat(readAheadTaskNames(executor, name)).isNotEmpty();
    assertThat(readAheadTasks(executor, name)).isEmpty();
  }

  /** Accepts {@code capacity} bytes, then fails every write; records whether it was closed. */
  private static final class FailingStream extends OutputStream {
    private final int capacity;
    private int written;
    int closes;

    FailingStream(int capacity) {
      this.capacity = capacity;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (written + len > capacity) {
        throw new IOException("disk full after " + written + " bytes");
      }
      written += len;
    }

    @Override
    public void close() {
      closes++;
    }
  }

  @ParameterizedTest(name = "fails at {0}")
  @ValueSource(strings = {"last block", "index", "footer"})
  void writerClosesItsStreamWhenCloseFails(String where) throws IOException {
    // 25 rows: write() flushes two blocks of 10 rows; close() writes the last block of 5, the
    // index and the footer.
    ByteArrayOutputStream reference = new ByteArrayOutputStream();
    writeRows(RowFile.newWriter(reference, "ok.row", TYPE, smallBlocks()), 25).close();
    byte[] file = reference.toByteArray();
    RowFileBuilder.Parts parts = RowFileBuilder.parse(file);
    long[] c = parts.compressed();
    int capacity;
    switch (where) {
      case "last block":
        capacity = (int) (c[0] + c[1]);
        break;
      case "index":
        capacity = (int) parts.indexOffset();
        break;
      default:
        capacity = file.length - 32;
    }
    FailingStream out = new FailingStream(capacity);
    RowFileWriter writer =
        writeRows(RowFile.newWriter(out, "failing.row", TYPE, smallBlocks()), 25);
    assertThatIOException()
        .isThrownBy(writer::close)
        .withMessage("disk full after " + capacity + " bytes");
    assertThat(out.closes).isEqualTo(1);
    writer.close();
    assertThat(out.closes).as("closing again does nothing").isEqualTo(1);
  }

  /** Small blocks, compressed on the executor while the next is encoded. */
  private RowFileOptions smallBlocks() {
    return RowFileOptions.defaults().executor(executor).blockSize(134);
  }

  private static RowFileWriter writeRows(RowFileWriter writer, int rows) throws IOException {
    for (long i = 0; i < rows; i++) {
      writer.write(Row.of(i));
    }
    return writer;
  }

  @Test
  void writerClosesItsStreamAfterAFailedBlockFlush() throws IOException {
    FailingStream out = new FailingStream(0);
    RowFileWriter writer = RowFile.newWriter(out, "failing.row", TYPE, smallBlocks());
    // Blocks are written on the executor: the failure of block 0 surfaces when block 1 is
    // flushed (10 rows a block here).
    assertThatIOException()
        .isThrownBy(() -> writeRows(writer, 30))
        .withMessage("disk full after 0 bytes");
    assertThatIOException().isThrownBy(writer::close);
    assertThat(out.closes).isEqualTo(1);
  }
}
