package io.paimon.multimodal;

/**
 * A Paimon table, or a file of one, that this library cannot read correctly: a primary-key table, a
 * fixed-bucket table, data files of a format without a reader here, a column whose type changed.
 * The message names the table or file and the reason. Thrown instead of reading wrongly.
 */
public class UnsupportedTableException extends MultimodalException {

  private static final long serialVersionUID = 1L;

  public UnsupportedTableException(String message) {
    super(message);
  }
}
