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

import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

/** Picks the {@link FileIO} of a URI by its scheme. Stateless. */
final class FileIOs {

  /** One read-only HTTP storage for every URL (its client pools connections per host). */
  private static final FileIO HTTP = new HttpFileIO();

  private FileIOs() {}

  /** The scheme of {@code uri} lower-case, or null for a plain path (a drive letter included). */
  static String scheme(String uri) {
    int colon = uri.indexOf(':');
    if (colon < 2) {
      // No scheme, or a one-letter one that is a Windows drive ("C:\\data").
      return null;
    }
    for (int i = 0; i < colon; i++) {
      char c = uri.charAt(i);
      boolean ok =
          Character.isLetter(c)
              || (i > 0 && (Character.isDigit(c) || c == '+' || c == '-' || c == '.'));
      if (!ok || c > 0x7f) {
        return null;
      }
    }
    return uri.substring(0, colon).toLowerCase(Locale.ROOT);
  }

  static FileIO forUri(String uri, Map<String, String> options) {
    String scheme = scheme(uri);
    if (scheme == null || scheme.equals("file")) {
      return FileIO.local();
    }
    for (FileIOLoader loader : ServiceLoader.load(FileIOLoader.class)) {
      if (scheme.equals(loader.scheme())) {
        return loader.load(uri, options);
      }
    }
    switch (scheme) {
      case "s3":
      case "s3a":
      case "s3n":
        throw new IllegalArgumentException(
            "no storage for scheme '"
                + scheme
                + "' (in '"
                + uri
                + "'): add the module io.paimon:paimon-multimodal-s3 to the class path");
      case "http":
      case "https":
        return HTTP;
      default:
        throw new IllegalArgumentException(
            "no storage for scheme '"
                + scheme
                + "' (in '"
                + uri
                + "'): register an io.paimon.multimodal.fs.FileIOLoader for it in"
                + " META-INF/services, or pass a FileIO to Multimodal.builder().fileIO(...)");
    }
  }
}
