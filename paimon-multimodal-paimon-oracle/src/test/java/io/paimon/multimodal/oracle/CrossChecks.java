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
package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.predicate.PredicateBuilder;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.RowType;

/**
 * The comparisons of the cross tests, where our library and Paimon 1.4.2 share one warehouse: our
 * rows next to Paimon's, our plan next to Paimon's, and Paimon's statistics-based skipping over the
 * statistics we write.
 */
final class CrossChecks {

  /** Column types whose statistics Paimon's filters evaluate (and we may write). */
  private static final Set<DataTypeRoot> FILTERABLE =
      EnumSet.of(
          DataTypeRoot.BOOLEAN,
          DataTypeRoot.TINYINT,
          DataTypeRoot.SMALLINT,
          DataTypeRoot.INTEGER,
          DataTypeRoot.BIGINT,
          DataTypeRoot.FLOAT,
          DataTypeRoot.DOUBLE,
          DataTypeRoot.DECIMAL,
          DataTypeRoot.CHAR,
          DataTypeRoot.VARCHAR,
          DataTypeRoot.BINARY,
          DataTypeRoot.VARBINARY,
          DataTypeRoot.DATE,
          DataTypeRoot.TIME_WITHOUT_TIME_ZONE,
          DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
          DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE);

  private CrossChecks() {}

