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

import io.paimon.multimodal.Table;
import io.paimon.multimodal.Tag;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pmm tag create|delete}. */
@Command(
    name = "tag",
    mixinStandardHelpOptions = true,
    description = "Create and delete tags (names pinning a snapshot).",
    subcommands = {TagCommands.Create.class, TagCommands.Delete.class})
final class TagCommands implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(), "a subcommand is required: create or delete");
  }

  /** {@code pmm tag create TABLE NAME}. */
  @Command(
      name = "create",
      mixinStandardHelpOptions = true,
      description = "Tags a snapshot (default: the latest). Exit code 5 if the tag exists.")
  static final class Create implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableCommands.TableArgument table;

    @Parameters(index = "1", paramLabel = "NAME", description = "The tag name.")
    String name;

    @Option(names = "--snapshot", paramLabel = "ID", description = "The snapshot to tag.")
    Long snapshot;

    @Option(
        names = "--time-retained",
        paramLabel = "DURATION",
        converter = DurationConverter.class,
        description = "Snapshot expiry deletes the tag this long after now (e.g. 30d).")
    Duration timeRetained;

    @Override
    public Integer call() {
      try (StorageOptions.OpenTable t = table.open()) {
        Table tb = t.table();
        Tag tag;
        if (timeRetained != null) {
          long id = snapshot != null ? snapshot : latest(tb);
          tag = tb.createTag(name, id, timeRetained);
        } else if (snapshot != null) {
          tag = tb.createTag(name, snapshot);
        } else {
          tag = tb.createTag(name, latest(tb));
        }
        spec.commandLine()
            .getOut()
            .printf("created tag %s -> snapshot %d%n", tag.name(), tag.snapshotId());
      }
      return ExitCodes.OK;
    }

    private static long latest(Table tb) {
      return tb.latestSnapshot()
          .orElseThrow(
              () ->
                  new CliException(
                      ExitCodes.NOT_FOUND, "table " + tb.name() + " has no snapshot to tag"))
          .id();
    }
  }

  /** {@code pmm tag delete TABLE NAME}. */
  @Command(
      name = "delete",
      mixinStandardHelpOptions = true,
      description = "Deletes a tag. Exit code 3 if there is none.")
  static final class Delete implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin TableCommands.TableArgument table;

    @Parameters(index = "1", paramLabel = "NAME", description = "The tag name.")
    String name;

    @Override
    public Integer call() {
      try (StorageOptions.OpenTable t = table.open()) {
        t.table().deleteTag(name);
        spec.commandLine().getOut().printf("deleted tag %s%n", name);
      }
      return ExitCodes.OK;
    }
  }
}
