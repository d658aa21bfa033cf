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
package io.paimon.multimodal.cli;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.DatabaseNotFoundException;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.TableNotFoundException;
import io.paimon.multimodal.fs.FileIO;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The {@code --option KEY=VALUE} options of a command (connection and storage options such as
 * {@code s3.endpoint}), and opening warehouses, tables and files with them. Values are never
 * printed. Opening never creates anything: a missing warehouse, database or table is reported (exit
 * code 3) instead of being created, as connecting alone would create a database.
 */
final class StorageOptions {

  @Option(
      names = {"-o", "--option"},
      paramLabel = "KEY=VALUE",
      description =
          "A connection or storage option, repeatable: s3.endpoint, s3.region, s3.access-key,"
              + " s3.secret-key, s3.path-style-access, io-threads, ... (values are never printed)")
  Map<String, String> options = new LinkedHashMap<>();

  /** The storage of a warehouse or file location; the caller closes it. */
  FileIO fileIO(String location) {
    return FileIO.forUri(location, options);
  }

  /** A local path made absolute; a URI as it is. */
  static String normalize(String location) {
    if (FileIO.scheme(location) == null) {
      return Path.of(location).toAbsolutePath().normalize().toString();
    }
    return location;
  }

  /** Opens a table that must exist. */
  OpenTable openTable(TableAddress address) {
    OpenConnection c = connect(address.warehouse(), address.database());
    try {
      return new OpenTable(c, c.connection().getTable(address.table()));
    } catch (TableNotFoundException e) {
      c.close();
      throw new TableNotFoundException(
          "table '" + address.table() + "' not found in " + address.databaseDirectory(), e);
    } catch (RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** The databases of a warehouse that must exist (directories {@code <name>.db}). */
  List<String> databases(String warehouse) {
    String root = normalize(warehouse);
    try (FileIO io = fileIO(root)) {
      requireExists(io, root, "warehouse");
      List<String> out = new ArrayList<>();
      for (String name : io.list(root)) {
        String n = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        n = n.substring(n.lastIndexOf('/') + 1);
        if (n.endsWith(".db") && n.length() > 3) {
          out.add(n.substring(0, n.length() - 3));
        }
      }
      out.sort(null);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Connects to a database that must exist. */
  OpenConnection connect(String warehouse, String database) {
    String root = normalize(warehouse);
    FileIO io = fileIO(root);
    try {
      requireExists(io, root, "warehouse");
      String dir = root + "/" + database + ".db";
      if (!io.exists(dir)) {
        throw new DatabaseNotFoundException("database '" + database + "' not found: no " + dir);
      }
      Multimodal.Builder b = Multimodal.builder().warehouse(root).database(database).fileIO(io);
      options.forEach(b::option);
      return new OpenConnection(b.connect(), io);
    } catch (IOException e) {
      closeQuietly(io, e);
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      closeQuietly(io, e);
      throw e;
    }
  }

  private static void requireExists(FileIO io, String location, String what) throws IOException {
    if (!io.exists(location)) {
      throw new CliException(ExitCodes.NOT_FOUND, what + " " + location + " does not exist");
    }
  }

  private static void closeQuietly(FileIO io, Throwable failure) {
    try {
      io.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  /** A connection and the storage it was opened over; closing closes both. */
  record OpenConnection(Connection connection, FileIO io) implements AutoCloseable {
    @Override
    public void close() {
      try {
        connection.close();
      } finally {
        try {
          io.close();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
  }

  /** An open table and its connection; closing closes the connection. */
  record OpenTable(OpenConnection connection, Table table) implements AutoCloseable {
    @Override
    public void close() {
      connection.close();
    }
  }
}
