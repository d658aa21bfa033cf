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
package io.paimon.multimodal.testing;

import io.paimon.multimodal.fs.FileIO;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a test sees of a storage's file tree, read through {@link FileIO} so that the same assertion
 * holds on the local file system and on an object store. An object store has no empty directories,
 * so an entry without children counts as a file here.
 */
public final class StorageFiles {

  private StorageFiles() {}

  /**
   * The files under {@code root}, as sorted {@code /}-separated paths relative to it; empty if
   * there is nothing there.
   */
  public static List<String> tree(FileIO io, String root) {
    List<String> out = new ArrayList<>();
    try {
      collect(io, root, "", out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
    out.sort(null);
    return out;
  }

  /** The names of the entries of a directory, sorted; empty if it does not exist. */
  public static List<String> names(FileIO io, String directory) {
    try {
      return io.list(directory);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + directory, e);
    }
  }

  private static void collect(FileIO io, String dir, String prefix, List<String> out)
      throws IOException {
    for (String name : io.list(dir)) {
      String path = dir + "/" + name;
      if (io.list(path).isEmpty()) {
        out.add(prefix + name);
      } else {
        collect(io, path, prefix + name + "/", out);
      }
    }
  }
}
