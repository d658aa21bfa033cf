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

import io.paimon.multimodal.CommitConflictException;
import io.paimon.multimodal.CompactOptions;
import io.paimon.multimodal.ExpireOptions;
import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Merge;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaChange;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.Tag;
import io.paimon.multimodal.TagExistsException;
import io.paimon.multimodal.TagNotFoundException;
import io.paimon.multimodal.UnsupportedTableException;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.change.ChangeContext;
import io.paimon.multimodal.internal.change.Compaction;
import io.paimon.multimodal.internal.change.Deletes;
import io.paimon.multimodal.internal.change.IndexFileCommit;
import io.paimon.multimodal.internal.change.MergeBuilder;
import io.paimon.multimodal.internal.change.Overwrites;
import io.paimon.multimodal.internal.change.Rollback;
import io.paimon.multimodal.internal.change.SnapshotExpiry;
import io.paimon.multimodal.internal.change.Updates;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.paimon.TableSchema;
import io.paimon.multimodal.internal.scan.ScanImpl;
import io.paimon.multimodal.internal.schema.SchemaAlter;
import io.paimon.multimodal.internal.write.ArrowBatch;
import io.paimon.multimodal.internal.write.DataWriter;
import io.paimon.multimodal.internal.write.PartitionedWriter;
import io.paimon.multimodal.internal.write.WriteOptions;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/** The {@link Table} implementation; all state is on disk, so it is thread-safe. */
public final class TableImpl implements Table {

  /** What one commit uses, swapped as a whole when this object alters the schema. */
  private record Current(TableState state, Committer committer, WriteOptions writeOptions)
      implements ChangeContext {
    static Current of(TableState state, String commitUser) {
      return new Current(
          state, new Committer(state, commitUser), WriteOptions.of(state.schema().options()));
    }

    /**
     * The write options; refuses, naming the option, a table whose data files are in a format this
     * library does not write (its other readers expect that format).
     */
    @Override
    public WriteOptions writeOptions() {
      java.util.Optional<String> why = writeOptions.whyNotWritable();
      if (why.isPresent()) {
        throw new UnsupportedTableException(
            "cannot change table '" + state.name() + "': " + why.get());
      }
      return writeOptions;
    }
  }

  private final String commitUser = UUID.randomUUID().toString();
  private volatile Current current;

  public TableImpl(TableState state) {
    this.current = Current.of(state, commitUser);
  }

  /** The state of the latest schema this object knows (the newest after its own alters). */
  public TableState state() {
    return current.state();
  }

  @Override
  public String name() {
    return state().name();
  }

  @Override
  public Schema schema() {
    return state().schema();
  }

  @Override
  public FileIO io() {
    return state().io();
  }

  @Override
  public String location() {
    return state().paths().root();
  }

  @Override
  public SharedExecutors executors() {
    return state().executors();
  }

  @Override
  public BufferAllocator allocator() {
    return state().allocator();
  }

  @Override
  public Scan scan() {
    return ScanImpl.of(this, state());
  }

  @Override
  public Scan takeRowIds(long... rowIds) {
    return ScanImpl.ofRowIds(this, state(), rowIds);
  }

  @Override
  public Scan takeRowIds(Collection<Long> rowIds) {
    long[] ids = new long[rowIds.size()];
    int i = 0;
    for (Long id : rowIds) {
      if (id == null) {
        throw new IllegalArgumentException("row ID at position " + i + " is null");
      }
      ids[i++] = id;
    }
    return ScanImpl.ofRowIds(this, state(), ids);
  }

  /** A source of rows in schema order, for one commit. */
  private interface RowSource {
    void writeTo(DataWriter writer) throws IOException;
  }

