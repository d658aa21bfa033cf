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

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pmm orphans TABLE}: removes files no snapshot or tag references. */
@Command(
    name = "orphans",
    mixinStandardHelpOptions = true,
    description = {
      "Deletes files that no snapshot or tag references.",
      "Looks in a table's data and manifest directories for files no snapshot or tag",
      "references that are older than --older-than (leftovers of failed writers).",
      "Prints the deleted paths, one a line. There is no dry run."
    })
final class OrphansCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TableCommands.TableArgument table;

  @Option(
      names = "--older-than",
      paramLabel = "DURATION",
      defaultValue = "1d",
      converter = DurationConverter.class,
      description =
          "Spare files younger than this, which commits in flight may still add."
              + " Default: ${DEFAULT-VALUE}. 0s deletes every unreferenced file: only when no"
              + " writer is running.")
  Duration olderThan;

  @Override
  public Integer call() {
    try (StorageOptions.OpenTable t = table.open()) {
      List<String> removed = t.table().removeOrphanFiles(olderThan);
      PrintWriter out = spec.commandLine().getOut();
      for (String path : removed) {
        out.println(path);
      }
      out.flush();
      spec.commandLine()
          .getErr()
          .printf("pmm: removed %d file%s%n", removed.size(), removed.size() == 1 ? "" : "s");
    }
    return ExitCodes.OK;
  }
}
