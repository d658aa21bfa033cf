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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.RowIdReader;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/** The immutable {@link Scan}: a table plus a {@link ScanContext}. */
public final class ScanImpl implements Scan {

  private final Table owner;
  private final TableState table;
  private final ScanContext ctx;
  // The schema version ctx's filter was parsed against; reads through another re-parse it.
  private final long filterSchema;
  // Whether table is already the schema this scan reads through (see reading()).
  private final boolean fixed;

  private ScanImpl(
      Table owner, TableState table, ScanContext ctx, long filterSchema, boolean fixed) {
    this.owner = owner;
    this.table = table;
    this.ctx = ctx;
    this.filterSchema = filterSchema;
    this.fixed = fixed;
  }

  private ScanImpl(Table owner, TableState table, ScanContext ctx) {
    this(owner, table, ctx, table.schemaId(), false);
  }

  private ScanImpl with(ScanContext next) {
    return new ScanImpl(owner, table, next, filterSchema, fixed);
  }

  /**
   * {@code scan} pinned to snapshot {@code snapshotId} but read through the table's current schema,
   * for writers that compute a change of the latest rows in the schema they write.
   */
  public static Scan atSnapshotInCurrentSchema(Scan scan, long snapshotId) {
    ScanImpl s = (ScanImpl) scan;
    return s.with(s.ctx.with(d -> d.pin = new Pin.AtSnapshot(snapshotId, s.table.schemaId())));
  }

