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
package io.paimon.multimodal;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * How far a long operation has come, as a {@link ProgressListener} receives it: the units done so
 * far ({@code count} of {@code unit}, out of {@code total} when it is known), the bytes it moved
 * and the storage requests it made, the time since it started, and whether this is its last report.
 * Counts only grow from one report of an operation to the next.
 *
 * @param operation what runs, with the table it runs on, e.g. {@code "blob read of docs"}
 * @param unit what {@code count} counts: {@code "rows"}, {@code "snapshots"}, {@code "files"}
 * @param count units done so far
 * @param total units the operation will do, or -1 if it does not know in advance
 * @param bytes bytes read or freed so far (0 where the operation moves none it can count)
 * @param requests storage requests so far (ranged reads, file deletions)
 * @param elapsed time since the operation started
 * @param finished whether the operation ended (done, failed or closed): the last report
 */
public record Progress(
    String operation,
    String unit,
    long count,
    long total,
    long bytes,
    long requests,
    Duration elapsed,
    boolean finished) {

  /** Checks the components. */
  public Progress {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /** {@code count / total} in [0, 1], if the total is known. */
  public OptionalDouble fraction() {
    if (total < 0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(total == 0 ? 1.0 : Math.min(1.0, (double) count / total));
  }

  /**
   * One line for people, e.g. {@code blob read of docs: 1200 rows, 35.2 MiB in 40 requests, 1.2 s}.
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(operation).append(": ").append(count);
    if (total >= 0) {
      sb.append('/').append(total);
    }
    sb.append(' ').append(unit);
    if (bytes > 0) {
      sb.append(", ").append(bytes(bytes));
    }
    if (requests > 0) {
      sb.append(bytes > 0 ? " in " : ", ").append(requests).append(" requests");
    }
    sb.append(", ")
        .append(String.format(java.util.Locale.ROOT, "%.1f s", elapsed.toMillis() / 1e3));
    if (finished) {
      sb.append(" (finished)");
    }
    return sb.toString();
  }

  private static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = n;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