  private Snapshot commit(Current c, RowSource rows) {
    TableState state = c.state();
    DataWriter writer = PartitionedWriter.of(state, c.writeOptions());
    List<ManifestEntry> files;
    try {
      rows.writeTo(writer);
      files = writer.finish();
    } catch (IOException e) {
      writer.abort();
      throw new UncheckedIOException(state.paths().root() + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    if (files.isEmpty()) {
      // No rows: nothing to commit (Paimon skips empty commits too), unless the table has no
      // snapshot yet, whose first commit may be empty.
      Optional<Snapshot> latest = latestSnapshot();
      if (latest.isPresent()) {
        return latest.get();
      }
    }
    try {
      return c.committer().commit(files, state.schemaId(), "APPEND").snapshot();
    } catch (CommitConflictException e) {
      // Every attempt lost the race, so no snapshot references the files.
      writer.abort();
      throw e;
    } catch (IOException e) {
      // The snapshot may have been created even though the call failed (a lost reply), so the
      // files may be referenced: they are left for removeOrphanFiles, never deleted here.
      throw new UncheckedIOException(state.paths().root() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Snapshot add(List<Map<String, Object>> rows) {
    Current at = current;
    return commit(at, mapRows(at, rows));
  }

  /**
   * The rows as a source in schema order, their column names checked before anything is written.
   */
  private RowSource mapRows(Current at, List<Map<String, Object>> rows) {
    RowType type = at.state().schema().rowType();
    // Validate column names of every row before writing anything.
    for (int r = 0; r < rows.size(); r++) {
      Map<String, Object> row = rows.get(r);
      if (row == null) {
        throw new SchemaException("row " + r + " is null");
      }
      for (String column : row.keySet()) {
        if (column == null || type.fieldIndex(column) < 0) {
          throw new SchemaException(
              "row "
                  + r
                  + ": table '"
                  + name()
                  + "' has no column '"
                  + column
                  + "'"
                  + (Schema.ROW_ID.equals(column)
                      ? " (_ROW_ID is assigned at commit and cannot be written)"
                      : "; columns are " + type.fieldNames()));
        }
      }
    }
    return writer -> {
      for (Map<String, Object> row : rows) {
        Object[] values = new Object[type.fieldCount()];
        for (int c = 0; c < values.length; c++) {
          values[c] = row.get(type.fields().get(c).name());
        }
        writer.write(values);
      }
    };
  }

  @Override
  public Snapshot overwrite(List<Map<String, Object>> rows) {
    Current at = current;
    return Overwrites.overwrite(this, at, mapRows(at, rows)::writeTo, null);
  }

  @Override
  public Snapshot overwrite(List<Map<String, Object>> rows, Map<String, Object> partition) {
    Objects.requireNonNull(partition, "partition");
    Current at = current;
    return Overwrites.overwrite(this, at, mapRows(at, rows)::writeTo, partition);
  }

  @Override
  public Snapshot overwrite(VectorSchemaRoot batch) {
    Current at = current;
    int[] columns = arrowColumns(at, batch);
    return Overwrites.overwrite(
        this, at, writer -> writer.write(arrowBatch(batch, columns, 0)), null);
  }

  @Override
  public Snapshot add(VectorSchemaRoot batch) {
    Current at = current;
    int[] columns = arrowColumns(at, batch);
    return commit(at, writer -> writer.write(arrowBatch(batch, columns, 0)));
  }

  @Override
  public Snapshot add(ArrowReader batches) {
    Current at = current;
    return commit(
        at,
        writer -> {
          VectorSchemaRoot root = batches.getVectorSchemaRoot();
          int[] columns = arrowColumns(at, root);
          long position = 0;
          while (batches.loadNextBatch()) {
            writer.write(arrowBatch(root, columns, position));
            position += root.getRowCount();
          }
        });
  }

  /** For each table column, the index of the batch vector holding it, or -1. */
  private int[] arrowColumns(Current at, VectorSchemaRoot batch) {
    RowType type = at.state().schema().rowType();
    List<FieldVector> vectors = batch.getFieldVectors();
    for (FieldVector v : vectors) {
      if (type.fieldIndex(v.getName()) < 0) {
        throw new SchemaException(
            "table '"
                + name()
                + "' has no column '"
                + v.getName()
                + "'; columns are "
                + type.fieldNames());
      }
    }
    int[] columns = new int[type.fieldCount()];
    for (int c = 0; c < columns.length; c++) {
      columns[c] = -1;
      for (int v = 0; v < vectors.size(); v++) {
        if (vectors.get(v).getName().equals(type.fields().get(c).name())) {
          columns[c] = v;
        }
      }
    }
    return columns;
  }

  /** The batch's vectors in table column order (null for a column it lacks), rows from here on. */
  private static ArrowBatch arrowBatch(VectorSchemaRoot batch, int[] columns, long position) {
    FieldVector[] vectors = new FieldVector[columns.length];
    for (int c = 0; c < columns.length; c++) {
      vectors[c] = columns[c] >= 0 ? batch.getVector(columns[c]) : null;
    }
    return new ArrowBatch(vectors, batch.getRowCount(), position);
  }

  @Override
  public Schema alter(SchemaChange... changes) {
    Objects.requireNonNull(changes, "changes");
    if (changes.length == 0) {
      throw new IllegalArgumentException("alter needs at least one schema change");
    }
    TableSchema next = new SchemaAlter(state(), List.of(changes)).commit();
    // Another alter of this object may have gone further meanwhile: keep the newest.
    synchronized (this) {
      if (next.id() > current.state().schemaId()) {
        current = Current.of(current.state().withSchema(next), commitUser);
      }
    }
    return Schema.of(next.rowType(), next.partitionKeys(), next.options());
  }

  @Override
  public Snapshot delete(String where, Object... parameters) {
    Current at = current;
    return Deletes.delete(this, at.state(), at.committer(), where, boundParameters(parameters));
  }

  @Override
  public Snapshot update(String where, Map<String, Object> values, Object... parameters) {
    Current at = current;
    return Updates.update(
        this,
        at.state(),
        at.committer(),
        at.writeOptions(),
        where,
        boundParameters(parameters),
        values);
  }

  /** A copy, so that the caller changing its array later does not change a retried commit. */
  private static List<Object> boundParameters(Object[] parameters) {
    Objects.requireNonNull(parameters, "parameters");
    return Collections.unmodifiableList(Arrays.asList(parameters.clone()));
  }

  @Override
  public Snapshot updateByRowId(Map<Long, Map<String, Object>> rows) {
    Current at = current;
    return Updates.updateByRowId(this, at.state(), at.committer(), at.writeOptions(), rows);
  }

  @Override
  public Snapshot updateByRowId(VectorSchemaRoot batch) {
    Current at = current;
    return Updates.updateByRowId(this, at.state(), at.committer(), at.writeOptions(), batch);
  }

  @Override
  public Merge merge(List<Map<String, Object>> source, String... on) {
    return MergeBuilder.of(this, () -> current, source, on);
  }

  @Override
  public Merge merge(VectorSchemaRoot source, String... on) {
    return MergeBuilder.of(this, () -> current, source, on);
  }

  @Override
  public List<Long> expireSnapshots(ExpireOptions options) {
    Objects.requireNonNull(options, "options");
    return SnapshotExpiry.expire(state(), options);
  }

  @Override
  public Snapshot compact(CompactOptions options) {
    Objects.requireNonNull(options, "options");
    return Compaction.compact(this, current, options);
  }

  @Override
  public Optional<Snapshot> latestSnapshot() {
    try {
      OptionalLong id = state().snapshots().latestId();
      return id.isPresent()
          ? Optional.of(state().snapshots().read(id.getAsLong()).snapshot())
          : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Snapshot snapshot(long snapshotId) {
    return snapshotFile(snapshotId).snapshot();
  }

  private SnapshotFile snapshotFile(long snapshotId) {
    try {
      if (!state().snapshots().exists(snapshotId)) {
        throw new SnapshotNotFoundException("table '" + name() + "' has no snapshot " + snapshotId);
      }
      return state().snapshots().read(snapshotId);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public List<IndexFile> indexFiles(long snapshotId) {
    SnapshotFile s = snapshotFile(snapshotId);
    if (s.indexManifest() == null) {
      return List.of();
    }
    try {
      return IndexFileCommit.indexFiles(state().manifests().readIndexManifest(s.indexManifest()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String indexFilePath(String fileName) {
    Objects.requireNonNull(fileName, "fileName");
    if (fileName.isEmpty() || fileName.contains("/") || fileName.equals("..")) {
      throw new IllegalArgumentException("'" + fileName + "' is not a plain index file name");
    }
    return state().paths().indexFile(fileName);
  }

  @Override
  public Snapshot commitIndexFiles(List<IndexFile> added, Collection<String> removed) {
    Current at = current;
    try {
      return at.committer().commit(new IndexFileCommit(at.state(), added, removed)).snapshot();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public List<Snapshot> snapshots() {
    try {
      List<Snapshot> out = new ArrayList<>();
      for (long id : state().snapshots().ids()) {
        out.add(state().snapshots().read(id).snapshot());
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Tag createTag(String name) {
    Snapshot latest =
        latestSnapshot()
            .orElseThrow(
                () ->
                    new IllegalArgumentException("table '" + name() + "' has no snapshot to tag"));
    return createTag(name, latest.id());
  }

  @Override
  public Tag createTag(String tagName, long snapshotId) {
    Names.checkObjectName("tag", tagName);
    SnapshotFile snapshot = snapshotFile(snapshotId);
    Tag tag = new Tag(tagName, snapshotId, System.currentTimeMillis());
    try {
      if (!state().tags().create(tagName, snapshot)) {
        throw new TagExistsException(
            tagName,
            "table '"
                + name()
                + "' already has a tag '"
                + tagName
                + "'; use replaceTag to move it");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tag;
  }

  @Override
  public Tag createTag(String tagName, long snapshotId, Duration timeRetained) {
    Names.checkObjectName("tag", tagName);
    Objects.requireNonNull(timeRetained, "timeRetained");
    if (timeRetained.isNegative()) {
      throw new IllegalArgumentException("timeRetained must not be negative, got " + timeRetained);
    }
    SnapshotFile snapshot = snapshotFile(snapshotId);
    try {
      if (!state().tags().create(tagName, snapshot, timeRetained)) {
        throw new TagExistsException(
            tagName,
            "table '"
                + name()
                + "' already has a tag '"
                + tagName
                + "'; use replaceTag to move it");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Tag(tagName, snapshotId, System.currentTimeMillis(), timeRetained);
  }

  @Override
  public void renameTag(String from, String to) {
    Names.checkObjectName("tag", from);
    Names.checkObjectName("tag", to);
    try {
      Optional<io.paimon.multimodal.internal.paimon.TagFile> tag = state().tags().readFile(from);
      if (tag.isEmpty()) {
        throw new TagNotFoundException(from, "table '" + name() + "' has no tag '" + from + "'");
      }
      if (!state().tags().create(to, tag.get().snapshot(), tag.get().tagTimeRetained())) {
        throw new TagExistsException(to, "table '" + name() + "' already has a tag '" + to + "'");
      }
      state().tags().delete(from);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void rollbackTo(long snapshotId) {
    Rollback.toSnapshot(state(), snapshotId);
  }

  @Override
  public long rollbackTo(String tag) {
    Names.checkObjectName("tag", tag);
    return Rollback.toTag(state(), tag);
  }

  @Override
  public Tag replaceTag(String tagName, long snapshotId) {
    Names.checkObjectName("tag", tagName);
    SnapshotFile snapshot = snapshotFile(snapshotId);
    Tag tag = new Tag(tagName, snapshotId, System.currentTimeMillis());
    try {
      state().tags().replace(tagName, snapshot);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tag;
  }

  @Override
  public void deleteTag(String tagName) {
    Names.checkObjectName("tag", tagName);
    try {
      if (!state().tags().delete(tagName)) {
        throw new TagNotFoundException(
            tagName, "table '" + name() + "' has no tag '" + tagName + "'");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public List<Tag> tags() {
    try {
      return state().tags().list();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public List<String> removeOrphanFiles(Duration olderThan) {
    try {
      return new OrphanFiles(state()).remove(olderThan);
    } catch (IOException e) {
      throw new UncheckedIOException(state().paths().root() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "Table{" + name() + " at " + state().paths().root() + "}";
  }
}
