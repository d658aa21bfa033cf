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

/**
 * Where a table is, as the TABLE argument names it: {@code WAREHOUSE/DATABASE/TABLE}. The last two
 * path elements are the database and the table, everything before them is the warehouse (a local
 * path or a URI such as {@code s3://bucket/wh}). The database element may carry Paimon's {@code
 * .db} directory suffix, so a table's own directory ({@code wh/default.db/docs}) names it too.
 *
 * @param warehouse the warehouse root
 * @param database the database name, without {@code .db}
 * @param table the table name
 */
record TableAddress(String warehouse, String database, String table) {

  private static final String DB_SUFFIX = ".db";

  /**
   * Parses a TABLE argument.
   *
   * @throws CliException (usage) if it has fewer than three path elements
   */
  static TableAddress parse(String text) {
    String s = text;
    while (s.length() > 1 && s.endsWith("/")) {
      s = s.substring(0, s.length() - 1);
    }
    int t = s.lastIndexOf('/');
    int d = t > 0 ? s.lastIndexOf('/', t - 1) : -1;
    if (t <= 0 || d <= 0 || s.substring(0, d).endsWith(":/") || s.endsWith(":")) {
      throw new CliException(
          ExitCodes.USAGE,
          "TABLE '" + text + "' must be WAREHOUSE/DATABASE/TABLE, e.g. ./warehouse/default/docs");
    }
    String table = s.substring(t + 1);
    String database = s.substring(d + 1, t);
    if (database.endsWith(DB_SUFFIX) && database.length() > DB_SUFFIX.length()) {
      database = database.substring(0, database.length() - DB_SUFFIX.length());
    }
    String warehouse = s.substring(0, d);
    if (table.isEmpty() || database.isEmpty() || warehouse.isEmpty()) {
      throw new CliException(
          ExitCodes.USAGE, "TABLE '" + text + "' must be WAREHOUSE/DATABASE/TABLE");
    }
    return new TableAddress(warehouse, database, table);
  }

  /** The database directory under the warehouse. */
  String databaseDirectory() {
    return warehouse + "/" + database + DB_SUFFIX;
  }

  @Override
  public String toString() {
    return warehouse + "/" + database + "/" + table;
  }
}