  /**
   * Our read of a scan with {@code _ROW_ID}, BLOB cells resolved to payloads through {@code io}, in
   * {@code _ROW_ID} order.
   */
  static List<Map<String, Object>> ourRows(Scan scan, FileIO io) throws Exception {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> row : scan.withRowId().toList()) {
      Map<String, Object> resolved = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : row.entrySet()) {
        Object v = e.getValue();
        resolved.put(e.getKey(), v instanceof BlobDescriptor ? payload(io, (BlobDescriptor) v) : v);
      }
      out.add(resolved);
    }
    out.sort(Comparator.comparingLong(r -> (Long) r.get(PaimonCatalogs.ROW_ID)));
    return out;
  }

  /** The bytes a descriptor points at. */
  static byte[] payload(FileIO io, BlobDescriptor d) throws Exception {
    try (InputFile in = io.newInputFile(d.uri())) {
      long length =
          d.length() == BlobDescriptor.UNKNOWN_LENGTH ? in.length() - d.offset() : d.length();
      byte[] bytes = new byte[Math.toIntExact(length)];
      in.readFully(d.offset(), bytes, 0, bytes.length);
      return bytes;
    }
  }

  /** Asserts that both reads hold the same rows, row IDs included, in {@code _ROW_ID} order. */
  static void assertSameRows(
      String context, List<Map<String, Object>> paimonRows, List<Map<String, Object>> ourRows) {
    assertThat(ourRows).as("%s: rows", context).hasSameSizeAs(paimonRows);
    for (int i = 0; i < paimonRows.size(); i++) {
      OracleAssertions.assertSameRow(context + ", row " + i, paimonRows.get(i), ourRows.get(i));
    }
  }

  /** Our schema for a Paimon row type, partition keys and options (on top of Paimon's). */
  static Schema ourSchema(RowType type, List<String> partitionKeys, Map<String, String> options) {
    Schema.Builder b = Schema.builder();
    for (DataField f : type.getFields()) {
      b.column(f.name(), PaimonTypes.toOurs(f.type()));
    }
    b.partitionKeys(partitionKeys.toArray(new String[0]));
    PaimonCatalogs.tableOptions().forEach(b::option);
    options.forEach(b::option);
    return b.build();
  }

  // ---------------------------------------------------------------------------------------------
  // Plans

  /** One file of a plan as both sides describe it; write columns resolved to names. */
  private record FileView(
      String name,
      long firstRowId,
      long rowCount,
      List<String> writeCols,
      long maxSequenceNumber,
      long fileSize) {}

  /** One row-ID range of a plan: its partition, its range and every file that supplies it. */
  private record RangeView(
      List<Object> partition, long firstRowId, long rowCount, Set<FileView> files) {}

  /**
   * Paimon's plan as row-ID ranges: the files of each {@code DataSplit} grouped by overlapping row
   * ranges (Paimon packs whole ranges into splits, so a range never spans two splits).
   */
  private static List<RangeView> paimonRanges(PaimonCatalogs paimon, String name) throws Exception {
    Map<Long, List<String>> columnsBySchema = new HashMap<>();
    org.apache.paimon.types.RowType latest = paimon.table(name).schema().logicalRowType();
    Map<Integer, List<PaimonCatalogs.PlannedFile>> bySplit = new TreeMap<>();
    for (PaimonCatalogs.PlannedFile f : paimon.plannedFiles(name)) {
      bySplit.computeIfAbsent(f.split(), k -> new ArrayList<>()).add(f);
    }
    List<RangeView> out = new ArrayList<>();
    for (List<PaimonCatalogs.PlannedFile> files : bySplit.values()) {
      files.sort(Comparator.comparingLong(PaimonCatalogs.PlannedFile::firstRowId));
      int i = 0;
      while (i < files.size()) {
        long first = files.get(i).firstRowId();
        long end = first + files.get(i).rowCount();
        Set<FileView> views = new HashSet<>();
        int j = i;
        while (j < files.size() && files.get(j).firstRowId() < end) {
          PaimonCatalogs.PlannedFile f = files.get(j);
          end = Math.max(end, f.firstRowId() + f.rowCount());
          List<String> writeCols = f.writeCols();
          if (writeCols == null) {
            // null: every column of the schema the file was written with.
            writeCols = columnsBySchema.get(f.schemaId());
            if (writeCols == null) {
              writeCols = paimon.schemaRowType(name, f.schemaId()).getFieldNames();
              columnsBySchema.put(f.schemaId(), writeCols);
            }
          }
          writeCols = currentNames(writeCols, paimon.schemaRowType(name, f.schemaId()), latest);
          views.add(
              new FileView(
                  f.fileName(),
                  f.firstRowId(),
                  f.rowCount(),
                  writeCols,
                  f.maxSequenceNumber(),
                  f.fileSize()));
          j++;
        }
        out.add(new RangeView(files.get(i).partition(), first, end - first, views));
        i = j;
      }
    }
    out.sort(Comparator.comparingLong(RangeView::firstRowId));
    return out;
  }

  /**
   * A file's columns under the names the latest schema gives their field ids (as our plan names
   * them), without the ones it dropped.
   */
  private static List<String> currentNames(
      List<String> columns,
      org.apache.paimon.types.RowType fileSchema,
      org.apache.paimon.types.RowType latest) {
    List<String> out = new ArrayList<>();
    for (String c : columns) {
      int id = fileSchema.getField(c).id();
      for (org.apache.paimon.types.DataField f : latest.getFields()) {
        if (f.id() == id) {
          out.add(f.name());
        }
      }
    }
    return out;
  }

  /** Our plan as row-ID ranges: one per split. */
  private static List<RangeView> ourRanges(List<Split> splits) {
    List<RangeView> out = new ArrayList<>();
    for (Split s : splits) {
      Set<FileView> views = new HashSet<>();
      for (SplitFile f : s.files()) {
        views.add(
            new FileView(
                f.name(),
                f.firstRowId(),
                f.rowCount(),
                f.writeColumns(),
                f.sequenceNumber(),
                f.fileSize()));
      }
      out.add(
          new RangeView(
              new ArrayList<>(s.partition().values()), s.firstRowId(), s.rowCount(), views));
    }
    out.sort(Comparator.comparingLong(RangeView::firstRowId));
    return out;
  }

  /** A {@code .blob} file that a newer one of its column, starting at or before it, replaces. */
  private static boolean isSupersededBlob(FileView f, Set<FileView> range) {
    if (!f.name().endsWith(".blob")) {
      return false;
    }
    for (FileView other : range) {
      if (other.name().endsWith(".blob")
          && other.writeCols().equals(f.writeCols())
          && other.maxSequenceNumber() > f.maxSequenceNumber()
          && other.firstRowId() <= f.firstRowId()
          && other.firstRowId() + other.rowCount() >= f.firstRowId() + f.rowCount()) {
        return true;
      }
    }
    return false;
  }

  /** Paimon's plan and ours, side by side, for the assertion messages. */
  private static String plans(List<RangeView> theirs, List<RangeView> mine) {
    StringBuilder sb = new StringBuilder("\n  Paimon plan:");
    append(sb, theirs);
    sb.append("\n  our plan:");
    append(sb, mine);
    return sb.toString();
  }

  private static void append(StringBuilder sb, List<RangeView> ranges) {
    for (RangeView r : ranges) {
      sb.append("\n    partition=")
          .append(OracleAssertions.show(r.partition()))
          .append(" rowIds=[")
          .append(r.firstRowId())
          .append(", +")
          .append(r.rowCount())
          .append(")");
      r.files().stream()
          .sorted(Comparator.comparing(FileView::name))
          .forEach(f -> sb.append("\n      ").append(f));
    }
  }

  /**
   * Asserts that our plan of the latest snapshot is Paimon's: one split per row-ID range of
   * Paimon's plan, with the same partition, range and files (every {@code .row} and {@code .blob}
   * file, each with its name, first row ID, row count, write columns, sequence number and size),
   * the data files listed first, newest first.
   */
  static void assertSamePlan(String context, PaimonCatalogs paimon, String name, Table table)
      throws Exception {
    assertSamePlan(context, paimon, name, table, false);
  }

  /**
   * As {@link #assertSamePlan(String, PaimonCatalogs, String, Table)}; with {@code
   * supersededBlobs}, Paimon's ranges may also list {@code .blob} files that a newer {@code .blob}
   * file of the same column replaces (after an update of a BLOB column: Paimon plans them and skips
   * them when reading, we leave them out of the split).
   */
  static void assertSamePlan(
      String context, PaimonCatalogs paimon, String name, Table table, boolean supersededBlobs)
      throws Exception {
    List<Split> splits = table.scan().plan();
    List<RangeView> theirs = paimonRanges(paimon, name);
    List<RangeView> mine = ourRanges(splits);
    String listing = plans(theirs, mine);
    assertThat(mine).as("%s: ranges%s", context, listing).hasSameSizeAs(theirs);
    for (int i = 0; i < theirs.size(); i++) {
      RangeView t = theirs.get(i);
      RangeView m = mine.get(i);
      assertThat(OracleAssertions.sameValue(m.partition(), t.partition()))
          .as("%s: partition of range %d%s", context, i, listing)
          .isTrue();
      assertThat(List.of(m.firstRowId(), m.rowCount()))
          .as("%s: range %d%s", context, i, listing)
          .isEqualTo(List.of(t.firstRowId(), t.rowCount()));
      Set<FileView> expected = t.files();
      if (supersededBlobs) {
        expected = new HashSet<>(expected);
        expected.removeIf(f -> isSupersededBlob(f, t.files()));
      }
      assertThat(m.files()).as("%s: files of range %d%s", context, i, listing).isEqualTo(expected);
    }
    for (Split s : splits) {
      List<SplitFile> files = s.files();
      int dataFiles = (int) files.stream().filter(f -> !f.format().equals("blob")).count();
      for (int k = 0; k < files.size(); k++) {
        assertThat(files.get(k).format().equals("blob"))
            .as("%s: %s, data files (row, parquet) first", context, s)
            .isEqualTo(k >= dataFiles);
        if (k > 0 && k < dataFiles) {
          assertThat(files.get(k).sequenceNumber())
              .as("%s: %s, data files newest first", context, s)
              .isLessThanOrEqualTo(files.get(k - 1).sequenceNumber());
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Statistics as Paimon's filters read them

  /**
   * For each top-level column of a filterable type, a random predicate ({@code =}, {@code <},
   * {@code >=} against a value of a random row, or {@code IS NULL}) given to Paimon's scan, which
   * skips row ranges by the statistics in the manifests: every row that matches (as Paimon's own
   * {@link Predicate#test} decides on the row) must still be read. Wrong statistics, or statistics
   * Paimon decodes differently than we meant them, lose rows here.
   *
   * @param all every row of the table as Paimon reads it unfiltered, with {@code _ROW_ID}
   * @return how many of the predicates let Paimon skip some rows
   */
  static int assertPaimonFiltersKeepEveryMatch(
      String context,
      PaimonCatalogs paimon,
      String name,
      List<Map<String, Object>> all,
      SplittableRandom r)
      throws Exception {
    RowType type = paimon.table(name).rowType();
    PredicateBuilder builder = new PredicateBuilder(type);
    List<GenericRow> rows = new ArrayList<>();
    for (Map<String, Object> row : all) {
      Map<String, Object> values = new LinkedHashMap<>(row);
      values.remove(PaimonCatalogs.ROW_ID);
      rows.add(PaimonValues.mapToPaimonRow(values, type));
    }
    int pruning = 0;
    for (int i = 0; i < type.getFieldCount(); i++) {
      DataField field = type.getFields().get(i);
      if (!FILTERABLE.contains(field.type().getTypeRoot()) || all.isEmpty()) {
        continue;
      }
      Object value = all.get(r.nextInt(all.size())).get(field.name());
      Object literal = PaimonValues.toPaimon(value, field.type());
      Predicate p;
      int kind = literal == null ? 3 : r.nextInt(4);
      switch (kind) {
        case 0:
          p = builder.equal(i, literal);
          break;
        case 1:
          p = builder.lessThan(i, literal);
          break;
        case 2:
          p = builder.greaterOrEqual(i, literal);
          break;
        default:
          p = builder.isNull(i);
      }
      Set<Long> expected = new HashSet<>();
      for (int k = 0; k < rows.size(); k++) {
        if (p.test(rows.get(k))) {
          expected.add((Long) all.get(k).get(PaimonCatalogs.ROW_ID));
        }
      }
      List<Map<String, Object>> read = paimon.readWithRowId(name, null, p);
      Set<Long> got = new HashSet<>();
      for (Map<String, Object> row : read) {
        got.add((Long) row.get(PaimonCatalogs.ROW_ID));
      }
      assertThat(got)
          .as("%s: Paimon's read filtered by %s (a value %s) keeps every match", context, p, value)
          .containsAll(expected);
      pruning += got.size() < all.size() ? 1 : 0;
    }
    return pruning;
  }
}
