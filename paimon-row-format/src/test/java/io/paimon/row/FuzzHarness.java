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

import io.paimon.types.RowType;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads one possibly malformed file through every read path (iterator, random {@code read(i)},
 * Arrow, a projection and a selection) and checks the pass condition of the fuzz test: each path
 * either returns a full, consistent set of rows or throws a {@link RowFormatException} naming the
 * file (an {@link EOFException} from the input is tolerated). Anything else (an unchecked
 * exception, an error, a wrong row count, rows that differ between paths, leaked Arrow memory) is
 * an {@link AssertionError} naming the read path.
 */
final class FuzzHarness {

  /** How a case ended when it passed. */
  enum Outcome {
    READ_FULLY,
    REJECTED_AT_OPEN,
    REJECTED_WHILE_READING
  }

  private static final long ARROW_LIMIT = 512L << 20;

  private FuzzHarness() {}

  static Outcome check(
      String name,
      byte[] data,
      RowType type,
      RowFileOptions options,
      long seed,
      BufferAllocator allocator) {
    SplittableRandom r = new SplittableRandom(seed);
    RowFileReader reader =
        attempt(
            "open", name, () -> RowFile.open(new CountingSeekableInput(name, data), type, options));
    if (reader == null) {
      return Outcome.REJECTED_AT_OPEN;
    }
    boolean rejected = false;
    try (RowFileReader file = reader) {
      long n = file.rowCount();
      List<Row> all = attempt("iterator", name, () -> iterate(file));
      if (all != null) {
        check(all.size() == n, "iterator returned " + all.size() + " rows of " + n);
      }
      rejected |= all == null;
      for (int k = 0; k < 8 && n > 0; k++) {
        long i = r.nextLong(n);
        Row row = attempt("read(" + i + ")", name, () -> file.read(i));
        if (all != null) {
          check(row != null, "read(" + i + ") failed after the iterator read every row");
          check(deepEquals(row, all.get((int) i)), "read(" + i + ") differs from the iterator");
        }
        rejected |= row == null;
      }
      rejected |= !arrowCountMatches(name, file, allocator, 1 + r.nextInt(300), n);
      int[] fields = randomProjection(type.fieldCount(), r);
      List<Row> projected = attempt("project", name, () -> iterate(file.project(fields)));
      if (all != null) {
        check(projected != null, "projection " + Arrays.toString(fields) + " failed");
        check(projected.size() == n, "projection returned " + projected.size() + " of " + n);
        for (int i = 0; i < n; i++) {
          check(deepEquals(projected.get(i), project(all.get(i), fields)), "projection row " + i);
        }
      }
      rejected |= projected == null;
      if (n > 0 && n < Integer.MAX_VALUE) {
        RoaringBitmap selection = new RoaringBitmap();
        for (int k = 1 + r.nextInt(10); k > 0; k--) {
          selection.add((int) r.nextLong(n));
        }
        List<Row> selected = attempt("select", name, () -> iterate(file.select(selection)));
        check(selected != null || all == null, "select failed after the iterator read every row");
        if (selected != null) {
          check(
              selected.size() == selection.getCardinality(), "select returned " + selected.size());
        }
        if (all != null && selected != null) {
          Iterator<Integer> rows = selection.iterator();
          for (Row row : selected) {
            check(deepEquals(row, all.get(rows.next())), "selected row differs");
          }
        }
        rejected |= selected == null;
      }
    } catch (IOException e) {
      throw new AssertionError("close threw " + e, e);
    }
    return rejected ? Outcome.REJECTED_WHILE_READING : Outcome.READ_FULLY;
  }

  /** Reads every batch; false if the file was rejected. */
  private static boolean arrowCountMatches(
      String name, RowFileReader file, BufferAllocator allocator, int batchSize, long n) {
    try (BufferAllocator child = allocator.newChildAllocator(name, 0, ARROW_LIMIT)) {
      Long total =
          attempt(
              "arrow",
              name,
              () -> {
                try (RowArrowReader arrow = file.arrowReader(child, batchSize)) {
                  long count = 0;
                  while (arrow.loadNextBatch()) {
                    int rows = arrow.getVectorSchemaRoot().getRowCount();
                    for (int i = 0; i < rows; i++) {
                      check(arrow.rowNumber(i) == count + i, "arrow row number " + i);
                    }
                    count += rows;
                  }
                  return count;
                }
              });
      check(child.getAllocatedMemory() == 0, "arrow reader leaked " + child.getAllocatedMemory());
      if (total != null) {
        check(total == n, "arrow returned " + total + " rows of " + n);
      }
      return total != null;
    }
  }

  /** Runs a read path; null when it threw an acceptable exception, else its result. */
  private static <T> T attempt(String path, String name, Callable<T> body) {
    try {
      return body.call();
    } catch (Throwable t) {
      Throwable cause = t instanceof UncheckedIOException ? t.getCause() : t;
      if (cause instanceof RowFormatException
          && name.equals(((RowFormatException) cause).file())
          && cause.getMessage().startsWith(name)) {
        return null;
      }
      if (cause instanceof EOFException) {
        return null;
      }
      throw new AssertionError(path + " threw " + t, t);
    }
  }

  private static void check(boolean condition, String message) {
    if (!condition) {
      throw new AssertionError(message);
    }
  }

  private static List<Row> iterate(RowFileReader view) {
    List<Row> rows = new ArrayList<>();
    try (CloseableIterator<Row> it = view.iterator()) {
      while (it.hasNext()) {
        rows.add(it.next());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private static int[] randomProjection(int fieldCount, SplittableRandom r) {
    int[] all = new int[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      all[i] = i;
    }
    for (int i = fieldCount - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = all[i];
      all[i] = all[j];
      all[j] = t;
    }
    return Arrays.copyOf(all, 1 + r.nextInt(fieldCount));
  }

  private static Row project(Row row, int[] fields) {
    Object[] values = new Object[fields.length];
    for (int i = 0; i < fields.length; i++) {
      values[i] = row.get(fields[i]);
    }
    return Row.wrap(values);
  }

  /** Deep equality of values in the Java value model: arrays by content, maps in order. */
  static boolean deepEquals(Object a, Object b) {
    if (a instanceof Row && b instanceof Row) {
      Row x = (Row) a;
      Row y = (Row) b;
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!deepEquals(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof List && b instanceof List) {
      List<?> x = (List<?>) a;
      List<?> y = (List<?>) b;
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!deepEquals(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map && b instanceof Map) {
      List<Object> x = flatten((Map<?, ?>) a);
      List<Object> y = flatten((Map<?, ?>) b);
      return deepEquals(x, y);
    }
    return Objects.deepEquals(a, b);
  }

  private static List<Object> flatten(Map<?, ?> map) {
    List<Object> out = new ArrayList<>(2 * map.size());
    for (Map.Entry<?, ?> e : map.entrySet()) {
      out.add(e.getKey());
      out.add(e.getValue());
    }
    return out;
  }
}
