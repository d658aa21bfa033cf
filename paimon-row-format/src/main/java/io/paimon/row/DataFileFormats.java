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
package io.paimon.row;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The {@link DataFileFormat}s on the class path, by extension. Loaded once, with the class loader
 * that loaded this class; thread-safe.
 */
public final class DataFileFormats {

  private static final Map<String, DataFileFormat> FORMATS = load();

  private DataFileFormats() {}

  private static Map<String, DataFileFormat> load() {
    Map<String, DataFileFormat> formats = new TreeMap<>();
    for (DataFileFormat f :
        ServiceLoader.load(DataFileFormat.class, DataFileFormats.class.getClassLoader())) {
      formats.putIfAbsent(f.extension().toLowerCase(Locale.ROOT), f);
    }
    return Map.copyOf(formats);
  }

  /** The format reading files with this extension ({@code parquet}), if one is registered. */
  public static Optional<DataFileFormat> forExtension(String extension) {
    return Optional.ofNullable(FORMATS.get(extension.toLowerCase(Locale.ROOT)));
  }
}
