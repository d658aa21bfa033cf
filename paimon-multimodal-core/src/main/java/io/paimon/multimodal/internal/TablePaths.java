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
package io.paimon.multimodal.internal;

/**
 * Where a table's files live, laid out as Apache Paimon lays out an unaware-bucket table:
 *
 * <pre>
 * &lt;table&gt;/schema/schema-&lt;id&gt;
 * &lt;table&gt;/snapshot/snapshot-&lt;id&gt;, LATEST, EARLIEST
 * &lt;table&gt;/manifest/manifest-list-*, manifest-*, index-manifest-*
 * &lt;table&gt;/index/index-*
 * &lt;table&gt;/tag/tag-&lt;name&gt;
 * &lt;table&gt;/[&lt;data dir&gt;/][&lt;k&gt;=&lt;v&gt;/...]bucket-0/data-*
 * </pre>
 *
 * Immutable.
 */
public final class TablePaths {

  /** The one bucket directory of an unaware-bucket table. */
  public static final String BUCKET_DIR = "bucket-0";

  private final String root;
  private final String dataRoot;

  public TablePaths(String root) {
    this(root, null);
  }

  /**
   * Paths of the table at {@code root} whose data files go under {@code dataDirectory} (Paimon's
   * {@code data-file.path-directory}; null for the table directory itself).
   */
  public TablePaths(String root, String dataDirectory) {
    this.root = root.endsWith("/") ? root.substring(0, root.length() - 1) : root;
    this.dataRoot =
        dataDirectory == null || dataDirectory.isEmpty()
            ? this.root
            : this.root + "/" + dataDirectory;
  }

  /** These paths with data files under {@code dataDirectory}. */
  public TablePaths withDataDirectory(String dataDirectory) {
    return new TablePaths(root, dataDirectory);
  }

  public String root() {
    return root;
  }

  public String schemaDir() {
    return root + "/schema";
  }

  public String schemaFile(long id) {
    return schemaDir() + "/schema-" + id;
  }

  public String snapshotDir() {
    return root + "/snapshot";
  }

  public String snapshotFile(long id) {
    return snapshotDir() + "/snapshot-" + id;
  }

  public String latestHint() {
    return snapshotDir() + "/LATEST";
  }

  public String earliestHint() {
    return snapshotDir() + "/EARLIEST";
  }

  public String manifestDir() {
    return root + "/manifest";
  }

  public String manifestFile(String name) {
    return manifestDir() + "/" + name;
  }

  /** The directory under which partition directories (or the bucket directory) lie. */
  public String dataRoot() {
    return dataRoot;
  }

  /** The bucket directory of a partition ({@code ""} for an unpartitioned table). */
  public String bucketDir(String partitionPath) {
    return partitionPath.isEmpty()
        ? dataRoot + "/" + BUCKET_DIR
        : dataRoot + "/" + partitionPath + "/" + BUCKET_DIR;
  }

  /** A data file of a partition. */
  public String dataFile(String partitionPath, String name) {
    return bucketDir(partitionPath) + "/" + name;
  }

  public String indexDir() {
    return root + "/index";
  }

  public String indexFile(String name) {
    return indexDir() + "/" + name;
  }

  public String tagDir() {
    return root + "/tag";
  }

  public String tagFile(String name) {
    return tagDir() + "/tag-" + name;
  }
}
