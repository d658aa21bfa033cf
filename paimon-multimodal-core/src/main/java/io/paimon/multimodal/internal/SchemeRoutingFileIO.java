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
package io.paimon.multimodal.internal;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.fs.ReadHints;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A connection's storage: the warehouse's {@link FileIO} for its own paths, and the storage of
 * another scheme ({@link FileIO#forUri}) for a path of that scheme, such as a BLOB descriptor
 * pointing at an {@code https:} URL or another object store, so that descriptors resolve wherever
 * they point. Closing it closes the storages it opened for other schemes, and the warehouse's if it
 * owns it (the connection opened it). Thread-safe.
 */
final class SchemeRoutingFileIO implements FileIO {

  private final FileIO warehouse;
  private final boolean ownsWarehouse;
  private final String warehouseScheme;
  private final Map<String, String> options;
  private final ConcurrentHashMap<String, FileIO> others = new ConcurrentHashMap<>();

  SchemeRoutingFileIO(
      FileIO warehouse, boolean ownsWarehouse, String warehouseUri, Map<String, String> options) {
    this.warehouse = warehouse;
    this.ownsWarehouse = ownsWarehouse;
    this.warehouseScheme = scheme(warehouseUri);
    this.options = Map.copyOf(options);
  }

  /** The scheme of a path, "" for a plain path or {@code file:} (both local). */
  private static String scheme(String path) {
    String s = FileIO.scheme(path);
    return s == null || s.equals("file") ? "" : s;
  }

  private FileIO route(String path) {
    String s = scheme(path);
    if (s.equals(warehouseScheme)) {
      return warehouse;
    }
    FileIO io = others.get(s);
    if (io == null) {
      FileIO opened = s.isEmpty() ? FileIO.local() : FileIO.forUri(path, options);
      io = others.putIfAbsent(s, opened);
      if (io == null) {
        io = opened;
      } else {
        closeQuietly(opened);
      }
    }
    return io;
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    return route(path).newInputFile(path);
  }

  @Override
  public InputFile newInputFile(String path, long length) throws IOException {
    return route(path).newInputFile(path, length);
  }

  @Override
  public OutputStream newOutputStream(String path) throws IOException {
    return route(path).newOutputStream(path);
  }

  @Override
  public boolean createIfAbsent(String path, byte[] content) throws IOException {
    return route(path).createIfAbsent(path, content);
  }

  @Override
  public void overwrite(String path, byte[] content) throws IOException {
    route(path).overwrite(path, content);
  }

  @Override
  public byte[] readAllBytes(String path) throws IOException {
    return route(path).readAllBytes(path);
  }

  @Override
  public boolean exists(String path) throws IOException {
    return route(path).exists(path);
  }

  @Override
  public boolean isFile(String path) throws IOException {
    return route(path).isFile(path);
  }

  @Override
  public void delete(String path) throws IOException {
    route(path).delete(path);
  }

  @Override
  public void mkdirs(String path) throws IOException {
    route(path).mkdirs(path);
  }

  @Override
  public List<String> list(String directory) throws IOException {
    return route(directory).list(directory);
  }

  @Override
  public long lastModifiedMillis(String path) throws IOException {
    return route(path).lastModifiedMillis(path);
  }

  @Override
  public void deleteFiles(Collection<String> paths) throws IOException {
    Map<FileIO, List<String>> byStorage = new LinkedHashMap<>();
    for (String path : paths) {
      byStorage.computeIfAbsent(route(path), k -> new ArrayList<>()).add(path);
    }
    for (Map.Entry<FileIO, List<String>> e : byStorage.entrySet()) {
      e.getKey().deleteFiles(e.getValue());
    }
  }

  @Override
  public ReadHints readHints() {
    return warehouse.readHints();
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    List<FileIO> toClose = new ArrayList<>(others.values());
    others.clear();
    if (ownsWarehouse) {
      toClose.add(warehouse);
    }
    for (FileIO io : toClose) {
      try {
        io.close();
      } catch (IOException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private static void closeQuietly(FileIO io) {
    try {
      io.close();
    } catch (IOException e) {
      // a storage opened twice by a race; the first one is kept and used
    }
  }
}
