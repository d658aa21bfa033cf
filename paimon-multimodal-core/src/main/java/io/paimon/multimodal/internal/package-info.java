/** Implementation of the table core. Not a public API: it may change without notice. */
package io.paimon.multimodal.internal;
