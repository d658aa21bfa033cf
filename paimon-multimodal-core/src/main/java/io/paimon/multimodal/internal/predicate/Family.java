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
package io.paimon.multimodal.internal.predicate;

import io.paimon.types.DataType;

/**
 * How values of a column type compare. Columns of families in the same {@link Group} can be
 * compared with each other and with literals of that group; {@link #OTHER} (BINARY, BLOB, ARRAY,
 * MAP, MULTISET, ROW, VECTOR, VARIANT) supports only IS [NOT] NULL.
 */
enum Family {
  INTEGER(Group.NUMERIC),
  FLOATING(Group.NUMERIC),
  DECIMAL(Group.NUMERIC),
  STRING(Group.STRING),
  BOOLEAN(Group.BOOLEAN),
  DATE(Group.TEMPORAL),
  TIMESTAMP(Group.TEMPORAL),
  TIMESTAMP_LTZ(Group.TEMPORAL),
  TIME(Group.TIME),
  OTHER(Group.NONE);

  /** Sets of mutually comparable families. */
  enum Group {
    NUMERIC,
    STRING,
    BOOLEAN,
    TEMPORAL,
    TIME,
    NONE
  }

  private final Group group;

  Family(Group group) {
    this.group = group;
  }

  Group group() {
    return group;
  }

  /** The family of a column type. */
  static Family of(DataType type) {
    switch (type.root()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        return INTEGER;
      case FLOAT:
      case DOUBLE:
        return FLOATING;
      case DECIMAL:
        return DECIMAL;
      case CHAR:
      case VARCHAR:
        return STRING;
      case BOOLEAN:
        return BOOLEAN;
      case DATE:
        return DATE;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return TIMESTAMP;
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return TIMESTAMP_LTZ;
      case TIME_WITHOUT_TIME_ZONE:
        return TIME;
      default:
        return OTHER;
    }
  }

  /** The group a literal kind belongs to; null for NULL, which fits every group. */
  static Group groupOf(Syntax.LiteralKind kind) {
    switch (kind) {
      case NUMBER:
        return Group.NUMERIC;
      case STRING:
        return Group.STRING;
      case BOOLEAN:
        return Group.BOOLEAN;
      case DATE:
      case TIMESTAMP:
        return Group.TEMPORAL;
      case TIME:
        return Group.TIME;
      default:
        return null;
    }
  }
}
