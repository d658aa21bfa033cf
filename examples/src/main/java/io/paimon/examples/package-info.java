/**
 * Runnable examples of the library; the README's main job runs {@link
 * io.paimon.examples.RowFileQuickstart}.
 */
package io.paimon.examples;
