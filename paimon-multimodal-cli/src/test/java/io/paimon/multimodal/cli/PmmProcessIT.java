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

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real executable jar, one JVM per command, over tables written by the library ({@link
 * Fixtures}) and over copies of the golden Paimon tables, checking output and exit codes.
 */
@Tag("process")
class PmmProcessIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path tmp;

  static Path warehouse;
  static Path golden;

  private BufferAllocator allocator;

  @BeforeAll
  static void writeTables() {
    warehouse = tmp.resolve("wh");
    Fixtures.writeTables(warehouse);
    golden = tmp.resolve("golden");
    Fixtures.copyGolden("paimon-java-1.4.2-row", golden.resolve("paimon-java-1.4.2-row"));
    Fixtures.copyGolden("pypaimon-2.x-row", golden.resolve("pypaimon-2.x-row"));
    Fixtures.copyGolden("pypaimon-2.x-row-evolution", golden.resolve("pypaimon-2.x-row-evolution"));
  }

  @BeforeEach
  void openAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  private static String docs() {
    return warehouse + "/default/docs";
  }

  private static PmmRunner.Result pmm(String... args) {
    return PmmRunner.process(args);
  }

  @Test
  void printsVersionAndHelp() {
    PmmRunner.Result version = pmm("--version");
    assertThat(version.exitCode()).as(version.toString()).isZero();
    assertThat(version.out()).startsWith("pmm 0.1.0");
    assertThat(version.err()).isEmpty();

    PmmRunner.Result help = pmm("scan", "--help");
    assertThat(help.exitCode()).as(help.toString()).isZero();
    assertThat(help.out())
        .contains("Usage: pmm scan")
        .contains("--where")
        .contains("--select")
        .contains("--format");
  }

  @Test
  void launcherFindsTheJarAndRunsItWithJavaHomeAndPmmJavaOpts() throws Exception {
    Path launcher = Path.of("src/main/bin/pmm").toAbsolutePath();
    assertThat(launcher).isExecutable();
    ProcessBuilder pb =
        new ProcessBuilder("bash", launcher.toString(), "table", "list", warehouse.toString());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("PMM_JAVA_OPTS", "-Xmx256m -Dpmm.test=1");
    pb.environment().remove("PMM_JAR");
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    assertThat(out).isEqualTo("default/docs\ndefault/events\n");
  }

  @Test
  void listsAndDescribesTables() {
    PmmRunner.Result list = pmm("table", "list", warehouse.toString());
    assertThat(list.exitCode()).as(list.toString()).isZero();
    assertThat(list.out()).isEqualTo("default/docs\ndefault/events\n");
    assertThat(list.err()).as("no SLF4J or other noise on stderr").isEmpty();

    PmmRunner.Result describe = pmm("table", "describe", warehouse + "/default.db/events");
    assertThat(describe.exitCode()).as(describe.toString()).isZero();
    assertThat(describe.out())
        .contains("table         events")
        .contains("snapshot      1 (schema 0, ")
        .contains("partitioned   category")
        .containsPattern("id +BIGINT NOT NULL +0")
        .containsPattern("score +DOUBLE +2");
  }

  @Test
  void listsSnapshotsTagsFilesAndStats() throws IOException {
    PmmRunner.Result snapshots = pmm("table", "snapshots", docs(), "--format", "csv");
    assertThat(snapshots.exitCode()).as(snapshots.toString()).isZero();
    List<String> lines = snapshots.out().lines().toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0))
        .isEqualTo("id,schema_id,time,kind,total_records,delta_records,next_row_id");
    assertThat(lines.get(1)).startsWith("1,0,").endsWith(",APPEND,4,4,2");
    assertThat(lines.get(3)).startsWith("3,0,").endsWith(",APPEND,10,2,5");

    PmmRunner.Result tags = pmm("table", "tags", docs(), "--format", "jsonl");
    assertThat(tags.exitCode()).as(tags.toString()).isZero();
    JsonNode tag = JSON.readTree(tags.out());
    assertThat(tag.get("name").asText()).isEqualTo("v1");
    assertThat(tag.get("snapshot_id").asLong()).isEqualTo(1);
    assertThat(tag.get("time_retained").isNull()).isTrue();

    PmmRunner.Result files = pmm("table", "files", docs(), "--tag", "v1", "-f", "csv");
    assertThat(files.exitCode()).as(files.toString()).isZero();
    List<String> fileLines = files.out().lines().skip(1).toList();
    assertThat(fileLines).hasSize(2);
    assertThat(fileLines.get(0)).contains(".row,row,\"\",0,2,0,").endsWith(",\"id,content,raw\"");
    assertThat(fileLines.get(1)).contains(".blob,blob,\"\",0,2,0,").endsWith(",image");

    PmmRunner.Result events = pmm("table", "files", warehouse + "/default/events");
    assertThat(events.exitCode()).as(events.toString()).isZero();
    assertThat(events.out()).contains("category=a").contains("category=b");

    PmmRunner.Result stats = pmm("table", "stats", warehouse + "/default/events", "-f", "jsonl");
    assertThat(stats.exitCode()).as(stats.toString()).isZero();
    JsonNode s = JSON.readTree(stats.out());
    assertThat(s.get("rows").asLong()).isEqualTo(4);
    assertThat(s.get("live_rows").asLong()).isEqualTo(4);
    assertThat(s.get("partitions").asLong()).isEqualTo(2);
    assertThat(s.get("files").asLong()).isEqualTo(2);
    assertThat(s.get("snapshots").asLong()).isEqualTo(1);
    assertThat(s.get("bytes").asLong()).isPositive();

    PmmRunner.Result docStats = pmm("table", "stats", docs());
    assertThat(docStats.exitCode()).as(docStats.toString()).isZero();
    assertThat(docStats.out())
        .contains("snapshot      3\n")
        .contains("rows          5\n")
        .contains("files         6\n")
        .contains("blob_files    3\n")
        .contains("snapshots     3\n")
        .contains("tags          1\n");
  }

  @Test
  void scansAsCsvWithRfc4180Quoting() {
    PmmRunner.Result r =
        pmm("scan", docs(), "--select", "id,content,raw", "--where", "id <= 4", "--format", "csv");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out())
        .isEqualTo(
            "id,content,raw\r\n"
                + "1,\"a lake, at dawn\","
                + b64(1)
                + "\r\n"
                + "2,\"say \"\"hi\"\"\","
                + b64(2)
                + "\r\n"
                + "3,\"line\nbreak\","
                + b64(3)
                + "\r\n"
                + "4,,"
                + b64(4)
                + "\r\n");
  }

  private static String b64(int id) {
    return Base64.getEncoder().encodeToString(new byte[] {(byte) id, (byte) 0xff});
  }

  @Test
  void scansAsTableAndJsonlWithDescriptorsAndRowIds() throws IOException {
    PmmRunner.Result table =
        pmm("scan", docs(), "--select", "id,content", "--limit", "2", "--snapshot", "2");
    assertThat(table.exitCode()).as(table.toString()).isZero();
    assertThat(table.out())
        .isEqualTo(
            "id  content\n"
                + "--  ---------------\n"
                + " 1  a lake, at dawn\n"
                + " 2  say \"hi\"\n");

    PmmRunner.Result jsonl =
        pmm("scan", docs(), "--with-row-id", "--tag", "v1", "-f", "jsonl", "--binary", "hex");
    assertThat(jsonl.exitCode()).as(jsonl.toString()).isZero();
    List<String> lines = jsonl.out().lines().toList();
    assertThat(lines).hasSize(2);
    JsonNode first = JSON.readTree(lines.get(0));
    assertThat(first.get("id").asLong()).isEqualTo(1);
    assertThat(first.get("raw").asText()).isEqualTo("01ff");
    assertThat(first.get("_ROW_ID").asLong()).isZero();
    JsonNode image = first.get("image");
    assertThat(image.get("uri").asText()).endsWith(".blob");
    assertThat(image.get("length").asLong()).isEqualTo(5);
    assertThat(payload(image)).isEqualTo("png-1".getBytes(StandardCharsets.UTF_8));
  }

  /** The bytes a descriptor {uri, offset, length} points at, read from the file. */
  private static byte[] payload(JsonNode descriptor) throws IOException {
    String uri = descriptor.get("uri").asText();
    Path file = uri.startsWith("file:") ? Path.of(java.net.URI.create(uri)) : Path.of(uri);
    byte[] out = new byte[descriptor.get("length").asInt()];
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      ch.position(descriptor.get("offset").asLong());
      java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(out);
      while (buf.hasRemaining() && ch.read(buf) >= 0) {
        // reads the range fully
      }
    }
    return out;
  }

  @Test
  void writesAnArrowStreamThatReadsBackToTheLibrarysRows() throws IOException {
    Path file = tmp.resolve("docs.arrows");
    PmmRunner.Result r =
        pmm(
            "scan",
            docs(),
            "--with-row-id",
            "--where",
            "id != 2",
            "--format",
            "arrow",
            "--output",
            file.toString(),
            "--batch-size",
            "2");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).isEmpty();

    List<Map<String, Object>> expected;
    Schema schema;
    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      Scan scan = conn.getTable("docs").scan().withRowId().where("id != 2");
      schema = scan.schema();
      expected = plain(scan.toList());
    }
    try (InputStream in = Files.newInputStream(file)) {
      assertThat(readArrow(in, schema)).isEqualTo(expected).hasSize(4);
    }

    PmmRunner.Result toStdout = pmm("scan", docs(), "--with-row-id", "-f", "arrow");
    assertThat(toStdout.exitCode()).as(toStdout.toString()).isZero();
    try (InputStream in = new ByteArrayInputStream(toStdout.outBytes())) {
      assertThat(readArrow(in, schema)).hasSize(5).containsAll(expected);
    }
  }

  private List<Map<String, Object>> readArrow(InputStream in, Schema schema) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (ArrowStreamReader reader = new ArrowStreamReader(in, allocator)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        for (int i = 0; i < root.getRowCount(); i++) {
          Map<String, Object> row = new LinkedHashMap<>();
          for (FieldVector v : root.getFieldVectors()) {
            DataType type =
                Schema.ROW_ID.equals(v.getName())
                    ? DataTypes.BIGINT()
                    : schema.columnType(v.getName());
            row.put(v.getName(), ArrowValues.get(v.getName(), type, v, i));
          }
          rows.add(row);
        }
      }
    }
    return plain(rows);
  }

  /** Rows with byte arrays as base64, so that maps compare by content. */
  private static List<Map<String, Object>> plain(List<Map<String, Object>> rows) {
    Values values = new Values(Values.Binary.BASE64);
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      Map<String, Object> p = new LinkedHashMap<>();
      row.forEach((k, v) -> p.put(k, values.plain(v)));
      out.add(p);
    }
    return out;
  }

  @Test
  void takesRowsByRowIdInTheOrderGiven() {
    PmmRunner.Result r =
        pmm("take", docs(), "--ids", "4,0,4", "--select", "id,content", "-f", "csv");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).isEqualTo("id,content\r\n5,five\r\n1,\"a lake, at dawn\"\r\n5,five\r\n");

    PmmRunner.Result missing = pmm("take", docs(), "--ids", "1,99");
    assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(ExitCodes.NOT_FOUND);
    assertThat(missing.err()).startsWith("pmm: ").contains("99").doesNotContain("\tat ");
    assertThat(missing.err().lines()).hasSize(1);
  }

  @Test
  void reportsErrorsAsOneLineWithTheirExitCodes() {
    PmmRunner.Result unknown = pmm("scan", warehouse + "/default/nope");
    assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(ExitCodes.NOT_FOUND);
    assertThat(unknown.err().lines()).hasSize(1);
    assertThat(unknown.err()).startsWith("pmm: table 'nope' not found in ");
    assertThat(unknown.out()).isEmpty();
    assertThat(warehouse.resolve("default.db").resolve("nope")).doesNotExist();

    PmmRunner.Result noDatabase = pmm("table", "describe", warehouse + "/other/docs");
    assertThat(noDatabase.exitCode()).as(noDatabase.toString()).isEqualTo(ExitCodes.NOT_FOUND);
    assertThat(warehouse.resolve("other.db")).as("nothing is created").doesNotExist();

    PmmRunner.Result predicate = pmm("scan", docs(), "--where", "id >> 3");
    assertThat(predicate.exitCode()).as(predicate.toString()).isEqualTo(ExitCodes.INVALID);
    assertThat(predicate.err().lines()).hasSize(1);
    assertThat(predicate.err()).startsWith("pmm: ").contains("at position 4");

    PmmRunner.Result verbose = pmm("scan", docs(), "--where", "id >> 3", "--verbose");
    assertThat(verbose.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(verbose.err()).contains("PredicateException").contains("\tat ");

    PmmRunner.Result usage = pmm("scan", docs(), "--limit", "many");
    assertThat(usage.exitCode()).as(usage.toString()).isEqualTo(ExitCodes.USAGE);
    assertThat(usage.err().lines()).hasSize(1);
    assertThat(usage.err()).startsWith("pmm: ").contains("'many'").contains("pmm scan --help");
  }

  @Test
  void reachesS3WarehousesThroughTheShadedServiceRegistrationsWithoutPrintingSecrets() {
    // Nothing listens on port 9: the S3 storage of the s3 module (found through its ServiceLoader
    // registration, which the shaded jar must keep) is asked and fails to connect.
    PmmRunner.Result r =
        pmm(
            "table",
            "list",
            "s3://bucket/wh",
            "-o",
            "s3.endpoint=http://127.0.0.1:9",
            "-o",
            "s3.region=us-east-1",
            "-o",
            "s3.path-style-access=true",
            "-o",
            "s3.access-key=AKIDPMMTEST",
            "--option",
            "s3.secret-key=PMM-SECRET-VALUE");
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.FAILURE);
    assertThat(r.err()).startsWith("pmm: ").contains("s3://bucket/wh").hasLineCount(1);
    assertThat(r.err() + r.out()).doesNotContain("PMM-SECRET-VALUE").doesNotContain("FileIOLoader");
  }

  @Test
  void createsAndDeletesTagsExpiresAndRemovesOrphans() throws IOException {
    Path wh = tmp.resolve("maintained");
    Fixtures.writeTables(wh);
    String docs = wh + "/default/docs";

    PmmRunner.Result create = pmm("tag", "create", docs, "release", "--snapshot", "2");
    assertThat(create.exitCode()).as(create.toString()).isZero();
    assertThat(create.out()).isEqualTo("created tag release -> snapshot 2\n");

    PmmRunner.Result again = pmm("tag", "create", docs, "release");
    assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCodes.CONFLICT);
    assertThat(again.err().lines()).hasSize(1);

    PmmRunner.Result noSnapshot = pmm("tag", "create", docs, "x", "--snapshot", "42");
    assertThat(noSnapshot.exitCode()).as(noSnapshot.toString()).isEqualTo(ExitCodes.NOT_FOUND);

    PmmRunner.Result delete = pmm("tag", "delete", docs, "v1");
    assertThat(delete.exitCode()).as(delete.toString()).isZero();
    assertThat(delete.out()).isEqualTo("deleted tag v1\n");
    PmmRunner.Result deleteAgain = pmm("tag", "delete", docs, "v1");
    assertThat(deleteAgain.exitCode()).isEqualTo(ExitCodes.NOT_FOUND);

    PmmRunner.Result expire = pmm("expire", docs, "--retain-min", "1", "--retain-max", "1");
    assertThat(expire.exitCode()).as(expire.toString()).isZero();
    assertThat(expire.out()).isEqualTo("1\n2\n");
    assertThat(expire.err()).isEqualTo("pmm: expired 2 snapshots\n");

    PmmRunner.Result tagged = pmm("scan", docs, "--tag", "release", "--select", "id", "-f", "csv");
    assertThat(tagged.exitCode()).as("a tagged snapshot stays readable: " + tagged).isZero();
    assertThat(tagged.out()).isEqualTo("id\r\n1\r\n2\r\n3\r\n4\r\n");

    Path orphan = wh.resolve("default.db/docs/bucket-0/data-orphan-0.row");
    Files.write(orphan, new byte[] {1, 2, 3});
    PmmRunner.Result young = pmm("orphans", docs);
    assertThat(young.exitCode()).as(young.toString()).isZero();
    assertThat(young.out()).isEmpty();
    assertThat(orphan).exists();
    PmmRunner.Result orphans = pmm("orphans", docs, "--older-than", "0s");
    assertThat(orphans.exitCode()).as(orphans.toString()).isZero();
    assertThat(orphans.out()).contains("data-orphan-0.row");
    assertThat(orphan).doesNotExist();
  }

  @Test
  void readsTheGoldenPaimonTables() throws IOException {
    for (String[] t :
        new String[][] {
          {"paimon-java-1.4.2-row", "docs"},
          {"pypaimon-2.x-row-evolution", "clips"},
          {"pypaimon-2.x-row", "docs_row"}
        }) {
      Path wh = golden.resolve(t[0]);
      PmmRunner.Result r = pmm("scan", wh + "/default/" + t[1], "--with-row-id", "-f", "jsonl");
      assertThat(r.exitCode()).as(r.toString()).isZero();
      List<String> expected = Files.readAllLines(wh.resolve("expected").resolve(t[1] + ".jsonl"));
      List<String> actual = r.out().lines().toList();
      assertThat(actual).as(t[0] + "/" + t[1]).hasSameSizeAs(expected);
      for (int i = 0; i < expected.size(); i++) {
        JsonNode want = JSON.readTree(expected.get(i));
        JsonNode got = JSON.readTree(actual.get(i));
        for (Map.Entry<String, JsonNode> e : want.properties()) {
          if (e.getValue().has("crc32")) {
            byte[] bytes = payload(got.get(e.getKey()));
            CRC32 crc = new CRC32();
            crc.update(bytes);
            assertThat(bytes.length).isEqualTo(e.getValue().get("length").asInt());
            assertThat(crc.getValue()).isEqualTo(e.getValue().get("crc32").asLong());
          } else {
            assertThat(got.get(e.getKey()))
                .as(t[1] + " row " + i + " " + e.getKey())
                .isEqualTo(e.getValue());
          }
        }
      }
    }
    PmmRunner.Result list =
        pmm("table", "list", golden.resolve("paimon-java-1.4.2-row").toString());
    assertThat(list.out()).isEqualTo("default/docs\ndefault/events\n");
    PmmRunner.Result tags =
        pmm(
            "table",
            "tags",
            golden.resolve("paimon-java-1.4.2-row") + "/default/docs",
            "-f",
            "csv");
    assertThat(tags.out()).contains("\r\nv1,1,");
  }

  @Test
  void inspectsAndDumpsGoldenRowAndBlobFiles() {
    Path table = golden.resolve("paimon-java-1.4.2-row/default.db/docs");
    Path row = Fixtures.firstFile(table, ".row");
    PmmRunner.Result inspect = pmm("row", "inspect", row.toString());
    assertThat(inspect.exitCode()).as(inspect.toString()).isZero();
    assertThat(inspect.out())
        .contains("rows          3\n")
        .contains("blocks        1\n")
        .contains("ZSTD")
        .containsPattern("\\n +0 +0 +\\d+ +\\d+ +0 +3\\n");

    PmmRunner.Result dump =
        pmm(
            "row",
            "dump",
            row.toString(),
            "--schema",
            "id BIGINT NOT NULL, content STRING, category STRING",
            "-f",
            "csv",
            "--limit",
            "2");
    assertThat(dump.exitCode()).as(dump.toString()).isZero();
    assertThat(dump.out())
        .isEqualTo(
            "id,content,category\r\n"
                + "5,document 5 about a lake,city\r\n"
                + "6,document 6 about a lake,lake\r\n");

    PmmRunner.Result badSchema = pmm("row", "dump", row.toString(), "--schema", "id BIGNT");
    assertThat(badSchema.exitCode()).as(badSchema.toString()).isEqualTo(ExitCodes.INVALID);
    assertThat(badSchema.err()).contains("at position 3").hasLineCount(1);

    Path blob = Fixtures.firstFile(table, ".blob");
    PmmRunner.Result blobInspect = pmm("blob", "inspect", blob.toString(), "--verify");
    assertThat(blobInspect.exitCode()).as(blobInspect.toString()).isZero();
    assertThat(blobInspect.out())
        .contains("rows          3\n")
        .contains("entries       3 (54 payload bytes), 0 null, 0 placeholder")
        .containsPattern("\\n +0 +entry +0 +34 +4 +18 +[0-9a-f]{8} +ok\\n");

    PmmRunner.Result missing = pmm("blob", "inspect", table.resolve("nope.blob").toString());
    assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(ExitCodes.NOT_FOUND);
  }
}
