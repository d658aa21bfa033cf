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
package io.paimon.multimodal.blob.internal;

import io.paimon.multimodal.ProgressListener;
import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.multimodal.fs.ReadHints;
import io.paimon.row.CloseableIterator;
import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.MapType;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;

/** The immutable {@link BlobReader}: a scan plus {@link ReadOptions}. */
public final class BlobReaderImpl implements BlobReader {

  private static final long MAX_RANGE_LIMIT = 1L << 30;

  private final Scan scan;
  private final ReadOptions options;

  private BlobReaderImpl(Scan scan, ReadOptions options) {
    this.scan = scan;
    this.options = options;
  }

  /** A reader with the defaults of the scan's storage ({@link ReadHints}). */
  public static BlobReader of(Scan scan) {
    Objects.requireNonNull(scan, "scan");
    ReadHints hints = scan.table().io().readHints();
    // Room for every worker to hold a full range in flight, never below the default, and at most
    // twice it: scattered rows (small requests) still keep all workers busy within it.
    long budget =
        Math.max(
            DEFAULT_PREFETCH_BUDGET,
            Math.min(2 * DEFAULT_PREFETCH_BUDGET, (long) hints.parallelism() * hints.rangeLimit()));
    return new BlobReaderImpl(
        scan,
        new ReadOptions(
            hints.parallelism(),
            budget,
            hints.holeLimit(),
            Math.min(hints.rangeLimit(), MAX_RANGE_LIMIT),
            true,
            ProgressListener.NONE));
  }

