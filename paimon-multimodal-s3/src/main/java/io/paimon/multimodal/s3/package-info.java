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
/**
 * S3-compatible object storage: warehouses and BLOB payloads at {@code s3://bucket/prefix} (or
 * {@code s3a://}), found by {@link io.paimon.multimodal.fs.FileIO#forUri} through {@link
 * java.util.ServiceLoader} once this module is on the class path. Options follow Apache Paimon's
 * keys ({@link io.paimon.multimodal.s3.S3Options}); credentials come from {@code s3.access-key} and
 * {@code s3.secret-key}, or from the AWS SDK's default chain.
 *
 * <pre>{@code
 * try (Connection conn = Multimodal.builder().warehouse("s3://bucket/warehouse")
 *         .option("s3.endpoint", "http://127.0.0.1:9000")      // MinIO, s3proxy...; omit for AWS
 *         .option("s3.path-style-access", "true")
 *         .option("s3.access-key", accessKey).option("s3.secret-key", secretKey)
 *         .connect()) {
 *     Table docs = conn.getTable("docs");
 * }
 * // or the storage alone, which the caller closes:
 * try (S3FileIO io = S3FileIO.create(Map.of("s3.region", "eu-west-1"))) {
 *     byte[] bytes = io.readAllBytes("s3://bucket/path/file");
 * }
 * }</pre>
 */
package io.paimon.multimodal.s3;