  /**
   * This scan as its terminals read it: through the schema version of the snapshot or tag it is
   * pinned to (as Paimon's time travel reads), the current one for unpinned scans and for {@link
   * #pinned()}; its predicates parsed, and its projection checked, against that version.
   */
  private ScanImpl reading() {
    if (fixed) {
      return this;
    }
    long id = readSchemaId();
    if (id == table.schemaId() && filterSchema == id) {
      return this;
    }
    TableState state;
    try {
      state = id == table.schemaId() ? table : table.withSchema(table.schemas().read(id));
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
    RowType type = state.schema().rowType();
    ScanFilter filter = reparse(ctx.predicates(), type);
    if (ctx.projection() != null) {
      for (String c : ctx.projection()) {
        if (!Schema.ROW_ID.equals(c) && type.fieldIndex(c) < 0) {
          throw new SchemaException(
              "table '"
                  + table.name()
                  + "' read at "
                  + pinText()
                  + " (schema "
                  + id
                  + ") has no column '"
                  + c
                  + "'; its columns are "
                  + type.fieldNames());
        }
      }
    }
    ScanFilter parsed = filter;
    return new ScanImpl(owner, state, ctx.with(d -> d.filter = parsed), id, true);
  }

  /** The schema version this scan reads through. */
  private long readSchemaId() {
    Pin pin = ctx.pin();
    if (pin instanceof Pin.AtSnapshot at && at.schemaId() != Pin.AtSnapshot.OWN_SCHEMA) {
      return at.schemaId();
    }
    if (pin instanceof Pin.AtSnapshot || pin instanceof Pin.AtTag) {
      return ScanPlanner.resolve(table, ctx).snapshot().schemaId();
    }
    return table.schemaId();
  }

  private String pinText() {
    return ctx.pin() instanceof Pin.AtTag tag
        ? "tag '" + tag.name() + "'"
        : "snapshot " + ((Pin.AtSnapshot) ctx.pin()).id();
  }

  /**
   * The row type {@code where} and {@code select} are checked against: the schema this scan reads
   * through, or the current one if the snapshot cannot be read now (the terminal will say why).
   */
  private ScanImpl checking() {
    if (fixed || !(ctx.pin() instanceof Pin.AtSnapshot || ctx.pin() instanceof Pin.AtTag)) {
      return this;
    }
    try {
      long id = readSchemaId();
      return id == table.schemaId()
          ? this
          : new ScanImpl(
              owner, table.withSchema(table.schemas().read(id)), ctx, filterSchema, false);
    } catch (IOException | RuntimeException e) {
      return this;
    }
  }

  /** A scan of the whole table {@code owner}, whose state is {@code table}. */
  public static Scan of(Table owner, TableState table) {
    return new ScanImpl(owner, table, ScanContext.of(RowSet.ALL));
  }

  /** A scan of the given row IDs of {@code owner}, in order. */
  public static Scan ofRowIds(Table owner, TableState table, long[] rowIds) {
    return new ScanImpl(owner, table, ScanContext.of(new RowSet.Taken(rowIds.clone())));
  }

  @Override
  public Table table() {
    return owner;
  }

  @Override
  public boolean splittable() {
    // A tag's scan cannot be split: a split carries its snapshot, and the tag must stay checked.
    return !ctx.limited() && ctx.rows() instanceof RowSet.All && !(ctx.pin() instanceof Pin.AtTag);
  }

  @Override
  public Scan where(String predicate) {
    return where(predicate, new Object[0]);
  }

  @Override
  public Scan where(String predicate, Object... parameters) {
    Objects.requireNonNull(predicate, "predicate");
    Objects.requireNonNull(parameters, "parameters");
    TableState against = checking().table;
    RowType type = against.schema().rowType();
    ScanContext.Where where =
        new ScanContext.Where(
            predicate, java.util.Collections.unmodifiableList(Arrays.asList(parameters.clone())));
    ScanFilter parsed = where.parse(type);
    List<ScanContext.Where> texts = new ArrayList<>(ctx.predicates());
    texts.add(where);
    ScanFilter combined = parsed;
    if (ctx.filter() != null) {
      combined =
          filterSchema == against.schemaId()
              ? ctx.filter().and(parsed)
              : reparse(ctx.predicates(), type).and(parsed);
    }
    ScanFilter next = combined;
    if (ctx.chunks() != null) {
      ChunkPlanner.checkFilter(next, against.schema().partitionKeys(), "where " + texts);
    }
    return new ScanImpl(
        owner,
        table,
        ctx.with(
            d -> {
              d.predicates = List.copyOf(texts);
              d.filter = next;
            }),
        against.schemaId(),
        fixed);
  }

  private static ScanFilter reparse(List<ScanContext.Where> predicates, RowType type) {
    ScanFilter filter = null;
    for (ScanContext.Where p : predicates) {
      ScanFilter f = p.parse(type);
      filter = filter == null ? f : filter.and(f);
    }
    return filter;
  }

  @Override
  public Scan select(String... columns) {
    return select(Arrays.asList(columns));
  }

  @Override
  public Scan select(List<String> columns) {
    if (columns.isEmpty()) {
      throw new SchemaException(
          "select needs at least one column; columns are " + table.schema().rowType().fieldNames());
    }
    RowType type = checking().table.schema().rowType();
    Set<String> seen = new HashSet<>();
    for (String c : columns) {
      Objects.requireNonNull(c, "column");
      if (!Schema.ROW_ID.equals(c) && type.fieldIndex(c) < 0) {
        throw new SchemaException(
            "table '"
                + table.name()
                + "' has no column '"
                + c
                + "'; columns are "
                + type.fieldNames());
      }
      if (!seen.add(c)) {
        throw new SchemaException("column '" + c + "' is selected twice");
      }
    }
    return with(ctx.with(d -> d.projection = List.copyOf(columns)));
  }

  @Override
  public Scan limit(long n) {
    if (n < 0) {
      throw new IllegalArgumentException("limit must not be negative, got " + n);
    }
    if (ctx.chunks() != null) {
      throw new IllegalArgumentException(
          "a chunk-shuffled scan reads whole chunks in a shuffled order; limit("
              + n
              + ") would cut an arbitrary chunk, so withChunkShuffle and limit do not combine");
    }
    return with(ctx.with(d -> d.limit = n));
  }

  @Override
  public Scan withChunkShuffle(long seed, int chunkSize) {
    if (chunkSize <= 0) {
      throw new IllegalArgumentException(
          "withChunkShuffle needs a positive chunk size, got " + chunkSize);
    }
    if (ctx.limited()) {
      throw new IllegalArgumentException(
          "withChunkShuffle does not combine with limit(" + ctx.limit() + ")");
    }
    if (ctx.rows() instanceof RowSet.Taken) {
      throw new IllegalArgumentException(
          "withChunkShuffle plans the whole table; it does not combine with takeRowIds");
    }
    if (ctx.rows() instanceof RowSet.OfSplit) {
      throw new IllegalArgumentException(
          "withChunkShuffle plans the whole table; this scan reads one split");
    }
    ChunkPlanner.checkFilter(
        ctx.filter(), checking().table.schema().partitionKeys(), "where " + ctx.predicates());
    return with(ctx.with(d -> d.chunks = new ScanContext.ChunkShuffle(seed, chunkSize)));
  }

  @Override
  public Scan withRowId() {
    return with(ctx.with(d -> d.withRowId = true));
  }

  @Override
  public Scan snapshot(long snapshotId) {
    if (ctx.pin() instanceof Pin.AtTag tag) {
      throw new IllegalArgumentException(
          "a scan reads either a snapshot or a tag; it is already pinned to tag '"
              + tag.name()
              + "'");
    }
    if (snapshotId <= 0) {
      throw new IllegalArgumentException("snapshot ids start at 1, got " + snapshotId);
    }
    return with(ctx.with(d -> d.pin = Pin.AtSnapshot.own(snapshotId)));
  }

  @Override
  public Scan tag(String tagName) {
    Objects.requireNonNull(tagName, "tagName");
    if (ctx.pin() instanceof Pin.AtSnapshot || ctx.pin() instanceof Pin.NoSnapshot) {
      throw new IllegalArgumentException(
          "a scan reads either a snapshot or a tag; it is already"
              + " pinned to snapshot "
              + (ctx.pin() instanceof Pin.AtSnapshot at ? at.id() : 0));
    }
    return with(ctx.with(d -> d.pin = new Pin.AtTag(tagName)));
  }

  @Override
  public Scan batchSize(int rows) {
    if (rows <= 0) {
      throw new IllegalArgumentException("batchSize must be positive, got " + rows);
    }
    return with(ctx.with(d -> d.batchSize = rows));
  }

  @Override
  public Scan allocator(BufferAllocator allocator) {
    Objects.requireNonNull(allocator, "allocator");
    return with(ctx.with(d -> d.allocator = allocator));
  }

  @Override
  public Scan pinned() {
    if (ctx.pin().pinned()) {
      return this;
    }
    long id = resolvedSnapshotId();
    // Pinned before the first commit: the scan stays empty whatever is committed later.
    // An unpinned scan reads through the current schema, and so does the pinned one.
    Pin pin = id == 0 ? Pin.NO_SNAPSHOT : new Pin.AtSnapshot(id, table.schemaId());
    return with(ctx.with(d -> d.pin = pin));
  }

  @Override
  public BufferAllocator allocator() {
    return ctx.allocator() != null ? ctx.allocator() : table.allocator();
  }

  @Override
  public ArrowReader toArrowReader() {
    ScanImpl reading = reading();
    if (reading != this) {
      return reading.toArrowReader();
    }
    BufferAllocator child = readAllocator();
    try {
      return open(child);
    } catch (RuntimeException e) {
      child.close();
      throw e;
    }
  }

  /**
   * A child of the scan's allocator for one reader, named after the scan: a reader left open, or a
   * buffer it leaked, is then named when the parent closes (not only "Allocator(ROOT)"). The reader
   * closes it.
   */
  private BufferAllocator readAllocator() {
    String name =
        "scan of table '"
            + table.name()
            + "' where "
            + ctx.predicates()
            + " select "
            + (ctx.projection() == null ? "*" : ctx.projection())
            + " #"
            + READS.incrementAndGet();
    return allocator().newChildAllocator(name, 0, Long.MAX_VALUE);
  }

  private static final java.util.concurrent.atomic.AtomicLong READS =
      new java.util.concurrent.atomic.AtomicLong();

  private ArrowReader open(BufferAllocator allocator) {
    ScanPlanner.Resolved resolved = ScanPlanner.resolve(table, ctx);
    List<DataGroup> groups = ScanPlanner.groups(table, resolved.snapshot());
    OutputLayout layout = new OutputLayout(table, ctx);
    if (ctx.rows() instanceof RowSet.Taken taken) {
      TakePlan take = checkRowIds(taken.ids(), groups, resolved.snapshotId());
      return new TakeReader(
          table,
          ctx,
          resolved,
          groups,
          layout,
          allocator,
          RowIdFetcher.readOptions(table.io().readHints()),
          take,
          null);
    }
    if (ctx.rows() instanceof RowSet.OfSplit of) {
      List<ChunkPlanner.Piece> pieces =
          Splits.piecesOf(table, of.split(), groups, resolved.snapshotId());
      return new TableScanReader(table, ctx, resolved, pieces, layout, allocator);
    }
    List<DataGroup> pruned = ScanPlanner.prune(groups, ctx.filter());
    List<ChunkPlanner.Piece> pieces = new ArrayList<>();
    if (ctx.chunks() != null) {
      for (ChunkPlanner.Chunk c :
          ChunkPlanner.plan(pruned, ctx.chunks().seed(), ctx.chunks().chunkSize())) {
        pieces.addAll(c.pieces());
      }
    } else {
      for (DataGroup g : pruned) {
        pieces.add(ChunkPlanner.Piece.whole(g));
      }
    }
    return new TableScanReader(table, ctx, resolved, pieces, layout, allocator);
  }

  /** Sorts the ids once, for the check and the read, and fails naming those no row has. */
  private TakePlan checkRowIds(long[] ids, List<DataGroup> groups, long snapshotId) {
    TakePlan take = TakePlan.of(ids, ctx.batchSize(), TakeReader.readEnd(ctx, ids.length));
    take.check(table.name(), groups, snapshotId);
    return take;
  }

  @Override
  public VectorSchemaRoot toArrow() {
    BufferAllocator allocator = allocator();
    try (ArrowReader reader = toArrowReader()) {
      VectorSchemaRoot result =
          VectorSchemaRoot.create(reader.getVectorSchemaRoot().getSchema(), allocator);
      try {
        int rows = 0;
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          int n = batch.getRowCount();
          for (int j = 0; j < batch.getFieldVectors().size(); j++) {
            FieldVector target = result.getVector(j);
            FieldVector source = batch.getVector(j);
            VectorCopy.copyRows(source, null, 0, n, target, rows);
          }
          rows += n;
          result.setRowCount(rows);
        }
        return result;
      } catch (IOException | RuntimeException e) {
        result.close();
        throw e;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public List<Map<String, Object>> toList() {
    ScanImpl reading = reading();
    if (reading != this) {
      return reading.toList();
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    OutputLayout layout = new OutputLayout(table, ctx);
    List<String> names = layout.outputNames();
    DataType[] types = new DataType[names.size()];
    RowType tableType = table.schema().rowType();
    for (int j = 0; j < types.length; j++) {
      types[j] =
          Schema.ROW_ID.equals(names.get(j))
              ? DataTypes.BIGINT().notNull()
              : tableType.typeAt(tableType.fieldIndex(names.get(j)));
    }
    try (ArrowReader reader = toArrowReader()) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        for (int i = 0; i < batch.getRowCount(); i++) {
          Map<String, Object> row = new LinkedHashMap<>();
          for (int j = 0; j < types.length; j++) {
            row.put(names.get(j), ArrowValues.get(names.get(j), types[j], batch.getVector(j), i));
          }
          rows.add(row);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
    return rows;
  }

  @Override
  public long count() {
    ScanImpl reading = reading();
    if (reading != this) {
      return reading.count();
    }
    if (ctx.filter() == null && ctx.rows() instanceof RowSet.All) {
      ScanPlanner.Resolved resolved = ScanPlanner.resolve(table, ctx);
      long total = 0;
      for (DataGroup g : ScanPlanner.groups(table, resolved.snapshot())) {
        total += g.liveRows();
      }
      return Math.min(total, ctx.limit());
    }
    ScanImpl narrow = with(ctx.with(d -> d.projection = List.of(Schema.ROW_ID)));
    long n = 0;
    try (ArrowReader reader = narrow.toArrowReader()) {
      while (reader.loadNextBatch()) {
        n += reader.getVectorSchemaRoot().getRowCount();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
    return n;
  }

  @Override
  public long resolvedSnapshotId() {
    return ScanPlanner.resolve(table, ctx).snapshotId();
  }

  @Override
  public Optional<Snapshot> resolvedSnapshot() {
    SnapshotFile s = ScanPlanner.resolve(table, ctx).snapshot();
    return s == null ? Optional.empty() : Optional.of(s.snapshot());
  }

  @Override
  public List<Split> plan() {
    ScanImpl reading = reading();
    if (reading != this) {
      return reading.plan();
    }
    ScanPlanner.Resolved resolved = ScanPlanner.resolve(table, ctx);
    List<Split> splits = new ArrayList<>();
    List<DataGroup> groups =
        ScanPlanner.prune(ScanPlanner.groups(table, resolved.snapshot()), ctx.filter());
    if (ctx.chunks() != null) {
      for (ChunkPlanner.Chunk c :
          ChunkPlanner.plan(groups, ctx.chunks().seed(), ctx.chunks().chunkSize())) {
        splits.add(Splits.ofChunk(table, resolved.snapshotId(), c));
      }
      return splits;
    }
    for (DataGroup g : groups) {
      splits.add(Splits.of(table, resolved.snapshotId(), g));
    }
    return splits;
  }

  @Override
  public Scan split(Split split) {
    Objects.requireNonNull(split, "split");
    if (ctx.pin() instanceof Pin.AtTag tag) {
      throw new IllegalArgumentException(
          "a split carries its snapshot; the scan is pinned to tag '" + tag.name() + "'");
    }
    return with(
        ctx.with(
            d -> {
              d.pin = new Pin.AtSnapshot(split.snapshotId(), split.schemaId());
              d.rows = new RowSet.OfSplit(split);
              d.chunks = null;
            }));
  }

  @Override
  public RowIdReader rowIdReader() {
    return rowIdReader(0);
  }

  @Override
  public RowIdReader rowIdReader(long blockCacheBytes) {
    if (blockCacheBytes < 0) {
      throw new IllegalArgumentException(
          "blockCacheBytes must not be negative, got " + blockCacheBytes);
    }
    ScanImpl reading = reading();
    return new RowIdReaderImpl(reading.table, reading.ctx, blockCacheBytes);
  }

  @Override
  public Schema schema() {
    return reading().table.schema();
  }

  @Override
  public org.apache.arrow.vector.types.pojo.Schema arrowSchema() {
    ScanImpl reading = reading();
    if (reading != this) {
      return reading.arrowSchema();
    }
    return new OutputLayout(table, ctx).arrowSchema();
  }

  @Override
  public String toString() {
    return "Scan{table="
        + table.name()
        + ", where="
        + ctx.predicates()
        + ", select="
        + ctx.projection()
        + ", limit="
        + (ctx.limited() ? ctx.limit() : "none")
        + ", withRowId="
        + ctx.withRowId()
        + ", pin="
        + ctx.pin()
        + ", rows="
        + (ctx.rows() instanceof RowSet.Taken t ? t.ids().length + " taken" : ctx.rows())
        + "}";
  }
}
