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
package io.paimon.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Timing and output of {@link ScanComparison}: warm-up and measured runs of ours and the baseline,
 * alternating, with wall and process CPU time, their statistics, and the BENCH/INFO lines.
 */
final class ScanTimings {

  private ScanTimings() {}

  @FunctionalInterface
  interface Task {
    long run() throws Exception;
  }

  /** Nanosecond timings of repeated runs. */
  record Runs(long[] nanos) {
    long median() {
      long[] s = nanos.clone();
      Arrays.sort(s);
      return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    double medianSeconds() {
      return median() / 1e9;
    }

    double medianMillis() {
      return median() / 1e6;
    }

    double bestMillis() {
      return Arrays.stream(nanos).min().orElseThrow() / 1e6;
    }
  }

  /**
   * Wall-clock runs of ours and the baseline, and the process CPU time of each run (all threads:
   * ours, its read-ahead threads, DuckDB's native threads, GC), which a busy machine disturbs less.
   */
  record Timings(Runs ours, Runs base, Runs oursCpu, Runs baseCpu) {
    String cpu() {
      return String.format(
          Locale.ROOT,
          "CPU time: ours median %.0f ms, baseline %.0f ms",
          oursCpu.medianMillis(),
          baseCpu.medianMillis());
    }
  }

  static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  /** Warm-up runs, then measured runs; ours and the baseline alternate. */
  static Timings measure(int warmups, int runs, Task ours, Task base) throws Exception {
    for (int i = 0; i < warmups; i++) {
      ours.run();
      base.run();
    }
    long[] o = new long[runs];
    long[] b = new long[runs];
    long[] oc = new long[runs];
    long[] bc = new long[runs];
    for (int i = 0; i < runs; i++) {
      long c0 = OS.getProcessCpuTime();
      long t0 = System.nanoTime();
      ours.run();
      long t1 = System.nanoTime();
      long c1 = OS.getProcessCpuTime();
      base.run();
      long t2 = System.nanoTime();
      long c2 = OS.getProcessCpuTime();
      o[i] = t1 - t0;
      b[i] = t2 - t1;
      oc[i] = c1 - c0;
      bc[i] = c2 - c1;
    }
    return new Timings(new Runs(o), new Runs(b), new Runs(oc), new Runs(bc));
  }

  /** Prints {@code BENCH <name> <metric>=<value> <unit> baseline=<value> ratio=<ours/baseline>}. */
  static void bench(
      String name, String metric, double ours, String unit, double base, boolean integral) {
    String fmt = integral ? "%.0f" : "%.2f";
    System.out.printf(
        Locale.ROOT,
        "BENCH %s %s=" + fmt + " %s baseline=" + fmt + " ratio=%.3f%n",
        name,
        metric,
        ours,
        unit,
        base,
        ours / base);
  }

  static void info(String format, Object... args) {
    System.out.println("INFO " + String.format(Locale.ROOT, format, args));
  }

  static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalStateException(message);
    }
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  static double mean(double[] v) {
    return Arrays.stream(v).average().orElse(Double.NaN);
  }

  static double pct(double[] v, double p) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[Math.min(s.length - 1, (int) Math.ceil(p * s.length) - 1)];
  }

  /** The 1, 5 and 15 minute load averages (Linux), to judge how busy the machine was. */
  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return f[0] + "/" + f[1] + "/" + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }
}
