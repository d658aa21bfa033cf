/**
 * Apache Paimon's type system: {@link io.paimon.types.DataType} and its subclasses, the factories
 * in {@link io.paimon.types.DataTypes}, and the SQL-like type syntax.
 *
 * <pre>{@code
 * RowType schema = (RowType) DataTypes.parse(
 *     "ROW<id BIGINT NOT NULL, name STRING, embedding VECTOR<FLOAT, 768>, image BLOB>");
 * schema.fieldIndex("name");              // 1
 * schema.typeAt(2).toString();            // "VECTOR<FLOAT, 768>"
 * }</pre>
 */
package io.paimon.types;
