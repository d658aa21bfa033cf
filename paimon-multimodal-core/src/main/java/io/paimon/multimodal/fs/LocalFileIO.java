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

import io.paimon.row.RowFile;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * {@link FileIO} on the local file system. Atomic creation writes a temporary file and links it
 * into place ({@link Files#createLink} fails if the target exists, which makes create-if-absent
 * atomic even across processes); atomic overwrite writes a temporary file and renames it.
 */
final class LocalFileIO implements FileIO {

  static final LocalFileIO INSTANCE = new LocalFileIO();

  private LocalFileIO() {}

  /**
   * The local path of a path string or {@code file:} URI. A string that is no path (a NUL, a
   * malformed URI: what damaged metadata or a bad descriptor can hold) is an IOException naming it,
   * like any other unreadable file, never an unchecked exception.
   */
  static Path toPath(String path) throws IOException {
    try {
      if (path.startsWith("file:")) {
        return Path.of(URI.create(path));
      }
      return Path.of(path);
    } catch (IllegalArgumentException e) {
      throw new IOException("'" + path + "' is not a valid local path: " + e.getMessage(), e);
    }
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    io.paimon.row.SeekableInput in = RowFile.localInput(toPath(path));
    return new InputFile() {
      @Override
      public String name() {
        return in.name();
      }

      @Override
      public long length() throws IOException {
        return in.length();
      }

      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        in.readFully(position, buf, off, len);
      }

      @Override
      public void readScattered(long position, byte[][] buffers, int[] offsets, int[] lengths)
          throws IOException {
        InputFile.checkPieces(buffers, offsets, lengths);
        // Positional reads straight into each piece: no intermediate buffer to copy out of.
        long pos = position;
        for (int i = 0; i < buffers.length; i++) {
          if (lengths[i] > 0) {
            in.readFully(pos, buffers[i], offsets[i], lengths[i]);
            pos += lengths[i];
          }
        }
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }

  @Override
  public OutputStream newOutputStream(String path) throws IOException {
    Path p = toPath(path);
    Path parent = p.getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    return Files.newOutputStream(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
  }

  private static Path writeTemp(Path target, byte[] content) throws IOException {
    Path parent = target.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path tmp = parent.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    Files.write(
        tmp,
        content,
        StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE,
        StandardOpenOption.SYNC);
    return tmp;
  }

  @Override
  public boolean createIfAbsent(String path, byte[] content) throws IOException {
    Path target = toPath(path);
    Path tmp = writeTemp(target, content);
    try {
      Files.createLink(target, tmp);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  @Override
  public void overwrite(String path, byte[] content) throws IOException {
    Path target = toPath(path);
    Path tmp = writeTemp(target, content);
    try {
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  @Override
  public byte[] readAllBytes(String path) throws IOException {
    return Files.readAllBytes(toPath(path));
  }

  @Override
  public boolean exists(String path) {
    try {
      return Files.exists(toPath(path));
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public boolean isFile(String path) {
    try {
      return Files.isRegularFile(toPath(path));
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public void delete(String path) throws IOException {
    try {
      Files.deleteIfExists(toPath(path));
    } catch (DirectoryNotEmptyException e) {
      throw e;
    } catch (NoSuchFileException e) {
      // already gone
    }
  }

  @Override
  public void mkdirs(String path) throws IOException {
    Files.createDirectories(toPath(path));
  }

  @Override
  public List<String> list(String directory) throws IOException {
    Path dir = toPath(directory);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<String> names = new ArrayList<>();
    try (Stream<Path> entries = Files.list(dir)) {
      entries.forEach(p -> names.add(p.getFileName().toString()));
    }
    Collections.sort(names);
    return names;
  }

  @Override
  public long lastModifiedMillis(String path) throws IOException {
    return Files.getLastModifiedTime(toPath(path)).toMillis();
  }
}
