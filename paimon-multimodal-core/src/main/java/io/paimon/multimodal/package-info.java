/**
 * Multimodal tables on a warehouse directory: schemas, snapshots, tags, stable row IDs and the
 * fluent {@code scan().where(...).select(...)} API into Apache Arrow.
 *
 * <pre>{@code
 * try (Connection conn = Multimodal.connect("/data/warehouse")) {
 *   Table docs = conn.getTable("docs");
 *   Snapshot s = docs.add(List.of(Map.of("id", 1L, "image", pngBytes)));
 *   try (ArrowReader r = docs.scan().where("id < 100").select("id", "image").toArrowReader()) {
 *     while (r.loadNextBatch()) { consume(r.getVectorSchemaRoot()); }
 *   }
 *   List<Map<String, Object>> rows = docs.takeRowIds(3, 1, 2).snapshot(s.id()).toList();
 * }
 * }</pre>
 *
 * <p>{@link io.paimon.multimodal.Connection}, {@link io.paimon.multimodal.Table} and {@link
 * io.paimon.multimodal.Scan} are thread-safe; readers they return are not, and must be closed.
 * Errors are unchecked and specific ({@link io.paimon.multimodal.SchemaException}, {@link
 * io.paimon.multimodal.PredicateException}, ...). See {@code docs/tables.md}.
 */
package io.paimon.multimodal;
