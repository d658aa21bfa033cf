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
 * The {@code pmm} command line ({@link io.paimon.multimodal.cli.Pmm}), built on the public API of
 * the other modules only. Run it from the executable jar:
 *
 * <pre>{@code
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -jar paimon-multimodal-cli-<version>-shaded.jar \
 *     scan ./warehouse/default/docs --where "category = 'lake'" --select id,content --limit 5
 * }</pre>
 *
 * <p>See {@code docs/cli.md} for every command and the exit codes.
 */
package io.paimon.multimodal.cli;
