/**
 * Multimodal tables on a warehouse directory: schemas, snapshots, tags, stable row IDs and the
 * fluent {@code scan().where(...).select(...)} API into Apache Arrow.
 *
 * <p>This module is under construction; its public API is specified in the project's design
 * document and lands with the table-core issue.
 */
package io.paimon.multimodal;
