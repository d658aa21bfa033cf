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
package io.paimon.multimodal.window;

import static io.paimon.multimodal.window.AlignmentFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Contiguous windows against a brute-force reference written here: random frame tables (groups of
 * random lengths and first frames, rows written out of order over several commits, whole groups
 * filtered away) and random options (per-column offsets with duplicates, delta timestamps, the
 * legacy window size with anchor columns and its rule given by {@code tail}, by {@code boundary} or
 * by neither, strides, every boundary, padding values of every column, some not of the column's
 * type, and options naming a column the table does not have). Every sample must equal the
 * reference's, and so must random {@code getItems} requests with negative and repeated indices and
 * {@code anchorKeys} of every sample. Legacy anchor columns hold the bare cell at the anchor; a
 * padding value must be a cell of its column's type (a Float widens for DOUBLE) or the build fails
 * with {@link SchemaException} naming the column, as it does for an option naming an unknown
 * column. Run more cases with {@code -Dwindows.cases=N -Dwindows.seed=S}.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class ContiguousWindowsDifferentialTest {

  private static final List<String> COLUMNS = List.of("v", "s", "vec");

  @Parameter TestStorage storage;

  @TempDir Path dir;
  private AlignmentFixture f;

  @BeforeEach
  void open() {
    f = new AlignmentFixture(storage, dir);
  }

  @AfterEach
  void close() {
    f.close();
  }

  /** One random case's options, applied to a builder and to the reference alike. */
  private static final class Options {
    Map<String, int[]> offsets = new LinkedHashMap<>();
    double[] deltas;
    String deltaColumn;
    double fps;
    int windowSize;
    List<String> anchorColumns = List.of();

    /** How a legacy window gets its rule: {@code tail}, {@code boundary} or neither (DROP). */
    LegacyRule legacyRule = LegacyRule.TAIL;

    int stride = 1;
    Boundary boundary = Boundary.DROP;

    /** Padding values by column, as given (possibly not cells of the column's type). */
    Map<String, Object> pads = new LinkedHashMap<>();

    /** The option that names the unknown column {@link #UNKNOWN}, or null. */
    String unknownIn;

    ContiguousWindows.Builder apply(ContiguousWindows.Builder b) {
      for (Map.Entry<String, int[]> e : offsets.entrySet()) {
        b = b.frameOffsets(e.getKey(), e.getValue());
      }
      if (deltas != null) {
        b = b.deltaTimestamps(deltaColumn, deltas).fps(fps);
      }
      if (windowSize > 0) {
        b = b.windowSize(windowSize);
        if (legacyRule == LegacyRule.TAIL) {
          b = b.tail(boundary);
        } else if (legacyRule == LegacyRule.BOUNDARY) {
          b = b.boundary(boundary);
        }
        List<String> anchors = new ArrayList<>(anchorColumns);
        if ("anchorColumns".equals(unknownIn)) {
          anchors.add(UNKNOWN);
        }
        if (!anchors.isEmpty()) {
          b = b.anchorColumns(anchors.toArray(new String[0]));
        }
      } else {
        b = b.boundary(boundary);
      }
      for (Map.Entry<String, Object> e : pads.entrySet()) {
        b = b.padValue(e.getKey(), e.getValue());
      }
      if (unknownIn != null) {
        switch (unknownIn) {
          case "frameOffsets":
            b = b.frameOffsets(UNKNOWN, 0);
            break;
          case "deltaTimestamps":
            b = b.deltaTimestamps(UNKNOWN, 0.0);
            break;
          case "padValue":
            b = b.padValue(UNKNOWN, 1.0);
            break;
          case "transform":
            b = b.transform(UNKNOWN, w -> w);
            break;
          default:
            break;
        }
      }
      return b.stride(stride);
    }

    int[] offsetsOf(String column) {
      if (windowSize > 0) {
        return anchorColumns.contains(column)
            ? new int[] {0}
            : java.util.stream.IntStream.range(0, windowSize).toArray();
      }
      if (deltas != null && column.equals(deltaColumn)) {
        int[] o = new int[deltas.length];
        for (int i = 0; i < o.length; i++) {
          o[i] = (int) Math.rint(deltas[i] * fps);
        }
        return o;
      }
      return offsets.getOrDefault(column, new int[] {0});
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("{");
      offsets.forEach((k, v) -> sb.append(k).append(java.util.Arrays.toString(v)).append(' '));
      if (deltas != null) {
        sb.append(deltaColumn).append(" seconds ").append(java.util.Arrays.toString(deltas));
        sb.append(" fps ").append(fps).append(' ');
      }
      if (windowSize > 0) {
        sb.append("windowSize ").append(windowSize).append(" anchors ").append(anchorColumns);
        sb.append(" rule by ").append(legacyRule);
      }
      sb.append(" stride ").append(stride).append(' ').append(boundary).append(" pads {");
      pads.forEach((k, v) -> sb.append(k).append('=').append(show(v)).append(' '));
      sb.append('}');
      if (unknownIn != null) {
        sb.append(" unknown column in ").append(unknownIn);
      }
      return sb.append('}').toString();
    }
  }

  private static String show(Object v) {
    if (v instanceof float[]) {
      return "float" + java.util.Arrays.toString((float[]) v);
    }
    if (v instanceof double[]) {
      return "double" + java.util.Arrays.toString((double[]) v);
    }
    if (v instanceof byte[]) {
      return "byte" + java.util.Arrays.toString((byte[]) v);
    }
    return v == null ? "null" : v.getClass().getSimpleName() + " " + v;
  }

  /** A column no table of these cases has. */
  private static final String UNKNOWN = "nope";

  private enum LegacyRule {
    TAIL,
    BOUNDARY,
    NEITHER
  }

  /** Valid padding values by column (null included), and values that are not cells of its type. */
  private static final Map<String, List<Object>> GOOD_PADS =
      Map.of(
          "v",
          java.util.Arrays.asList(null, -1.5, 2.5f),
          "s",
          java.util.Arrays.asList(null, "PAD", ""),
          "vec",
          java.util.Arrays.asList(null, new float[] {-1f, -2f}));

  private static final Map<String, List<Object>> BAD_PADS =
      Map.of(
          "v",
          List.of("zero", 7, 7L, new double[] {1.0}),
          "s",
          List.of(3, 'c', new byte[] {1}),
          "vec",
          List.of(new float[3], new double[] {1, 2}, List.of(1f, 2f), new float[] {1f}));

  private static Options randomOptions(SplittableRandom r) {
    Options o = new Options();
    switch (r.nextInt(5)) {
      case 0:
        for (String c : COLUMNS) {
          if (r.nextBoolean()) {
            int[] offsets = new int[1 + r.nextInt(4)];
            for (int i = 0; i < offsets.length; i++) {
              offsets[i] = r.nextInt(9) - 4;
            }
            o.offsets.put(c, offsets);
          }
        }
        break;
      case 1:
        o.deltaColumn = COLUMNS.get(r.nextInt(COLUMNS.size()));
        o.fps = new double[] {10, 30, 4}[r.nextInt(3)];
        o.deltas = new double[1 + r.nextInt(3)];
        for (int i = 0; i < o.deltas.length; i++) {
          o.deltas[i] = (r.nextInt(7) - 3) / o.fps;
        }
        break;
      case 2:
      case 3:
        o.windowSize = 1 + r.nextInt(4);
        List<String> anchors = new ArrayList<>();
        for (String c : COLUMNS) {
          if (r.nextInt(3) == 0) {
            anchors.add(c);
          }
        }
        Collections.shuffle(anchors, new java.util.Random(r.nextLong()));
        o.anchorColumns = anchors;
        o.legacyRule = LegacyRule.values()[r.nextInt(3)];
        break;
      default:
        break;
    }
    o.stride = 1 + r.nextInt(3);
    o.boundary =
        o.legacyRule == LegacyRule.NEITHER && o.windowSize > 0
            ? Boundary.DROP
            : Boundary.values()[r.nextInt(3)];
    if (o.boundary == Boundary.PAD) {
      for (String c : COLUMNS) {
        if (r.nextInt(3) == 0) {
          List<Object> good = GOOD_PADS.get(c);
          o.pads.put(c, good.get(r.nextInt(good.size())));
        }
      }
      if (r.nextInt(6) == 0) {
        String c = COLUMNS.get(r.nextInt(COLUMNS.size()));
        List<Object> bad = BAD_PADS.get(c);
        o.pads.put(c, bad.get(r.nextInt(bad.size())));
      }
    }
    if (r.nextInt(10) == 0) {
      int pick = r.nextInt(3);
      if (pick == 0) {
        o.unknownIn = "transform";
      } else if (pick == 1 && o.boundary == Boundary.PAD) {
        o.unknownIn = "padValue";
      } else if (o.windowSize > 0) {
        o.unknownIn = "anchorColumns";
      } else if (o.deltas != null) {
        o.unknownIn = "deltaTimestamps";
      } else {
        o.unknownIn = "frameOffsets";
      }
    }
    return o;
  }

  /**
   * The padding value as a sample holds it (a Float widened for DOUBLE, a vector as a list), or
   * null with {@code bad[0]} set when it is not a cell of the column's type (v DOUBLE, s STRING,
   * vec VECTOR&lt;FLOAT, 2&gt;, all nullable).
   */
  private static Object referencePad(String column, Object value, boolean[] bad) {
    if (value == null) {
      return null;
    }
    switch (column) {
      case "v":
        if (value instanceof Double) {
          return value;
        }
        if (value instanceof Float) {
          return ((Float) value).doubleValue();
        }
        break;
      case "s":
        if (value instanceof String) {
          return value;
        }
        break;
      default:
        if (value instanceof float[] && ((float[]) value).length == 2) {
          return normalizeValue(value);
        }
        break;
    }
    bad[0] = true;
    return null;
  }

  @Test
  void randomTablesAndOptionsMatchTheBruteForceReference() {
    long seed = Long.getLong("windows.seed", 20261130L);
    int cases = Integer.getInteger("windows.cases", 120);
    SplittableRandom master = new SplittableRandom(seed);
    for (int c = 0; c < cases; c++) {
      long caseSeed = master.nextLong();
      runCase(caseSeed, "seed " + seed + ", case " + c + " (case seed " + caseSeed + ")");
    }
  }

  private void runCase(long seed, String ctx) {
    SplittableRandom r = new SplittableRandom(seed);
    // STRING, INT or BIGINT groups (the last read straight from the Arrow buffers), INT or BIGINT
    // order values: anchorKeys must box them as a read does.
    int groupKind = r.nextInt(3);
    boolean stringGroups = groupKind == 0;
    boolean longGroups = groupKind == 2;
    boolean intFrames = r.nextInt(3) == 0;
    Table t =
        f.table(
            "ep",
            stringGroups ? DataTypes.STRING() : longGroups ? DataTypes.BIGINT() : DataTypes.INT(),
            "frame",
            intFrames ? DataTypes.INT() : DataTypes.BIGINT(),
            "v",
            DataTypes.DOUBLE(),
            "s",
            DataTypes.STRING(),
            "vec",
            DataTypes.VECTOR(DataTypes.FLOAT(), 2));
    List<Map<String, Object>> rows = new ArrayList<>();
    int groups = 1 + r.nextInt(5);
    for (int g = 0; g < groups; g++) {
      // Distinct keys in an order unrelated to the group's position in the table.
      int spread = (groups - 1 - g) * 41 + r.nextInt(40) - 100;
      Object key =
          stringGroups
              ? "ep" + (char) ('a' + r.nextInt(26)) + g
              : longGroups ? (Object) (spread * 1_000_000_007L) : (Object) spread;
      long first = r.nextInt(50) - 10;
      int length = 1 + r.nextInt(9);
      for (int i = 0; i < length; i++) {
        rows.add(
            row(
                "ep",
                key,
                "frame",
                intFrames ? (Object) (int) (first + i) : (Object) (first + i),
                "v",
                r.nextInt(5) == 0 ? null : (double) r.nextInt(1000),
                "s",
                "s" + g + "_" + i,
                "vec",
                new float[] {g, i}));
      }
    }
    Collections.shuffle(rows, new java.util.Random(seed));
    int commits = 1 + r.nextInt(3);
    for (int k = 0; k < commits; k++) {
      List<Map<String, Object>> part =
          rows.subList(k * rows.size() / commits, (k + 1) * rows.size() / commits);
      if (!part.isEmpty()) {
        t.add(new ArrayList<>(part));
      }
    }
    Object dropped = r.nextInt(3) == 0 ? rows.get(0).get("ep") : null;
    var scan =
        dropped == null
            ? t.scan()
            : t.scan().where("ep <> " + (stringGroups ? "'" + dropped + "'" : dropped));
    Options options = randomOptions(r);
    String context = ctx + ", " + options;
    String schemaError = schemaError(options);
    if (schemaError != null) {
      assertThatThrownBy(
              () ->
                  options
                      .apply(ContiguousWindows.builder(scan).groupKey("ep").orderKey("frame"))
                      .build())
          .as(context)
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining(schemaError);
      return;
    }
    List<Map<String, Object>> expected;
    try {
      expected = reference(scan.toList(), options);
    } catch (IllegalStateException incomplete) {
      assertThatThrownBy(
              () ->
                  options
                      .apply(ContiguousWindows.builder(scan).groupKey("ep").orderKey("frame"))
                      .build())
          .as(context)
          .isInstanceOf(AlignmentException.class)
          .hasMessageContaining("boundary ERROR");
      return;
    }
    ContiguousWindowDataset ds =
        options.apply(ContiguousWindows.builder(scan).groupKey("ep").orderKey("frame")).build();
    assertThat(ds.size()).as(context).isEqualTo(expected.size());
    List<Map<String, Object>> all =
        ds.getItems(java.util.stream.IntStream.range(0, ds.size()).toArray());
    for (int i = 0; i < expected.size(); i++) {
      assertThat(normalize(all.get(i))).as(context + ", sample " + i).isEqualTo(expected.get(i));
    }
    if (ds.size() > 0) {
      int[] request = new int[1 + r.nextInt(6)];
      for (int i = 0; i < request.length; i++) {
        request[i] = r.nextInt(2 * ds.size()) - ds.size();
      }
      List<Map<String, Object>> got = ds.getItems(request);
      for (int i = 0; i < request.length; i++) {
        int k = request[i] < 0 ? request[i] + ds.size() : request[i];
        assertThat(normalize(got.get(i)))
            .as(context + ", getItems " + java.util.Arrays.toString(request) + " at " + i)
            .isEqualTo(expected.get(k));
      }
    }
    // anchorKeys: the anchor's keys, boxed as a read boxes them, in the order group, order.
    for (int i = -expected.size(); i < expected.size(); i++) {
      Map<String, Object> want = expected.get(i < 0 ? i + expected.size() : i);
      Map<String, Object> keys = ds.anchorKeys(i);
      assertThat(new ArrayList<>(keys.entrySet()))
          .as(context + ", anchorKeys " + i)
          .containsExactly(Map.entry("ep", want.get("ep")), Map.entry("frame", want.get("frame")));
      assertThat(keys.get("ep").getClass()).as(context).isEqualTo(want.get("ep").getClass());
      assertThat(keys.get("frame").getClass()).as(context).isEqualTo(want.get("frame").getClass());
    }
    int n = expected.size();
    assertThatThrownBy(() -> ds.anchorKeys(n)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> ds.anchorKeys(-n - 1)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  /**
   * What the build's SchemaException must contain, or null when the options are well typed: an
   * option naming an unknown column, or a padding value that is not a cell of its column's type.
   */
  private static String schemaError(Options options) {
    if (options.unknownIn != null) {
      return options.unknownIn + " names '" + UNKNOWN + "', which is not a column of the table";
    }
    for (Map.Entry<String, Object> e : options.pads.entrySet()) {
      boolean[] bad = new boolean[1];
      referencePad(e.getKey(), e.getValue(), bad);
      if (bad[0]) {
        return "padValue of column '" + e.getKey() + "'";
      }
    }
    return null;
  }

  /** The samples by brute force; throws IllegalStateException where ERROR must reject. */
  private static List<Map<String, Object>> reference(
      List<Map<String, Object>> rows, Options options) {
    Map<Object, List<Map<String, Object>>> groups =
        new TreeMap<>(
            (a, b) ->
                a instanceof String
                    ? ((String) a).compareTo((String) b)
                    : Long.compare(((Number) a).longValue(), ((Number) b).longValue()));
    for (Map<String, Object> row : rows) {
      groups.computeIfAbsent(row.get("ep"), k -> new ArrayList<>()).add(row);
    }
    List<String> bounded =
        options.windowSize > 0
            ? COLUMNS.stream()
                .filter(c -> !options.anchorColumns.contains(c))
                .collect(Collectors.toList())
            : COLUMNS;
    int min = 0;
    int max = 0;
    for (String c : bounded) {
      for (int o : options.offsetsOf(c)) {
        min = Math.min(min, o);
        max = Math.max(max, o);
      }
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (List<Map<String, Object>> frames : groups.values()) {
      frames.sort(Comparator.comparingLong(m -> ((Number) m.get("frame")).longValue()));
      int n = frames.size();
      for (int p = 0; p < n; p += options.stride) {
        boolean complete = p + min >= 0 && p + max < n;
        if (!complete && options.boundary == Boundary.ERROR) {
          throw new IllegalStateException("incomplete");
        }
        if (!complete && options.boundary == Boundary.DROP) {
          continue;
        }
        Map<String, Object> sample = new LinkedHashMap<>();
        sample.put("ep", frames.get(p).get("ep"));
        sample.put("frame", frames.get(p).get("frame"));
        List<Boolean> single = null;
        for (String c : COLUMNS) {
          if (options.windowSize > 0 && options.anchorColumns.contains(c)) {
            // A legacy anchor column: the bare cell at the anchor, no time dimension.
            sample.put(c, normalizeValue(frames.get(p).get(c)));
            continue;
          }
          List<Object> window = new ArrayList<>();
          List<Boolean> mask = new ArrayList<>();
          for (int o : options.offsetsOf(c)) {
            int q = p + o;
            boolean pad = q < 0 || q >= n;
            mask.add(pad);
            if (pad && options.pads.containsKey(c)) {
              window.add(referencePad(c, options.pads.get(c), new boolean[1]));
            } else {
              window.add(normalizeValue(frames.get(Math.max(0, Math.min(n - 1, q))).get(c)));
            }
          }
          sample.put(c, window);
          if (options.windowSize == 0) {
            sample.put(c + "_is_pad", mask);
          } else if (single == null && bounded.contains(c)) {
            single = mask;
          }
        }
        if (options.windowSize > 0) {
          sample.put("is_pad", single == null ? List.of() : single);
        }
        out.add(sample);
      }
    }
    return out;
  }

  private static Map<String, Object> normalize(Map<String, Object> sample) {
    Map<String, Object> out = new LinkedHashMap<>();
    sample.forEach((k, v) -> out.put(k, normalizeValue(v)));
    return out;
  }

  /** Tensors and primitive arrays as lists, so that samples compare by value. */
  private static Object normalizeValue(Object v) {
    if (v instanceof Tensor) {
      List<Boolean> l = new ArrayList<>();
      for (boolean b : ((Tensor) v).booleans()) {
        l.add(b);
      }
      return l;
    }
    if (v instanceof float[]) {
      List<Float> l = new ArrayList<>();
      for (float x : (float[]) v) {
        l.add(x);
      }
      return l;
    }
    if (v instanceof List) {
      return ((List<?>) v).stream().map(x -> normalizeValue(x)).collect(Collectors.toList());
    }
    return v;
  }
}
