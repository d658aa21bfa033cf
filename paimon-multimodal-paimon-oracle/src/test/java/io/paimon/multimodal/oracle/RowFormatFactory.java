/*
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.paimon.multimodal.oracle;

import io.paimon.row.RowFileOptions;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.FileFormatFactory;
import org.apache.paimon.options.MemorySize;

/**
 * The {@code row} file format for Apache Paimon 1.4.2 (which has none of its own), over our {@code
 * io.paimon.row.RowFile} codec: Paimon plans, writes and reads tables with {@code file.format=row},
 * and every {@code .row} byte is ours. Registered in {@code
 * META-INF/services/org.apache.paimon.format.FileFormatFactory}; it must be the only {@code row}
 * factory on the class path, since Paimon takes the first one whose identifier matches.
 *
 * <p>Honoured options: {@code file.block-size} (default 64 KiB) and {@code
 * file.compression.zstd-level} (default 1). The compression name Paimon hands the writer is
 * ignored: {@code .row} blocks are always zstd.
 */
public final class RowFormatFactory implements FileFormatFactory {

  /** The format identifier and file extension. */
  public static final String IDENTIFIER = "row";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public FileFormat create(FormatContext context) {
    RowFileOptions options = RowFileOptions.defaults().zstdLevel(context.zstdLevel());
    MemorySize blockSize = context.blockSize();
    if (blockSize != null) {
      options = options.blockSize(Math.toIntExact(blockSize.getBytes()));
    }
    // Paimon opens one reader per file and per split and may abandon iterators; reading in the
    // caller's thread keeps the adapter free of threads that outlive a read.
    return new RowFormat(options.readAheadBlocks(0));
  }
}
