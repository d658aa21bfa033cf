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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.internal.TableImpl;
import org.junit.jupiter.api.Test;

class ModuleBoundariesTest {

  /** Uses only the public API. */
  static final class PublicUser {
    String name(Table t) {
      return t.name();
    }
  }

  /** Reaches into core's internals: what another module must not do. */
  static final class Downcaster {
    boolean isOurs(Table t) {
      return t instanceof TableImpl;
    }
  }

  @Test
  void packagesBelongToTheModuleWithTheLongestRoot() {
    assertThat(ModuleBoundaries.owner("io.paimon.multimodal")).isEqualTo("paimon-multimodal-core");
    assertThat(ModuleBoundaries.owner("io.paimon.multimodal.internal.scan"))
        .isEqualTo("paimon-multimodal-core");
    assertThat(ModuleBoundaries.owner("io.paimon.multimodal.blob.internal"))
        .isEqualTo("paimon-multimodal-blob");
    assertThat(ModuleBoundaries.owner("io.paimon.multimodal.blobs"))
        .isEqualTo("paimon-multimodal-core");
    assertThat(ModuleBoundaries.owner("io.paimon.row.internal")).isEqualTo("paimon-row-format");
    assertThat(ModuleBoundaries.owner("io.paimon.blob")).isEqualTo("paimon-row-format");
    assertThat(ModuleBoundaries.owner("org.apache.arrow.vector")).isNull();
    assertThat(ModuleBoundaries.isInternal("io.paimon.multimodal.internal")).isTrue();
    assertThat(ModuleBoundaries.isInternal("io.paimon.multimodal.internal.scan")).isTrue();
    assertThat(ModuleBoundaries.isInternal("io.paimon.multimodal.internals")).isFalse();
  }

  @Test
  void aModulesOwnClassesMayUseItsInternals() {
    ModuleBoundaries.check(
        "paimon-multimodal-core",
        new ClassFileImporter()
            .importClasses(Downcaster.class, PublicUser.class, Multimodal.class));
  }

  @Test
  void everyRuleReportsWhatBreaksIt() {
    assertThatThrownBy(
            () ->
                ModuleBoundaries.check(
                    "benchmarks", new ClassFileImporter().importClasses(Downcaster.class)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            Downcaster.class.getName()
                + " is in package io.paimon.multimodal.testing of module paimon-multimodal-core")
        .hasMessageContaining("checks instanceof <" + TableImpl.class.getName())
        .hasMessageContaining("tests instanceof " + TableImpl.class.getName());
  }

  @Test
  void publicApiUseBreaksOnlyThePackageRule() {
    assertThatThrownBy(
            () ->
                ModuleBoundaries.check(
                    "benchmarks", new ClassFileImporter().importClasses(PublicUser.class)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("was violated (1 times)")
        .hasMessageContaining(
            PublicUser.class.getName() + " is in package io.paimon.multimodal.testing");
  }

  @Test
  void aModuleIsFoundFromWhereItsTestClassesWereCompiled() {
    assertThat(ModuleBoundaries.moduleDir(ModuleBoundariesTest.class).getFileName().toString())
        .isEqualTo("paimon-multimodal-core");
  }

  @Test
  void unknownModulesAreRefused() {
    assertThatThrownBy(
            () -> ModuleBoundaries.check("paimon-multimodal-spark", ModuleBoundariesTest.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown module 'paimon-multimodal-spark'");
  }
}
