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
package io.paimon.multimodal.internal;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import java.util.regex.Pattern;

/**
 * Validation of names that become paths or columns: nothing a user names may escape the warehouse
 * or clash with a system column.
 */
public final class Names {

  /** Letters, digits, '_' and '-', not starting with '-': safe as a file name on every system. */
  private static final Pattern IDENTIFIER = Pattern.compile("[\\p{L}\\p{N}_][\\p{L}\\p{N}_\\-]*");

  private static final int MAX_LENGTH = 255;

  private Names() {}

  /**
   * Checks a table or database name.
   *
   * @throws SchemaException naming the value if it is empty, too long, or holds a character other
   *     than letters, digits, '_' and '-' (so {@code ../x} and {@code a/b} are rejected)
   */
  public static String checkObjectName(String kind, String name) {
    if (name == null || name.isEmpty()) {
      throw new SchemaException(kind + " name must not be empty");
    }
    if (name.length() > MAX_LENGTH || !IDENTIFIER.matcher(name).matches()) {
      throw new SchemaException(
          "invalid "
              + kind
              + " name '"
              + name
              + "': use letters, digits, '_' and '-' (not first), at most 255 characters");
    }
    return name;
  }

  /**
   * Checks a column name.
   *
   * @throws SchemaException if it is empty, has control characters, or is {@code _ROW_ID} in any
   *     letter case
   */
  public static String checkColumnName(String name) {
    if (name == null || name.isEmpty()) {
      throw new SchemaException("column name must not be empty");
    }
    if (name.equalsIgnoreCase(Schema.ROW_ID)) {
      throw new SchemaException(
          "column name '" + name + "' is reserved for the row-ID system column " + Schema.ROW_ID);
    }
    for (int i = 0; i < name.length(); i++) {
      if (Character.isISOControl(name.charAt(i))) {
        throw new SchemaException(
            "column name '"
                + name.replaceAll("\\p{Cntrl}", "?")
                + "' has a control character at position "
                + i);
      }
    }
    return name;
  }
}
