/** Implementation of the {@code .row} codec. Not a public API: it may change without notice. */
package io.paimon.row.internal;