  @Override
  public BlobReader parallelism(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("parallelism must be positive, got " + n);
    }
    return with(
        options.with(
            n,
            options.prefetchBudget(),
            options.holeLimit(),
            options.rangeLimit(),
            options.verifyChecksums()));
  }

  @Override
  public BlobReader prefetchBudget(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("prefetchBudget must be positive, got " + bytes);
    }
    return with(
        options.with(
            options.parallelism(),
            bytes,
            options.holeLimit(),
            options.rangeLimit(),
            options.verifyChecksums()));
  }

  @Override
  public BlobReader holeLimit(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("holeLimit must not be negative, got " + bytes);
    }
    return with(
        options.with(
            options.parallelism(),
            options.prefetchBudget(),
            bytes,
            options.rangeLimit(),
            options.verifyChecksums()));
  }

  @Override
  public BlobReader rangeLimit(long bytes) {
    if (bytes <= 0 || bytes > MAX_RANGE_LIMIT) {
      throw new IllegalArgumentException(
          "rangeLimit must be in [1, " + MAX_RANGE_LIMIT + "], got " + bytes);
    }
    return with(
        options.with(
            options.parallelism(),
            options.prefetchBudget(),
            options.holeLimit(),
            bytes,
            options.verifyChecksums()));
  }

  @Override
  public BlobReader verifyChecksums(boolean verify) {
    return with(
        options.with(
            options.parallelism(),
            options.prefetchBudget(),
            options.holeLimit(),
            options.rangeLimit(),
            verify));
  }

  @Override
  public BlobReader progress(ProgressListener listener) {
    return with(options.withProgress(Objects.requireNonNull(listener, "listener")));
  }

  private BlobReader with(ReadOptions o) {
    return new BlobReaderImpl(scan, o);
  }

  @Override
  public BlobBatch read(String... columns) {
    try (BlobStream s = open(columns, true)) {
      return s.next();
    }
  }

  @Override
  public BlobBatch read(VectorSchemaRoot rows, String... columns) {
    Objects.requireNonNull(rows, "rows");
    checkBudget();
    Table table = scan.table();
    List<String> names = checkColumns(table, scan.schema().rowType(), columns);
    List<String> output = new ArrayList<>();
    for (Field f : rows.getSchema().getFields()) {
      output.add(f.getName());
    }
    for (String n : names) {
      if (!output.contains(n)) {
        throw new SchemaException(
            "the rows hold no column '" + n + "' to read payloads of; they hold " + output);
      }
    }
    try (BlobStream s =
        start(names, output, () -> new RootReader(rows), null, true, rows.getRowCount())) {
      return s.next();
    }
  }

  @Override
  public CloseableIterator<BlobBatch> stream(String... columns) {
    return open(columns, false);
  }

  private void checkBudget() {
    if (options.rangeLimit() > options.prefetchBudget()) {
      throw new IllegalArgumentException(
          "rangeLimit ("
              + options.rangeLimit()
              + " bytes) must not exceed prefetchBudget ("
              + options.prefetchBudget()
              + " bytes): a single ranged read must fit the budget");
    }
  }

  private BlobStream open(String[] requested, boolean wholeResult) {
    checkBudget();
    Table table = scan.table();
    RowType type = scan.schema().rowType();
    List<String> output = new ArrayList<>();
    for (Field f : scan.arrowSchema().getFields()) {
      output.add(f.getName());
    }
    List<String> names = checkColumns(table, type, requested);
    Scan run = scan;
    List<String> missing = new ArrayList<>();
    for (String n : names) {
      if (!output.contains(n)) {
        missing.add(n);
      }
    }
    if (!missing.isEmpty()) {
      List<String> projection = new ArrayList<>(output);
      projection.addAll(missing);
      run = scan.select(projection);
      output = projection;
    }
    // Batches outlive the scan's reader (and its child allocator): they come from the scan's own.
    return start(names, output, run::toArrowReader, run.allocator(), wholeResult, -1);
  }

  /**
   * Starts reading the payloads of {@code names} from the rows {@code source} opens, whose columns
   * are {@code output}.
   */
  private BlobStream start(
      List<String> names,
      List<String> output,
      Supplier<ArrowReader> source,
      BufferAllocator batchAllocator,
      boolean wholeResult,
      long totalRows) {
    Table table = scan.table();
    RowType type = scan.schema().rowType();
    List<BlobColumn> columns = new ArrayList<>();
    for (String n : names) {
      DataType t = type.typeAt(type.fieldIndex(n));
      BlobColumn.Kind kind =
          t.root() == DataTypeRoot.BLOB
              ? BlobColumn.Kind.BLOB
              : t.root() == DataTypeRoot.ARRAY ? BlobColumn.Kind.ARRAY : BlobColumn.Kind.MAP;
      DataType keyType = kind == BlobColumn.Kind.MAP ? ((MapType) t).keyType() : null;
      columns.add(new BlobColumn(n, kind, keyType, output.indexOf(n)));
    }
    List<Integer> scalar = new ArrayList<>();
    for (int i = 0; i < output.size(); i++) {
      String n = output.get(i);
      int field = type.fieldIndex(n);
      if (Schema.ROW_ID.equals(n) || field < 0 || !type.typeAt(field).contains(DataTypeRoot.BLOB)) {
        scalar.add(i);
      }
    }
    ProgressTracker progress =
        ProgressTracker.start(
            "blob read of " + table.name() + " " + names, "rows", totalRows, options.progress());
    Fetcher fetcher =
        new Fetcher(
            table.io(),
            table.executors(),
            table.name(),
            options.parallelism(),
            options.prefetchBudget(),
            progress);
    ArrowReader reader = null;
    try {
      reader = source.get();
      ReadContext ctx =
          new ReadContext(
              options,
              List.copyOf(columns),
              fetcher,
              new EntryLocator(table.io()),
              table.location());
      return new BlobStream(
          ctx, reader, fetcher, toArray(scalar), batchAllocator, wholeResult, progress);
    } catch (RuntimeException e) {
      fetcher.close();
      progress.finish();
      if (reader != null) {
        try {
          reader.close();
        } catch (java.io.IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  private static int[] toArray(List<Integer> list) {
    int[] out = new int[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = list.get(i);
    }
    return out;
  }

  private static List<String> checkColumns(Table table, RowType type, String[] requested) {
    Objects.requireNonNull(requested, "columns");
    if (requested.length == 0) {
      throw new SchemaException(
          "name at least one BLOB column to read; BLOB columns of table '"
              + table.name()
              + "' are "
              + blobColumns(type));
    }
    Set<String> seen = new HashSet<>();
    List<String> names = new ArrayList<>();
    for (String c : requested) {
      Objects.requireNonNull(c, "column");
      int i = type.fieldIndex(c);
      if (i < 0) {
        throw new SchemaException(
            "table '"
                + table.name()
                + "' has no column '"
                + c
                + "'; its BLOB columns are "
                + blobColumns(type));
      }
      if (!isBlobColumn(type.typeAt(i))) {
        throw new SchemaException(
            "column '"
                + c
                + "' of type "
                + type.typeAt(i)
                + " is not a BLOB, ARRAY<BLOB> or MAP<K, BLOB> column; BLOB columns of table '"
                + table.name()
                + "' are "
                + blobColumns(type));
      }
      if (!seen.add(c)) {
        throw new SchemaException("column '" + c + "' is requested twice");
      }
      names.add(c);
    }
    return names;
  }

  private static boolean isBlobColumn(DataType t) {
    switch (t.root()) {
      case BLOB:
        return true;
      case ARRAY:
        return ((ArrayType) t).elementType().root() == DataTypeRoot.BLOB;
      case MAP:
        return ((MapType) t).valueType().root() == DataTypeRoot.BLOB;
      default:
        return false;
    }
  }

  private static List<String> blobColumns(RowType type) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < type.fieldCount(); i++) {
      if (isBlobColumn(type.typeAt(i))) {
        out.add(type.fields().get(i).name());
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return "BlobReader{scan=" + scan + ", " + options + "}";
  }
}
