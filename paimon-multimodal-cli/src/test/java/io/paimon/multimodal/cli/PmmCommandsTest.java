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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Fine-grained checks of the commands, run in this JVM through picocli. */
class PmmCommandsTest {

  @TempDir static Path tmp;

  static Path warehouse;

  @BeforeAll
  static void writeTables() {
    warehouse = tmp.resolve("wh");
    Fixtures.writeTables(warehouse);
  }

  @Test
  void everyCommandHasHelp() {
    List<String> paths = new ArrayList<>();
    collect(new CommandLine(new Pmm()), new ArrayList<>(), paths);
    assertThat(paths)
        .contains(
            "row inspect",
            "row dump",
            "blob inspect",
            "table list",
            "table describe",
            "table snapshots",
            "table tags",
            "table files",
            "table stats",
            "scan",
            "take",
            "tag create",
            "tag delete",
            "expire",
            "orphans");
    for (String path : paths) {
      List<String> args = new ArrayList<>(List.of(path.split(" ")));
      args.add("--help");
      PmmRunner.Result r = PmmRunner.inProcess(args.toArray(String[]::new));
      assertThat(r.exitCode()).as(path + ": " + r).isZero();
      assertThat(r.out()).as(path).startsWith("Usage: pmm " + path);
      assertThat(r.err()).as(path).isEmpty();
    }
  }

  private static void collect(CommandLine cl, List<String> prefix, List<String> out) {
    cl.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (name.equals("help")) {
                return;
              }
              List<String> p = new ArrayList<>(prefix);
              p.add(name);
              if (sub.getSubcommands().isEmpty()) {
                out.add(String.join(" ", p));
              } else {
                collect(sub, p, out);
              }
            });
  }

  @Test
  void progressGoesToStderrAndNeverIntoTheOutput() {
    String docs = warehouse + "/default/docs";
    PmmRunner.Result plain = PmmRunner.inProcess("scan", docs, "--format", "csv");
    PmmRunner.Result r = PmmRunner.inProcess("scan", docs, "--format", "csv", "--progress");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).isEqualTo(plain.out());
    assertThat(r.err()).contains("pmm: read of docs: 5 rows").contains("(finished)");
    assertThat(plain.err()).isEmpty();

    Path copy = tmp.resolve("expire-wh");
    Fixtures.writeTables(copy);
    PmmRunner.Result e =
        PmmRunner.inProcess(
            "expire",
            copy + "/default/docs",
            "--retain-min",
            "1",
            "--retain-max",
            "1",
            "--progress");
    assertThat(e.exitCode()).as(e.toString()).isZero();
    assertThat(e.out()).isEqualTo("1\n2\n");
    assertThat(e.err())
        .contains("pmm: expire snapshots of docs: 2/2 snapshots")
        .contains("requests");
  }

  @Test
  void reportsUsageErrorsWithExitCode2() {
    String docs = warehouse + "/default/docs";
    for (String[] args :
        new String[][] {
          {"scan", docs, "--bogus"},
          {"scan", docs, "--snapshot", "1", "--tag", "v1"},
          {"scan", docs, "--format", "xml"},
          {"scan", docs, "--limit", "-1"},
          {"table"},
          {"take", docs},
          {"expire", docs, "--retain-min", "3", "--retain-max", "2"},
          {"orphans", docs, "--older-than", "soon"},
          {"scan", "default/docs"},
        }) {
      PmmRunner.Result r = PmmRunner.inProcess(args);
      assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r).isEqualTo(ExitCodes.USAGE);
      assertThat(r.err()).as(String.join(" ", args)).startsWith("pmm: ").hasLineCount(1);
      assertThat(r.out()).isEmpty();
    }
  }

  @Test
  void mapsLibraryFailuresToTheirExitCodes() {
    String docs = warehouse + "/default/docs";
    assertThat(PmmRunner.inProcess("scan", docs, "--snapshot", "99").exitCode())
        .isEqualTo(ExitCodes.NOT_FOUND);
    assertThat(PmmRunner.inProcess("scan", docs, "--tag", "nope").exitCode())
        .isEqualTo(ExitCodes.NOT_FOUND);
    assertThat(PmmRunner.inProcess("scan", docs, "--select", "nope").exitCode())
        .isEqualTo(ExitCodes.INVALID);
    assertThat(PmmRunner.inProcess("scan", docs, "--where", "nope = 1").exitCode())
        .isEqualTo(ExitCodes.INVALID);
    assertThat(PmmRunner.inProcess("tag", "create", docs, "v1").exitCode())
        .isEqualTo(ExitCodes.CONFLICT);
    assertThat(PmmRunner.inProcess("table", "list", tmp.resolve("nowhere").toString()).exitCode())
        .isEqualTo(ExitCodes.NOT_FOUND);
    assertThat(tmp.resolve("nowhere")).doesNotExist();
    assertThat(PmmRunner.inProcess("table", "list", warehouse.toString(), "-d", "x").exitCode())
        .isEqualTo(ExitCodes.NOT_FOUND);
  }

  @Test
  void tagsNothingOnATableWithoutSnapshots() {
    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      conn.createTable("empty", Schema.builder().column("id", DataTypes.BIGINT()).build(), true);
    }
    PmmRunner.Result r = PmmRunner.inProcess("tag", "create", warehouse + "/default/empty", "t");
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.NOT_FOUND);
    assertThat(r.err()).isEqualTo("pmm: table empty has no snapshot to tag\n");

    PmmRunner.Result scan = PmmRunner.inProcess("scan", warehouse + "/default/empty");
    assertThat(scan.exitCode()).as(scan.toString()).isZero();
    assertThat(scan.out()).isEqualTo("id\n--\n");
  }

  @Test
  void listsOneDatabase() {
    PmmRunner.Result r =
        PmmRunner.inProcess("table", "list", warehouse.toString(), "-d", "default");
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(r.out()).contains("default/docs\n").contains("default/events\n");
  }

  @Test
  void rejectsUnknownConnectionOptions() {
    PmmRunner.Result r =
        PmmRunner.inProcess(
            "table", "describe", warehouse + "/default/docs", "-o", "s3.endpint=http://x");
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.FAILURE);
    assertThat(r.err()).contains("unknown connection option 's3.endpint'").hasLineCount(1);
  }
}
