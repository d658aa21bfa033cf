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
package io.paimon.multimodal.parquet;

import io.paimon.multimodal.parquet.internal.ParquetDataWriter;
import io.paimon.multimodal.parquet.internal.ParquetRowFileReader;
import io.paimon.row.DataFileFormat;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.row.SeekableInput;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * Parquet data files, Paimon's default format, registered for the {@code .parquet} extension: with
 * this artifact on the class path, tables written by Paimon, pypaimon, Spark or Flink with parquet
 * data files open and read like any other (scans, takes, BLOB reads, windows), and tables whose
 * {@code file.format} is {@code parquet} are written in parquet, in the schema and with the options
 * Paimon uses (see {@code docs/parquet.md}), so Paimon 1.x, Spark and Flink read them with no
 * plugin. Files are read and written through the table's {@code FileIO}, so local, S3 and HTTP
 * warehouses all work; no Hadoop file system is used. Stateless and thread-safe.
 */
public final class ParquetFormat implements DataFileFormat {

  /** The extension of parquet data files. */
  public static final String EXTENSION = "parquet";

  /** Creates the format (the {@link java.util.ServiceLoader} does). */
  public ParquetFormat() {}

  @Override
  public String extension() {
    return EXTENSION;
  }

  @Override
  public RowFileReader open(SeekableInput input, RowType fileType, RowFileOptions options)
      throws IOException {
    return ParquetRowFileReader.open(input, fileType, options);
  }

  @Override
  public boolean canWrite() {
    return true;
  }

  @Override
  public RowFileWriter newWriter(
      OutputStream out,
      String name,
      RowType fileType,
      Map<String, String> tableOptions,
      RowFileOptions rowOptions)
      throws IOException {
    return ParquetDataWriter.open(out, name, fileType, tableOptions);
  }

  @Override
  public void checkWritable(RowType rowType, Map<String, String> tableOptions) {
    ParquetDataWriter.checkWritable(rowType, tableOptions);
  }
}
