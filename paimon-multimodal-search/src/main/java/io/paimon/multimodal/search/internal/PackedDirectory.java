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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.fs.InputFile;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.store.BaseDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.NoLockFactory;

/**
 * A read-only Lucene directory over one packed index file ({@link PackedIndex}); closing it closes
 * the file. Thread-safe, as Lucene's readers need.
 */
final class PackedDirectory extends BaseDirectory {

  private final InputFile file;
  private final Map<String, PackedIndex.Entry> entries;

  PackedDirectory(InputFile file) throws IOException {
    super(NoLockFactory.INSTANCE);
    this.file = file;
    this.entries = PackedIndex.read(file);
  }

  @Override
  public String[] listAll() {
    return entries.keySet().stream().sorted().toArray(String[]::new);
  }

  @Override
  public long fileLength(String name) throws IOException {
    return entry(name).length();
  }

  @Override
  public IndexInput openInput(String name, IOContext context) throws IOException {
    ensureOpen();
    PackedIndex.Entry e = entry(name);
    return new FileIndexInput(file.name() + ":" + name, file, e.offset(), e.length());
  }

  private PackedIndex.Entry entry(String name) throws FileNotFoundException {
    PackedIndex.Entry e = entries.get(name);
    if (e == null) {
      throw new FileNotFoundException(file.name() + " holds no " + name);
    }
    return e;
  }

  @Override
  public void deleteFile(String name) {
    throw readOnly();
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) {
    throw readOnly();
  }

  @Override
  public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) {
    throw readOnly();
  }

  @Override
  public void sync(Collection<String> names) {}

  @Override
  public void syncMetaData() {}

  @Override
  public void rename(String source, String dest) {
    throw readOnly();
  }

  @Override
  public Set<String> getPendingDeletions() {
    return Set.of();
  }

  @Override
  public void close() throws IOException {
    isOpen = false;
    file.close();
  }

  private UnsupportedOperationException readOnly() {
    return new UnsupportedOperationException(file.name() + " is a read-only packed index");
  }
}
