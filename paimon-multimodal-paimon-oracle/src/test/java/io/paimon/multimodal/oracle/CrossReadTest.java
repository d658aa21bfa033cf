package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance tests of our core library against Apache Paimon 1.4.2 on one warehouse: (a) tables
 * Paimon writes (appends over several commits, BLOB columns in {@code .blob} files and as
 * descriptors, partitions with a null value, an added column, a tag) read by us to the same rows
 * and {@code _ROW_ID}s Paimon reads; (b) tables we write read by Paimon to the rows we wrote, with
 * Paimon's plan (file names, row counts, first row ids, write columns) listed next to ours; (c) a
 * table written alternately by Paimon and by us, read the same by both.
 *
 * <p>Both sides speak our Java value model; our BLOB cells ({@link BlobDescriptor}s) are resolved
 * to their payloads through the connection's {@link FileIO} before comparing.
 */
@Disabled("enabled once core writes Paimon's layout")
class CrossReadTest {

  private static final int SEEDS = 16;

  @TempDir static Path warehouse;

  private static final FileIO IO = FileIO.local();

  private static PaimonCatalogs paimon;
  private static Connection ours;

  @BeforeAll
  static void open() throws Exception {
    paimon = PaimonCatalogs.open(warehouse);
    ours = Multimodal.builder().warehouse(paimon.warehouse()).fileIO(IO).connect();
  }

  @AfterAll
  static void close() throws Exception {
    ours.close();
    paimon.close();
  }

  static LongStream seeds() {
    return LongStream.range(0, SEEDS);
  }

  // ---------------------------------------------------------------------------------------------
  // Reading and comparing

