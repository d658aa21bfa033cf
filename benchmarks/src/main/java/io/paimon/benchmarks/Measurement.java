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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Wall-clock timings of one piece of work: a number of discarded warm-up runs, then measured runs,
 * each after a {@link System#gc()}, alone or interleaved with other pieces ({@link #interleaved}).
 * Results keep every run's seconds so reports can show the best and the median.
 */
final class Measurement {

  /** The work to time; returns a checksum that is kept so the JIT cannot drop the work. */
  @FunctionalInterface
  interface Work {
    long run() throws Exception;
  }

  private static long sink;

  private final String label;
  private final double[] seconds;

  private Measurement(String label, double[] seconds) {
    this.label = label;
    this.seconds = seconds;
  }

  /** Runs {@code work} {@code warmups} times untimed, then {@code runs} times timed. */
  static Measurement of(String label, int warmups, int runs, Work work) throws Exception {
    for (int i = 0; i < warmups; i++) {
      sink += work.run();
    }
    double[] seconds = new double[runs];
    for (int i = 0; i < runs; i++) {
      System.gc();
      long start = System.nanoTime();
      sink += work.run();
      seconds[i] = (System.nanoTime() - start) / 1e9;
    }
    return new Measurement(label, seconds);
  }

  /**
   * Times several pieces of work in rounds, each round running every piece once in order (first the
   * warm-up rounds, then the timed ones). On a machine whose speed drifts during a run, such as a
   * VM with busy neighbours, every piece then sees the same drift, so the ratios between them hold
   * even when the absolute figures move.
   */
  static Measurement[] interleaved(int warmups, int runs, String[] labels, Work... works)
      throws Exception {
    if (labels.length != works.length) {
      throw new IllegalArgumentException(labels.length + " labels for " + works.length + " works");
    }
    for (int i = 0; i < warmups; i++) {
      for (Work work : works) {
        sink += work.run();
      }
    }
    double[][] seconds = new double[works.length][runs];
    for (int i = 0; i < runs; i++) {
      for (int w = 0; w < works.length; w++) {
        System.gc();
        long start = System.nanoTime();
        sink += works[w].run();
        seconds[w][i] = (System.nanoTime() - start) / 1e9;
      }
    }
    Measurement[] result = new Measurement[works.length];
    for (int w = 0; w < works.length; w++) {
      result[w] = new Measurement(labels[w], seconds[w]);
    }
    return result;
  }

  /** Pieces of work to time interleaved, with their labels; see {@link #interleaved}. */
  static final class Rounds {
    private final List<String> labels = new ArrayList<>();
    private final List<Work> works = new ArrayList<>();

    Rounds add(String label, Work work) {
      labels.add(label);
      works.add(work);
      return this;
    }

    /** The measurements, in the order the pieces were added. */
    Measurement[] run(int warmups, int runs) throws Exception {
      return interleaved(warmups, runs, labels.toArray(new String[0]), works.toArray(new Work[0]));
    }
  }

  /** The fastest run in seconds. */
  double best() {
    return Arrays.stream(seconds).min().orElseThrow();
  }

  /** The median run in seconds. */
  double median() {
    double[] sorted = seconds.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** A one-line summary of the runs, e.g. {@code ours write: best 0.812 s, median 0.840 s, ...}. */
  String summary() {
    StringBuilder runs = new StringBuilder();
    for (double s : seconds) {
      runs.append(runs.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.4f", s));
    }
    return String.format(
        Locale.ROOT, "%s: best %.4f s, median %.4f s, runs [%s] s", label, best(), median(), runs);
  }

  /** Adds a result to the checksum, so that the work producing it cannot be optimised away. */
  static void consume(long value) {
    sink += value;
  }

  /** Keeps the checksums observable. */
  static long sink() {
    return sink;
  }
}
