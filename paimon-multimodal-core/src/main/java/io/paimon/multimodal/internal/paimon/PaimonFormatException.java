package io.paimon.multimodal.internal.paimon;

import java.io.IOException;

/**
 * A Paimon metadata file (schema, snapshot, tag, manifest list, manifest, index manifest, deletion
 * vector, serialized BinaryRow) that is malformed. The message names the file and, where it
 * applies, the record, field or offset.
 */
public class PaimonFormatException extends IOException {

  private static final long serialVersionUID = 1L;

  public PaimonFormatException(String message) {
    super(message);
  }

  public PaimonFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
