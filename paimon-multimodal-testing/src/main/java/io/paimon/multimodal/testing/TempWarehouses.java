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
package io.paimon.multimodal.testing;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The temporary warehouses of one extension context (a test or a test class), closed together: for
 * each, the leak check, the connection's close and the directory's deletion. Not thread-safe: JUnit
 * opens and closes a context's warehouses on one thread.
 */
final class TempWarehouses implements AutoCloseable {

  /** How much of the allocator's own description a leak failure quotes. */
  private static final int MAX_ALLOCATOR_DESCRIPTION = 2000;

  private final List<Opened> opened = new ArrayList<>();
  private final String after;

  /**
   * @param after when the warehouses close, for messages: "after the test"
   */
  TempWarehouses(String after) {
    this.after = after;
  }

  /**
   * Creates a temporary directory and connects to a warehouse in it.
   *
   * @param what names the field or parameter in messages
   * @throws ExtensionConfigurationException if an option is not {@code key=value} or the connection
   *     cannot be made
   */
  Connection open(TempWarehouse spec, String what) {
    Multimodal.Builder builder = Multimodal.builder().database(spec.database());
    String global = System.getProperty(TempWarehouse.OPTIONS_PROPERTY, "").trim();
    if (!global.isEmpty()) {
      for (String option : global.split(",")) {
        apply(builder, option, what + " (system property " + TempWarehouse.OPTIONS_PROPERTY + ")");
      }
    }
    for (String option : spec.options()) {
      apply(builder, option, what);
    }
    Path dir;
    try {
      dir = Files.createTempDirectory("paimon-warehouse-");
    } catch (IOException e) {
      throw new UncheckedIOException(what + ": cannot create a temporary directory", e);
    }
    Connection conn;
    try {
      conn = builder.warehouse(dir.toString()).connect();
    } catch (RuntimeException e) {
      try {
        deleteRecursively(dir);
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new ExtensionConfigurationException(
          what + ": cannot connect to a warehouse in " + dir + ": " + e.getMessage(), e);
    }
    opened.add(new Opened(what, after, dir, conn));
    return conn;
  }

  private static void apply(Multimodal.Builder builder, String option, String what) {
    int eq = option.indexOf('=');
    if (eq <= 0) {
      throw new ExtensionConfigurationException(
          what + ": option '" + option.trim() + "' is not of the form key=value");
    }
    builder.option(option.substring(0, eq).trim(), option.substring(eq + 1).trim());
  }

  /**
   * Closes every warehouse opened here, in reverse order, and deletes their directories;
   * idempotent.
   *
   * @throws AssertionError if a connection still had Arrow memory allocated, could not be closed,
   *     or a directory could not be deleted (the first failure, the others suppressed in it); every
   *     warehouse is closed and deleted all the same
   */
  @Override
  public void close() {
    AssertionError failure = null;
    for (int i = opened.size() - 1; i >= 0; i--) {
      try {
        opened.get(i).close();
      } catch (AssertionError e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    opened.clear();
    if (failure != null) {
      throw failure;
    }
  }

  /** One warehouse: the connection to it and its directory. */
  private record Opened(String what, String after, Path dir, Connection conn) {

    void close() {
      AssertionError failure = null;
      BufferAllocator allocator = conn.allocator();
      // Checked before closing: Arrow's own failure on close says "Memory was leaked by query",
      // which names neither the test nor the allocator the user knows.
      long allocated = allocator.getAllocatedMemory();
      if (allocated > 0) {
        failure = new AssertionError(leakMessage(allocated, allocator));
      }
      try {
        conn.close();
      } catch (RuntimeException e) {
        if (failure != null) {
          failure.addSuppressed(e);
        } else {
          failure =
              new AssertionError(
                  what + ": closing the connection to " + dir + " failed: " + e.getMessage(), e);
        }
      }
      try {
        deleteRecursively(dir);
      } catch (IOException e) {
        AssertionError deletion =
            new AssertionError(what + ": cannot delete the temporary warehouse " + dir, e);
        if (failure != null) {
          failure.addSuppressed(deletion);
        } else {
          failure = deletion;
        }
      }
      if (failure != null) {
        throw failure;
      }
    }

    private String leakMessage(long allocated, BufferAllocator allocator) {
      String description = allocator.toVerboseString();
      if (description.length() > MAX_ALLOCATOR_DESCRIPTION) {
        description = description.substring(0, MAX_ALLOCATOR_DESCRIPTION) + "...";
      }
      return what
          + ": "
          + allocated
          + " bytes of Arrow memory still allocated on conn.allocator() "
          + after
          + "; close every VectorSchemaRoot, ArrowReader and batch the test opened (try-with-resources)"
          + " before it ends. Allocator: "
          + description;
    }
  }

  /** Deletes a directory tree; a missing directory is not an error. */
  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
