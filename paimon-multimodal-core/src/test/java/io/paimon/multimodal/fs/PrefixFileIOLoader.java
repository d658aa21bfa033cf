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
package io.paimon.multimodal.fs;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * A test scheme, {@code testfs://<local path>}, registered in {@code META-INF/services}: the local
 * file system under URIs of a scheme of its own, as an object store's loader would serve its
 * scheme. Records the options of the last load.
 */
public final class PrefixFileIOLoader implements FileIOLoader {

  static final String SCHEME = "testfs";
  private static final String PREFIX = SCHEME + "://";

  static volatile Map<String, String> lastOptions;

  @Override
  public String scheme() {
    return SCHEME;
  }

  @Override
  public FileIO load(String uri, Map<String, String> options) {
    lastOptions = Map.copyOf(options);
    return new FileIO() {
      private final FileIO local = FileIO.local();

      private String local(String path) throws IOException {
        if (!path.startsWith(PREFIX)) {
          throw new IOException(path + " is not a " + SCHEME + " URI");
        }
        return path.substring(PREFIX.length());
      }

      @Override
      public InputFile newInputFile(String path) throws IOException {
        return local.newInputFile(local(path));
      }

      @Override
      public OutputStream newOutputStream(String path) throws IOException {
        return local.newOutputStream(local(path));
      }

      @Override
      public boolean createIfAbsent(String path, byte[] content) throws IOException {
        return local.createIfAbsent(local(path), content);
      }

      @Override
      public void overwrite(String path, byte[] content) throws IOException {
        local.overwrite(local(path), content);
      }

      @Override
      public byte[] readAllBytes(String path) throws IOException {
        return local.readAllBytes(local(path));
      }

      @Override
      public boolean exists(String path) throws IOException {
        return local.exists(local(path));
      }

      @Override
      public void delete(String path) throws IOException {
        local.delete(local(path));
      }

      @Override
      public void mkdirs(String path) throws IOException {
        local.mkdirs(local(path));
      }

      @Override
      public List<String> list(String directory) throws IOException {
        return local.list(local(directory));
      }

      @Override
      public long lastModifiedMillis(String path) throws IOException {
        return local.lastModifiedMillis(local(path));
      }
    };
  }
}
