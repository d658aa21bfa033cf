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

import io.paimon.multimodal.Scan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pmm take TABLE --ids ...}: rows by row ID. */
@Command(
    name = "take",
    mixinStandardHelpOptions = true,
    description = {
      "Prints rows by row ID, in the order given (duplicates kept).",
      "An ID the snapshot does not hold fails with exit code 3."
    })
final class TakeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TableCommands.TableArgument table;

  @Mixin ReadOptions read;

  @Option(
      names = "--ids",
      required = true,
      split = ",",
      paramLabel = "ROW_ID",
      description = "The row IDs (_ROW_ID), comma-separated or repeated.")
  List<Long> ids = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    try (StorageOptions.OpenTable t = table.open()) {
      Scan scan = read.apply(t.table().takeRowIds(ids));
      Pmm root = (Pmm) spec.root().userObject();
      new ScanOutput(read, spec.commandLine().getOut(), spec.commandLine().getErr(), root.rawOut())
          .write(scan);
    }
    return ExitCodes.OK;
  }
}
