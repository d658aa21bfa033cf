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
package io.paimon.multimodal.testing;

import io.paimon.multimodal.Multimodal;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Injects a {@link io.paimon.multimodal.Connection} to a fresh local warehouse in a temporary
 * directory, and registers {@link MultimodalExtension} to do it.
 *
 * <pre>{@code
 * class DocsTest {
 *   @TempWarehouse Connection conn;                       // a new warehouse for every test
 *
 *   @Test
 *   void scansWhatItAdds() {
 *     Table t = conn.createTable("t", schema, false);
 *     t.add(rows);
 *     try (VectorSchemaRoot batch = t.scan().toArrow()) {
 *       MultimodalAssertions.assertThat(batch).hasRowCount(rows.size());
 *     }
 *   }
 * }
 * }</pre>
 *
 * <p>Where it may go and how long the warehouse lives:
 *
 * <ul>
 *   <li>an instance field of type {@code Connection}: a new warehouse before each test, closed
 *       after it (after the {@code @AfterEach} methods);
 *   <li>a static field: one warehouse for the test class, closed after its {@code @AfterAll}
 *       methods;
 *   <li>a parameter of a test method or of a {@code @BeforeEach} method: a new warehouse closed
 *       after the test; of a {@code @BeforeAll} method: closed after the class.
 * </ul>
 *
 * <p>Each annotated field or parameter gets a warehouse of its own. When the connection is closed,
 * Arrow memory still allocated on {@link io.paimon.multimodal.Connection#allocator()} fails the
 * test (or the class) with the number of bytes; then the connection is closed anyway and the
 * directory deleted. Close what the test opened (scans' readers, batches, loaders) before the test
 * ends; closing the connection yourself is allowed.
 */
@Target({ElementType.FIELD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(MultimodalExtension.class)
public @interface TempWarehouse {

  /**
   * The system property giving connection options for every temporary warehouse of the JVM, as
   * comma-separated {@code key=value} entries: {@code
   * -Dpaimon.testing.warehouse-options=table-default.file.format=parquet} runs a whole suite over
   * parquet tables. An annotation's own {@link #options()} override them.
   */
  String OPTIONS_PROPERTY = "paimon.testing.warehouse-options";

  /** The database to connect to, created if missing (default {@code default}). */
  String database() default Multimodal.DEFAULT_DATABASE;

  /**
   * Connection options as {@code key=value} strings, for instance {@code "decode-threads=1"} (see
   * {@link Multimodal.Builder#option}); an entry without {@code =} is a configuration error. They
   * override those of the {@link #OPTIONS_PROPERTY} system property.
   */
  String[] options() default {};
}
