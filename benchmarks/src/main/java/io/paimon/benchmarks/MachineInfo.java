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
import java.util.List;
import java.util.Locale;

/** A one-line description of the machine and JVM a benchmark runs on. */
final class MachineInfo {

  private MachineInfo() {}

  /**
   * {@code MACHINE nproc=... mem=... cpu="..." java="..." os="..." max_heap=... load=...}; memory
   * and CPU model come from {@code /proc} where it exists.
   */
  static String describe() {
    Runtime rt = Runtime.getRuntime();
    return String.format(
        Locale.ROOT,
        "MACHINE nproc=%d mem=%s cpu=\"%s\" java=\"%s %s (%s)\" os=\"%s %s %s\" max_heap=%.1fGiB"
            + " load_avg=%.2f",
        rt.availableProcessors(),
        memory(),
        cpuModel(),
        System.getProperty("java.runtime.version"),
        System.getProperty("java.vm.name"),
        System.getProperty("java.vm.vendor"),
        System.getProperty("os.name"),
        System.getProperty("os.version"),
        System.getProperty("os.arch"),
        rt.maxMemory() / (1024.0 * 1024 * 1024),
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static String memory() {
    for (String line : procLines("/proc/meminfo")) {
      if (line.startsWith("MemTotal:")) {
        String[] parts = line.trim().split("\\s+");
        return String.format(Locale.ROOT, "%.1fGiB", Long.parseLong(parts[1]) / (1024.0 * 1024));
      }
    }
    return "unknown";
  }

  private static String cpuModel() {
    for (String line : procLines("/proc/cpuinfo")) {
      if (line.startsWith("model name")) {
        return line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return System.getProperty("os.arch");
  }

  private static List<String> procLines(String file) {
    try {
      return Files.readAllLines(Path.of(file));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }
}
