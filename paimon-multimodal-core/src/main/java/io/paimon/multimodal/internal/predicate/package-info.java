/**
 * The {@code where(...)} predicate language: a lexer and recursive-descent parser, a binder that
 * resolves columns and checks types, and three evaluators of the bound tree (column-at-a-time over
 * Arrow batches, per row over Java values, and min/max pruning over file statistics).
 *
 * <pre>{@code
 * Predicate p = Predicates.parse("category = 'lake' AND id IN (1, 2, 3)", table.rowType());
 * if (p.mightMatch(fileStats)) {
 *   Selection rows = p.evaluate(batch);   // rows.count(), rows.index(i)
 * }
 * }</pre>
 */
package io.paimon.multimodal.internal.predicate;
