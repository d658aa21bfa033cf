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

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code pmm} command line: inspects {@code .row} and {@code .blob} files and lists, describes,
 * scans and maintains tables. Output goes to stdout, diagnostics to stderr; failures end with the
 * exit codes of {@link ExitCodes}, printed as one line {@code pmm: <message>}.
 */
@Command(
    name = "pmm",
    mixinStandardHelpOptions = true,
    versionProvider = Pmm.Version.class,
    description = "Paimon Multimodal tables and files from the command line.",
    subcommands = {
      RowCommands.class,
      BlobCommands.class,
      TableCommands.class,
      ScanCommand.class,
      TakeCommand.class,
      TagCommands.class,
      ExpireCommand.class,
      OrphansCommand.class,
      CommandLine.HelpCommand.class
    },
    footer = {
      "",
      "Exit codes: 0 ok, 1 failure, 2 usage error, 3 not found, 4 bad predicate or schema,"
          + " 5 conflict (exists)."
    })
public final class Pmm implements Runnable {

  @Spec CommandSpec spec;

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description = "Print the stack trace of a failure.")
  boolean verbose;

  private OutputStream rawOut = System.out;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
  }

  /** The stream binary output (Arrow IPC) goes to: stdout as bytes. */
  OutputStream rawOut() {
    return rawOut;
  }

  /** Runs {@code pmm} and exits with its exit code. */
  public static void main(String[] args) {
    OutputStream stdout = new FileOutputStream(FileDescriptor.out);
    PrintWriter out =
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
    PrintWriter err =
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    System.exit(execute(out, err, stdout, args));
  }

  /**
   * Runs {@code pmm} with these arguments and streams, returning its exit code; never exits the
   * JVM.
   */
  static int execute(PrintWriter out, PrintWriter err, OutputStream rawOut, String... args) {
    Pmm pmm = new Pmm();
    pmm.rawOut = rawOut;
    CommandLine cl = new CommandLine(pmm);
    cl.setOut(out);
    cl.setErr(err);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setExecutionExceptionHandler(new ExitCodes.ExecutionHandler());
    cl.setParameterExceptionHandler(new ExitCodes.ParameterHandler());
    try {
      return cl.execute(args);
    } finally {
      out.flush();
      err.flush();
    }
  }

  /** The version from the jar's manifest. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Pmm.class.getPackage().getImplementationVersion();
      return new String[] {
        "pmm " + (v == null ? "(development build)" : v),
        "Java " + System.getProperty("java.version") + ", " + System.getProperty("java.vm.name")
      };
    }
  }
}
