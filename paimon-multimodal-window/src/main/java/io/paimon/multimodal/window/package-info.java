/**
 * Time alignment (as-of joins, interpolation, window joins) and training windows.
 *
 * <p>This module is under construction; it lands with the time-alignment issue.
 */
package io.paimon.multimodal.window;