  /**
   * Our read of a scan with {@code _ROW_ID}, BLOB cells resolved to payloads, by {@code _ROW_ID}.
   */
  private static List<Map<String, Object>> ourRows(Scan scan) throws Exception {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> row : scan.withRowId().toList()) {
      Map<String, Object> resolved = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : row.entrySet()) {
        Object v = e.getValue();
        resolved.put(e.getKey(), v instanceof BlobDescriptor ? payload((BlobDescriptor) v) : v);
      }
      out.add(resolved);
    }
    out.sort(Comparator.comparingLong(r -> (Long) r.get(PaimonCatalogs.ROW_ID)));
    return out;
  }

  /** The bytes a descriptor points at, read through our FileIO. */
  private static byte[] payload(BlobDescriptor d) throws Exception {
    try (InputFile in = IO.newInputFile(d.uri())) {
      long length =
          d.length() == BlobDescriptor.UNKNOWN_LENGTH ? in.length() - d.offset() : d.length();
      byte[] bytes = new byte[Math.toIntExact(length)];
      in.readFully(d.offset(), bytes, 0, bytes.length);
      return bytes;
    }
  }

  /** Asserts that both reads hold the same rows, row IDs included, in {@code _ROW_ID} order. */
  private static void assertSameRows(
      String context, List<Map<String, Object>> paimonRows, List<Map<String, Object>> ourRows) {
    assertThat(ourRows).as("%s: rows", context).hasSameSizeAs(paimonRows);
    for (int i = 0; i < paimonRows.size(); i++) {
      OracleAssertions.assertSameRow(context + ", row " + i, paimonRows.get(i), ourRows.get(i));
    }
  }

  /** Our schema for a Paimon row type, partition keys and options. */
  private static Schema ourSchema(
      RowType type, List<String> partitionKeys, Map<String, String> options) {
    Schema.Builder b = Schema.builder();
    for (DataField f : type.getFields()) {
      b.column(f.name(), PaimonTypes.toOurs(f.type()));
    }
    b.partitionKeys(partitionKeys.toArray(new String[0]));
    PaimonCatalogs.tableOptions().forEach(b::option);
    options.forEach(b::option);
    return b.build();
  }

  /** Paimon's plan and ours, side by side, for the assertion messages. */
  private static String plans(List<PaimonCatalogs.PlannedFile> theirs, List<Split> mine) {
    StringBuilder sb = new StringBuilder("\n  Paimon plan:");
    for (PaimonCatalogs.PlannedFile f : theirs) {
      sb.append("\n    ")
          .append(f.fileName())
          .append(" rows=")
          .append(f.rowCount())
          .append(" firstRowId=")
          .append(f.firstRowId())
          .append(" writeCols=")
          .append(f.writeCols())
          .append(" maxSeq=")
          .append(f.maxSequenceNumber());
    }
    sb.append("\n  our plan:");
    for (Split s : mine) {
      sb.append("\n    ")
          .append(s.fileName())
          .append(" rows=")
          .append(s.rowCount())
          .append(" firstRowId=")
          .append(s.firstRowId())
          .append(" size=")
          .append(s.fileSize());
    }
    return sb.toString();
  }

  /**
   * Asserts that our plan has one split per Paimon data file (not {@code .blob}), with the same
   * file name, first row id and row count.
   */
  private static void assertSamePlan(String context, String name, Table table) throws Exception {
    List<PaimonCatalogs.PlannedFile> theirs = paimon.plannedFiles(name);
    List<Split> mine = table.scan().plan();
    String listing = plans(theirs, mine);
    Map<String, List<Long>> expected = new LinkedHashMap<>();
    for (PaimonCatalogs.PlannedFile f : theirs) {
      if (!f.isBlobFile()) {
        expected.put(f.fileName(), List.of(f.firstRowId(), f.rowCount()));
      }
    }
    Map<String, List<Long>> actual =
        mine.stream()
            .collect(
                Collectors.toMap(
                    Split::fileName,
                    s -> List.of(s.firstRowId(), s.rowCount()),
                    (a, b) -> a,
                    LinkedHashMap::new));
    assertThat(actual).as("%s: plans%s", context, listing).isEqualTo(expected);
  }

  // ---------------------------------------------------------------------------------------------
  // (a) Paimon writes, we read

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void weReadRandomTablesPaimonWroteWithTheirRowIds(long seed) throws Exception {
    RandomCase c = RandomCase.of(seed, 0.4);
    String name = "paimon_random" + seed;
    String context = "Paimon wrote, we read, seed " + seed + " " + c.schema();
    paimon.createTable(name, c.schema(), c.partitionKeys(), c.options());
    for (List<Map<String, Object>> commit : c.commits()) {
      paimon.write(name, commit);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    Table table = ours.getTable(name);
    List<Map<String, Object>> mine = ourRows(table.scan());
    assertSameRows(context, theirs, mine);
    c.assertRowIds(context, PaimonChecks.assertRowsAsWritten(context, c.rowsById(), mine));
    assertSamePlan(context, name, table);
  }

  @ParameterizedTest(name = "descriptors {0}")
  @ValueSource(booleans = {false, true})
  void weReadBlobTablesPaimonWroteInBothLayouts(boolean descriptors) throws Exception {
    SplittableRandom r = new SplittableRandom(descriptors ? 11 : 12);
    String name = descriptors ? "paimon_descriptors" : "paimon_blob_files";
    String context = "Paimon wrote BLOBs, " + name;
    Map<String, String> options =
        descriptors
            ? PaimonCatalogs.descriptorOptions(
                "image", warehouse.resolve("external-" + name).toAbsolutePath().toString())
            : Map.of("blob.target-file-size", "4 kb");
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    paimon.createTable(name, BlobTables.SCHEMA, List.of(BlobTables.PARTITION), options);
    for (List<Map<String, Object>> commit : commits) {
      paimon.write(name, commit);
    }
    Table table = ours.getTable(name);
    List<Map<String, Object>> mine = ourRows(table.scan());
    assertSameRows(context, paimon.readWithRowId(name), mine);
    RandomCase.assertRowIds(
        context,
        commits,
        BlobTables.PARTITION,
        PaimonChecks.assertRowsAsWritten(context, BlobTables.byId(commits), mine));
    assertSamePlan(context, name, table);
  }

  @Test
  void weReadAPaimonTableAcrossAnAddedColumnAndAtATag() throws Exception {
    String name = "paimon_evolved";
    String context = "Paimon wrote, added a column, tagged";
    SplittableRandom r = new SplittableRandom(21);
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    paimon.createTable(name, BlobTables.SCHEMA, List.of(BlobTables.PARTITION), Map.of());
    paimon.write(name, commits.get(0));
    paimon.createTag(name, "v1");
    List<Map<String, Object>> atV1 = paimon.readWithRowId(name);
    paimon.addColumn(name, "note", DataTypes.STRING());
    long id = 1000;
    List<Map<String, Object>> later = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      Map<String, Object> row = BlobTables.row(r, id++);
      row.put("note", i % 3 == 0 ? null : "note " + i);
      later.add(row);
    }
    paimon.write(name, later);

    Table table = ours.getTable(name);
    assertThat(table.schema().columnNames()).endsWith("note");
    List<Map<String, Object>> mine = ourRows(table.scan());
    assertSameRows(context, paimon.readWithRowId(name), mine);
    for (Map<String, Object> row : mine) {
      if ((Long) row.get(RandomTables.ID) < 1000) {
        assertThat(row.get("note")).as("%s: note of an old row", context).isNull();
      }
    }
    assertSamePlan(context, name, table);

    // At the tag: the rows of commit 1 (their columns; a later column, if present, is null).
    List<Map<String, Object>> tagged = ourRows(table.scan().tag("v1"));
    assertThat(tagged).hasSameSizeAs(atV1);
    for (int i = 0; i < atV1.size(); i++) {
      Map<String, Object> row = new LinkedHashMap<>(tagged.get(i));
      assertThat(row.remove("note")).isNull();
      OracleAssertions.assertSameRow(context + ", tag v1 row " + i, atV1.get(i), row);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // (b) We write, Paimon reads

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void paimonReadsRandomTablesWeWrote(long seed) throws Exception {
    RandomCase c = RandomCase.of(seed, 0.4);
    String name = "ours_random" + seed;
    String context = "we wrote, Paimon reads, seed " + seed + " " + c.schema();
    Table table =
        ours.createTable(name, ourSchema(c.schema(), c.partitionKeys(), c.options()), false);
    for (List<Map<String, Object>> commit : c.commits()) {
      table.add(commit);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    c.assertRowIds(context, PaimonChecks.assertRowsAsWritten(context, c.rowsById(), theirs));
    assertSameRows(context, theirs, ourRows(table.scan()));
    assertSamePlan(context, name, table);
    PaimonChecks.assertRowFilesReadBackWithOurCodec(context, paimon, name, theirs);
  }

  @ParameterizedTest(name = "descriptors {0}")
  @ValueSource(booleans = {false, true})
  void paimonReadsBlobTablesWeWroteInBothLayouts(boolean descriptors) throws Exception {
    SplittableRandom r = new SplittableRandom(descriptors ? 31 : 32);
    String name = descriptors ? "ours_descriptors" : "ours_blob_files";
    String context = "we wrote BLOBs, " + name;
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    List<List<Map<String, Object>>> toAdd = commits;
    Map<String, String> options = Map.of();
    if (descriptors) {
      // image cells as descriptors of ranges of a payload file of ours.
      options = PaimonCatalogs.descriptorOptions("image", null);
      Path payloads = warehouse.resolve("payloads-" + name + ".bin");
      toAdd = new ArrayList<>();
      try (OutputStream out = Files.newOutputStream(payloads)) {
        long offset = 0;
        for (List<Map<String, Object>> commit : commits) {
          List<Map<String, Object>> rows = new ArrayList<>();
          for (Map<String, Object> row : commit) {
            Map<String, Object> copy = new LinkedHashMap<>(row);
            byte[] image = (byte[]) row.get("image");
            if (image != null) {
              out.write(image);
              copy.put("image", new BlobDescriptor(payloads.toString(), offset, image.length));
              offset += image.length;
            }
            rows.add(copy);
          }
          toAdd.add(rows);
        }
      }
    }
    Table table =
        ours.createTable(
            name, ourSchema(BlobTables.SCHEMA, List.of(BlobTables.PARTITION), options), false);
    for (List<Map<String, Object>> commit : toAdd) {
      table.add(commit);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    RandomCase.assertRowIds(
        context,
        commits,
        BlobTables.PARTITION,
        PaimonChecks.assertRowsAsWritten(context, BlobTables.byId(commits), theirs));
    assertSameRows(context, theirs, ourRows(table.scan()));
    assertSamePlan(context, name, table);
    for (PaimonCatalogs.PlannedFile f : paimon.plannedFiles(name)) {
      if (f.isBlobFile()) {
        assertThat(f.writeCols()).as("%s: %s", context, f.fileName()).hasSize(1);
        assertThat(descriptors && f.writeCols().contains("image")).isFalse();
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // (c) Both write one table

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {41, 42, 43})
  void aTableWrittenAlternatelyByPaimonAndUsReadsTheSameInBoth(long seed) throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    String name = "alternate" + seed;
    String context = "alternate writers, seed " + seed;
    RowType type = withVector(BlobTables.SCHEMA);
    Table table =
        ours.createTable(name, ourSchema(type, List.of(BlobTables.PARTITION), Map.of()), false);
    List<List<Map<String, Object>>> commits = new ArrayList<>();
    long id = 0;
    for (int c = 0; c < 4; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      int n = 1 + r.nextInt(15);
      for (int i = 0; i < n; i++) {
        Map<String, Object> row = BlobTables.row(r, id++);
        row.put("embedding", RandomTables.value(r, type.getField("embedding").type()));
        rows.add(row);
      }
      commits.add(rows);
      boolean paimonWrites = (c + seed) % 2 == 0;
      if (paimonWrites) {
        paimon.write(name, rows);
      } else {
        table.add(rows);
      }
      List<Map<String, Object>> theirs = paimon.readWithRowId(name);
      List<Map<String, Object>> mine = ourRows(table.scan());
      String step = context + ", after commit " + c + " by " + (paimonWrites ? "Paimon" : "us");
      assertSameRows(step, theirs, mine);
      Map<Long, Map<String, Object>> written = new LinkedHashMap<>();
      commits.forEach(k -> k.forEach(row -> written.put((Long) row.get(RandomTables.ID), row)));
      RandomCase.assertRowIds(
          step,
          commits,
          BlobTables.PARTITION,
          PaimonChecks.assertRowsAsWritten(step, written, theirs));
      assertSamePlan(step, name, table);
    }
  }

  private static RowType withVector(RowType t) {
    List<DataField> fields = new ArrayList<>(t.getFields());
    fields.add(
        new DataField(
            fields.size(),
            "embedding",
            new org.apache.paimon.types.VectorType(4, DataTypes.FLOAT())));
    return new RowType(fields);
  }
}
