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

  /** Closes the allocator. */
  @Override
  void close();
}
