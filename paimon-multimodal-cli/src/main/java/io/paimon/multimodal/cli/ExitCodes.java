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

import io.paimon.multimodal.CommitConflictException;
import io.paimon.multimodal.DatabaseNotFoundException;
import io.paimon.multimodal.PredicateException;
import io.paimon.multimodal.RowIdNotFoundException;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.TableExistsException;
import io.paimon.multimodal.TableNotFoundException;
import io.paimon.multimodal.TagExistsException;
import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * The exit codes of {@code pmm}, which scripts can rely on, and the handlers that turn an exception
 * into one line {@code pmm: <message>} on stderr and its code.
 *
 * <table>
 *   <caption>Exit codes</caption>
 *   <tr><th>code</th><th>meaning</th></tr>
 *   <tr><td>0</td><td>success</td></tr>
 *   <tr><td>1</td><td>runtime or I/O failure (a corrupt file, storage errors, ...)</td></tr>
 *   <tr><td>2</td><td>usage error: unknown command or option, a bad option value</td></tr>
 *   <tr><td>3</td><td>not found: file, warehouse, database, table, snapshot, tag or row ID</td></tr>
 *   <tr><td>4</td><td>invalid predicate or schema</td></tr>
 *   <tr><td>5</td><td>conflict: the tag or table exists, a concurrent commit won</td></tr>
 * </table>
 */
final class ExitCodes {

  static final int OK = 0;
  static final int FAILURE = 1;
  static final int USAGE = 2;
  static final int NOT_FOUND = 3;
  static final int INVALID = 4;
  static final int CONFLICT = 5;

  private ExitCodes() {}

  /** The exit code for a failure. */
  static int of(Throwable t) {
    if (t instanceof CliException) {
      return ((CliException) t).exitCode();
    }
    if (t instanceof TableNotFoundException
        || t instanceof DatabaseNotFoundException
        || t instanceof SnapshotNotFoundException
        || t instanceof RowIdNotFoundException
        || t instanceof NoSuchFileException
        || t instanceof FileNotFoundException) {
      return NOT_FOUND;
    }
    if (t instanceof PredicateException || t instanceof SchemaException) {
      return INVALID;
    }
    if (t instanceof TagExistsException
        || t instanceof TableExistsException
        || t instanceof CommitConflictException) {
      return CONFLICT;
    }
    if (t instanceof UncheckedIOException && t.getCause() != null) {
      return of(t.getCause());
    }
    return FAILURE;
  }

  /** The one-line message for a failure: its message, or its class name if it has none. */
  static String message(Throwable t) {
    Throwable shown = t;
    if (t instanceof UncheckedIOException && t.getCause() != null) {
      shown = t.getCause();
    }
    String m = shown.getMessage();
    if (shown instanceof NoSuchFileException) {
      m = "no such file: " + m;
    }
    if (m == null || m.isBlank()) {
      m = shown.getClass().getSimpleName();
    }
    return m.replace('\n', ' ').replace('\r', ' ');
  }

  /** Prints a command's failure as one line (and its stack trace with --verbose). */
  static final class ExecutionHandler implements IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) {
      PrintWriter err = cl.getErr();
      err.println("pmm: " + message(e));
      if (verbose(parsed)) {
        e.printStackTrace(err);
      }
      err.flush();
      return of(e);
    }
  }

  /** Prints a usage error as one line pointing at the command's help. */
  static final class ParameterHandler implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException e, String[] args) {
      CommandLine cl = e.getCommandLine();
      PrintWriter err = cl.getErr();
      err.println(
          "pmm: " + message(e) + " (see '" + cl.getCommandSpec().qualifiedName() + " --help')");
      err.flush();
      return USAGE;
    }
  }

  private static boolean verbose(ParseResult parsed) {
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
