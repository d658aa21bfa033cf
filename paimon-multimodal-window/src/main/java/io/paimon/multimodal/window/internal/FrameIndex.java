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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.window.AlignmentException;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The index of a contiguous-window dataset: the row ID of every row of a frame table scan, grouped
 * by the group key (groups in ascending key order) and sorted by the order key, whose values must
 * step by exactly one inside a group. Positions {@code [start(g), start(g + 1))} hold group {@code
 * g}.
 *
 * <p>Memory: 8 bytes per row, and per group 12 bytes plus its key value, once built (loading holds
 * the keys' index of {@link RightIndex}, 16 bytes per row, for a moment). Immutable; thread-safe.
 */
public final class FrameIndex {

  private final long[] rowIds;
  private final int[] starts;

  /** Per group: its key, as a cell of the group key's type. */
  private final Object[] groupValues;

  /** Per group: the order value of its first frame (the others follow by steps of one). */
  private final long[] firstOrders;

  /** The order key's integer type, which order values are boxed as. */
  private final DataTypeRoot orderRoot;

  private FrameIndex(
      long[] rowIds,
      int[] starts,
      Object[] groupValues,
      long[] firstOrders,
      DataTypeRoot orderRoot) {
    this.rowIds = rowIds;
    this.starts = starts;
    this.groupValues = groupValues;
    this.firstOrders = firstOrders;
    this.orderRoot = orderRoot;
  }

  /**
   * Reads the group and order keys of every row {@code scan} selects.
   *
   * @param input the table's name, for messages
   * @param progress counts the rows read
   * @throws AlignmentException naming the group, the values and their row IDs if a key is null or
   *     the order values of a group repeat or skip a step
   */
  public static FrameIndex load(
      Scan scan,
      String input,
      String groupKey,
      DataType groupType,
      String orderKey,
      DataType orderType,
      BufferAllocator allocator,
      ProgressTracker progress) {
    KeyColumn order = new KeyColumn(input, orderKey, orderType, 1);
    KeyColumn group = new KeyColumn(input, groupKey, groupType, 1);
    RightIndex keys =
        RightIndex.load(scan, order, new KeyColumn[] {group}, allocator, true, progress);
    int groupCount = keys.groups.size();
    Integer[] byKey = new Integer[groupCount];
    for (int g = 0; g < groupCount; g++) {
      byKey[g] = g;
    }
    long[] longKeys = keys.groups.longKeys() ? keys.groups.longKeysById() : null;
    Arrays.sort(byKey, groupOrder(group.kind, keys.groups, longKeys));
    long[] rowIds = new long[keys.size()];
    int[] starts = new int[groupCount + 1];
    Object[] groupValues = new Object[groupCount];
    long[] firstOrders = new long[groupCount];
    int at = 0;
    for (int k = 0; k < groupCount; k++) {
      int g = byKey[k];
      int from = keys.starts[g];
      int to = keys.starts[g + 1];
      starts[k] = at;
      groupValues[k] = keys.groupValues[g];
      firstOrders[k] = keys.times[from];
      for (int i = from; i < to; i++) {
        if (i > from) {
          long step = keys.times[i] - keys.times[i - 1];
          if (step != 1) {
            throw new AlignmentException(
                input
                    + ": order key '"
                    + orderKey
                    + "' "
                    + (step == 0 ? "repeats " + keys.times[i] : "jumps from " + keys.times[i - 1])
                    + (step == 0 ? "" : " to " + keys.times[i])
                    + " in group "
                    + groupKey
                    + " = "
                    + describe(group.kind, keys.groups, longKeys, g)
                    + " (_ROW_IDs "
                    + keys.rowIds[i - 1]
                    + " and "
                    + keys.rowIds[i]
                    + "); order values must increase by exactly one within a group, so a filter"
                    + " that drops rows inside a group is not allowed either");
          }
        }
        rowIds[at++] = keys.rowIds[i];
      }
    }
    starts[groupCount] = at;
    return new FrameIndex(rowIds, starts, groupValues, firstOrders, orderType.root());
  }

  private static Comparator<Integer> groupOrder(
      KeyKind kind, GroupDictionary groups, long[] longKeys) {
    if (longKeys != null) {
      if (kind == KeyKind.FLOATING) {
        return Comparator.comparingDouble(g -> Double.longBitsToDouble(longKeys[g]));
      }
      return Comparator.comparingLong(g -> longKeys[g]);
    }
    if (kind == KeyKind.DECIMAL) {
      return Comparator.comparing(
          g -> new BigDecimal(new String(value(groups, g), StandardCharsets.US_ASCII)));
    }
    // Strings as UTF-8 bytes compare unsigned in code point order, as Arrow sorts them.
    return (a, b) -> Arrays.compareUnsigned(value(groups, a), value(groups, b));
  }

  /** A single byte-kind key's value: its encoding is a 4-byte length, then the bytes. */
  private static byte[] value(GroupDictionary groups, int g) {
    byte[] encoded = groups.keyBytes(g);
    return Arrays.copyOfRange(encoded, 4, encoded.length);
  }

  private static String describe(KeyKind kind, GroupDictionary groups, long[] longKeys, int g) {
    if (longKeys != null) {
      return kind == KeyKind.FLOATING
          ? Double.toString(Double.longBitsToDouble(longKeys[g]))
          : Long.toString(longKeys[g]);
    }
    byte[] key = value(groups, g);
    switch (kind) {
      case STRING:
        return "'" + new String(key, StandardCharsets.UTF_8) + "'";
      case DECIMAL:
        return new String(key, StandardCharsets.US_ASCII);
      default:
        return "0x" + HexFormat.of().formatHex(key);
    }
  }

  /** The number of groups. */
  public int groupCount() {
    return starts.length - 1;
  }

  /** The first position of group {@code g}; {@code start(groupCount())} is the row count. */
  public int start(int g) {
    return starts[g];
  }

  /** The group holding a position. */
  public int groupOf(int position) {
    int g = Arrays.binarySearch(starts, 0, starts.length - 1, position);
    if (g >= 0) {
      // Several groups cannot start at one position: groups are never empty.
      return g;
    }
    return -g - 2;
  }

  /** The key of group {@code g}, as a cell of the group key's type (as a sample holds it). */
  public Object groupValue(int g) {
    return groupValues[g];
  }

  /**
   * The order value at a position of group {@code g} (its first frame's plus the distance), as a
   * cell of the order key's integer type ({@code Byte}, {@code Short}, {@code Integer}, {@code
   * Long}).
   */
  public Object orderValue(int g, int position) {
    long v = firstOrders[g] + (position - starts[g]);
    switch (orderRoot) {
      case TINYINT:
        return (byte) v;
      case SMALLINT:
        return (short) v;
      case INTEGER:
        return (int) v;
      default:
        return v;
    }
  }

  /** The row ID at a position. */
  public long rowId(int position) {
    return rowIds[position];
  }

  /** The number of rows. */
  public int rowCount() {
    return rowIds.length;
  }

  /** Heap bytes held by the index's arrays (the group values counted as references). */
  public long heapBytes() {
    return 8L * rowIds.length + 4L * starts.length + 16L * groupValues.length;
  }
}
