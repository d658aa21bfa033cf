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

import io.paimon.multimodal.ExpireOptions;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pmm expire TABLE}: snapshot expiry. */
@Command(
    name = "expire",
    mixinStandardHelpOptions = true,
    description = {
      "Expires old snapshots and deletes the files only they reference.",
      "Tagged snapshots stay readable through their tags. Options not given come from the",
      "table's own options.",
      "Prints the expired snapshot ids, one a line."
    })
final class ExpireCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TableCommands.TableArgument table;

  @Option(
      names = "--retain-min",
      paramLabel = "N",
      description = "Always keep the N newest snapshots (at least 1).")
  Integer retainMin;

  @Option(names = "--retain-max", paramLabel = "N", description = "Keep at most N snapshots.")
  Integer retainMax;

  @Option(
      names = "--older-than",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Expire snapshots older than this beyond --retain-min (e.g. 7d, 12h).")
  Duration olderThan;

  @Option(
      names = "--progress",
      description = "Report snapshots expired and files deleted so far to stderr.")
  boolean progress;

  @Override
  public Integer call() {
    ExpireOptions options;
    try {
      ExpireOptions.Builder b = ExpireOptions.builder();
      if (retainMin != null) {
        b.retainMin(retainMin);
      }
      if (retainMax != null) {
        b.retainMax(retainMax);
      }
      if (olderThan != null) {
        b.olderThan(olderThan);
      }
      if (progress) {
        b.progress(Progressing.toStderr(spec.commandLine().getErr()));
      }
      options = b.build();
    } catch (IllegalArgumentException e) {
      throw new CliException(ExitCodes.USAGE, e.getMessage().replace("retain", "--retain-"), e);
    }
    try (StorageOptions.OpenTable t = table.open()) {
      List<Long> expired = t.table().expireSnapshots(options);
      PrintWriter out = spec.commandLine().getOut();
      for (long id : expired) {
        out.println(id);
      }
      out.flush();
      PrintWriter err = spec.commandLine().getErr();
      err.printf("pmm: expired %d snapshot%s%n", expired.size(), expired.size() == 1 ? "" : "s");
    }
    return ExitCodes.OK;
  }
}
