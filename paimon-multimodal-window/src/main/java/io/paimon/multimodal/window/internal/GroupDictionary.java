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

import java.util.Arrays;

/**
 * Dense ids 0, 1, 2, ... for the distinct {@code by} key tuples of a right input, looked up for
 * each left row. Two compact layouts, both open addressing over primitive arrays: a single key that
 * reads as one {@code long} is kept in a {@code long[]} table (16 bytes per slot with its id); any
 * other tuple is encoded to canonical bytes ({@link KeyColumn#encode}) that are appended to one
 * byte arena, with per group an arena offset and a hash (8 bytes plus the key bytes per group, plus
 * 4 bytes per slot). Tables stay at most half full. Not thread-safe; read-only once built.
 */
final class GroupDictionary {

  private static final int EMPTY = -1;

  private final boolean longKeys;
  private int size;
  private int mask;
  private int[] slots; // group id per slot, EMPTY if free

  // long layout
  private long[] slotKeys;

  // byte layout
  private byte[] arena = new byte[0];
  private int arenaLength;
  private int[] offsets = new int[] {0};
  private int[] hashes = new int[0];

  GroupDictionary(boolean longKeys) {
    this.longKeys = longKeys;
    allocate(16);
  }

  boolean longKeys() {
    return longKeys;
  }

  int size() {
    return size;
  }

  /** The long key of every group, by id (long layout only). */
  long[] longKeysById() {
    long[] keys = new long[size];
    for (int s = 0; s < slots.length; s++) {
      if (slots[s] != EMPTY) {
        keys[slots[s]] = slotKeys[s];
      }
    }
    return keys;
  }

  /** The encoded key bytes of group {@code g} (byte layout only). */
  byte[] keyBytes(int g) {
    return Arrays.copyOfRange(arena, offsets[g], offsets[g + 1]);
  }

  private void allocate(int capacity) {
    slots = new int[capacity];
    Arrays.fill(slots, EMPTY);
    mask = capacity - 1;
    if (longKeys) {
      slotKeys = new long[capacity];
    }
  }

  private static int mix(long x) {
    x ^= x >>> 33;
    x *= 0xff51afd7ed558ccdL;
    x ^= x >>> 33;
    x *= 0xc4ceb9fe1a85ec53L;
    x ^= x >>> 33;
    return (int) x;
  }

  private static int hashBytes(byte[] b, int len) {
    long h = 0x9E3779B97F4A7C15L ^ len;
    for (int i = 0; i < len; i++) {
      h = (h ^ (b[i] & 0xff)) * 0x100000001B3L;
    }
    return mix(h);
  }

  /** The id of a long key, or -1. */
  int find(long key) {
    int s = mix(key) & mask;
    while (true) {
      int g = slots[s];
      if (g == EMPTY) {
        return -1;
      }
      if (slotKeys[s] == key) {
        return g;
      }
      s = (s + 1) & mask;
    }
  }

  /** The id of a long key, added if new. */
  int add(long key) {
    int s = mix(key) & mask;
    while (true) {
      int g = slots[s];
      if (g == EMPTY) {
        slots[s] = size;
        slotKeys[s] = key;
        size++;
        if (size * 2 > slots.length) {
          rehash();
        }
        return size - 1;
      }
      if (slotKeys[s] == key) {
        return g;
      }
      s = (s + 1) & mask;
    }
  }

  /** The id of an encoded key, or -1. */
  int find(byte[] key, int len) {
    return probe(key, len, hashBytes(key, len), false);
  }

  /** The id of an encoded key, added if new. */
  int add(byte[] key, int len) {
    return probe(key, len, hashBytes(key, len), true);
  }

  private int probe(byte[] key, int len, int hash, boolean add) {
    int s = hash & mask;
    while (true) {
      int g = slots[s];
      if (g == EMPTY) {
        if (!add) {
          return -1;
        }
        append(key, len, hash);
        slots[s] = size - 1;
        if (size * 2 > slots.length) {
          rehash();
        }
        return size - 1;
      }
      if (hashes[g] == hash && equalsKey(g, key, len)) {
        return g;
      }
      s = (s + 1) & mask;
    }
  }

  private boolean equalsKey(int g, byte[] key, int len) {
    int from = offsets[g];
    return offsets[g + 1] - from == len && Arrays.equals(arena, from, from + len, key, 0, len);
  }

  private void append(byte[] key, int len, int hash) {
    if (arenaLength + len > arena.length) {
      arena = Arrays.copyOf(arena, Math.max(arena.length * 2, arenaLength + len));
    }
    System.arraycopy(key, 0, arena, arenaLength, len);
    arenaLength += len;
    if (size + 1 >= offsets.length) {
      offsets = Arrays.copyOf(offsets, Math.max(4, offsets.length * 2));
      hashes = Arrays.copyOf(hashes, offsets.length);
    }
    hashes[size] = hash;
    size++;
    offsets[size] = arenaLength;
  }

  private void rehash() {
    int[] oldSlots = slots;
    long[] oldKeys = slotKeys;
    allocate(oldSlots.length * 2);
    for (int s = 0; s < oldSlots.length; s++) {
      int g = oldSlots[s];
      if (g == EMPTY) {
        continue;
      }
      int t = (longKeys ? mix(oldKeys[s]) : hashes[g]) & mask;
      while (slots[t] != EMPTY) {
        t = (t + 1) & mask;
      }
      slots[t] = g;
      if (longKeys) {
        slotKeys[t] = oldKeys[s];
      }
    }
  }

  /**
   * Adds every group of {@code other} (same layout) and returns, per group id of {@code other}, its
   * id here.
   */
  int[] addAll(GroupDictionary other) {
    int[] remap = new int[other.size];
    if (longKeys) {
      for (int s = 0; s < other.slots.length; s++) {
        int g = other.slots[s];
        if (g != EMPTY) {
          remap[g] = add(other.slotKeys[s]);
        }
      }
    } else {
      for (int g = 0; g < other.size; g++) {
        int from = other.offsets[g];
        int len = other.offsets[g + 1] - from;
        remap[g] = add(Arrays.copyOfRange(other.arena, from, from + len), len);
      }
    }
    return remap;
  }

  /** Approximate heap bytes held. */
  long heapBytes() {
    return (long) slots.length * (longKeys ? 12 : 4) + arena.length + offsets.length * 8L;
  }
}
