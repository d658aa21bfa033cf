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

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A connection to a warehouse and one of its databases. Thread-safe; close it to free its Arrow
 * allocator (results allocated from it must be closed first).
 */
public interface Connection extends AutoCloseable {

  /** The warehouse root. */
  String warehouse();

  /** The current database. */
  String database();

  /**
   * Creates a table.
   *
   * @param ignoreIfExists return the existing table instead of failing
   * @throws TableExistsException if it exists and {@code ignoreIfExists} is false
   * @throws SchemaException if the name is not a valid table name
   */
  Table createTable(String name, Schema schema, boolean ignoreIfExists);

  /**
   * Opens a table.
   *
   * @throws TableNotFoundException if there is none
   */
  Table getTable(String name);

  /**
   * Drops a table and its files. @throws TableNotFoundException unless {@code ignoreIfNotExists}
   */
  void dropTable(String name, boolean ignoreIfNotExists);

  /** The tables of the current database, by name. */
  List<String> listTables();

  /** Creates a database (directory {@code <name>.db}); no-op if it exists and allowed. */
  void createDatabase(String name, boolean ignoreIfExists);

  /** The databases of the warehouse. */
  List<String> listDatabases();

  /** The allocator results are allocated from by default. */
  BufferAllocator allocator();

  /**
   * The connection's thread pools, which every read and write of its tables shares ({@link
   * Multimodal.Builder#ioThreads}, {@link Multimodal.Builder#decodeThreads}).
   */
  SharedExecutors executors();

  /**
   * Closes the connection: stops its thread pools, waiting up to 10 s for tasks still running (then
   * logs a warning and interrupts them), closes the allocator (which fails if results were not
   * closed) and the storage it opened. Close scans, readers and loaders first.
   */
  @Override
  void close();
}
