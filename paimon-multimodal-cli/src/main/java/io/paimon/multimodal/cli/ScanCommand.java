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
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code pmm scan TABLE}: a table's rows, filtered and projected. */
@Command(
    name = "scan",
    mixinStandardHelpOptions = true,
    description = {
      "Prints a table's rows, filtered and projected.",
      "Reads the latest snapshot unless --snapshot or --tag is given.",
      "BLOB cells print as descriptors {uri, offset, length}; BYTES as base64 (or --binary HEX)."
    })
final class ScanCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TableCommands.TableArgument table;

  @Mixin ReadOptions read;

  @Option(
      names = "--where",
      paramLabel = "PREDICATE",
      description = "Keep the rows it is true for, e.g. \"category = 'lake' AND id < 10\".")
  String where;

  @Option(names = "--limit", paramLabel = "N", description = "Print at most N rows.")
  Long limit;

  @Override
  public Integer call() throws IOException {
    if (limit != null && limit < 0) {
      throw new CliException(ExitCodes.USAGE, "--limit must not be negative, is " + limit);
    }
    try (StorageOptions.OpenTable t = table.open()) {
      Scan scan = read.apply(t.table().scan());
      if (where != null) {
        scan = scan.where(where);
      }
      if (limit != null) {
        scan = scan.limit(limit);
      }
      Pmm root = (Pmm) spec.root().userObject();
      new ScanOutput(read, spec.commandLine().getOut(), spec.commandLine().getErr(), root.rawOut())
          .write(scan);
    }
    return ExitCodes.OK;
  }
}
