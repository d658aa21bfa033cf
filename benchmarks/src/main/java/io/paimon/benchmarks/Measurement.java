package io.paimon.benchmarks;

import java.util.Arrays;
import java.util.Locale;

/**
 * Wall-clock timings of one piece of work: a number of discarded warm-up runs, then measured runs,
 * each after a {@link System#gc()}. Results keep every run's seconds so reports can show the best
 * and the median.
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

  /** Keeps the checksums observable. */
  static long sink() {
    return sink;
  }
}
