package io.paimon.multimodal.fs;

import io.paimon.row.SeekableInput;

/**
 * A file opened for positional reads through a {@link FileIO}. {@link #readFully} is safe to call
 * from several threads at once; close it when done.
 */
public interface InputFile extends SeekableInput {}
