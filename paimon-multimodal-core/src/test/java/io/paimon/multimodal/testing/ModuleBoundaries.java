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

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The module boundaries the build holds every module to (issue "one read path for every module"): a
 * module builds only on the public API of the modules below it. Three rules, checked on a module's
 * compiled main and test classes:
 *
 * <ol>
 *   <li>every class lives in one of its own module's packages;
 *   <li>no class depends on a class in another module's {@code internal} packages;
 *   <li>no class tests {@code instanceof} against another module's implementation classes (a class
 *       that implements one of that module's interfaces): a module takes what an interface offers,
 *       never downcasts to reach more.
 * </ol>
 *
 * <p>Each module runs {@link #check(String, Class)} from a test of its own ({@code
 * ArchitectureTest}).
 */
public final class ModuleBoundaries {

  /** Package roots by owning module; the longest root that matches a package owns it. */
  private static final Map<String, String> ROOTS = new LinkedHashMap<>();

  static {
    ROOTS.put("io.paimon.row", "paimon-row-format");
    ROOTS.put("io.paimon.types", "paimon-row-format");
    ROOTS.put("io.paimon.blob", "paimon-row-format");
    ROOTS.put("io.paimon.multimodal", "paimon-multimodal-core");
    ROOTS.put("io.paimon.multimodal.blob", "paimon-multimodal-blob");
    ROOTS.put("io.paimon.multimodal.window", "paimon-multimodal-window");
    ROOTS.put("io.paimon.multimodal.s3", "paimon-multimodal-s3");
    ROOTS.put("io.paimon.multimodal.parquet", "paimon-multimodal-parquet");
    ROOTS.put("io.paimon.multimodal.search", "paimon-multimodal-search");
    ROOTS.put("io.paimon.multimodal.oracle", "paimon-multimodal-paimon-oracle");
    ROOTS.put("io.paimon.multimodal.cli", "paimon-multimodal-cli");
    ROOTS.put("io.paimon.examples", "examples");
    ROOTS.put("io.paimon.benchmarks", "benchmarks");
  }

  /**
   * Packages a module may put classes in besides its own roots. The testing module publishes its
   * fixtures in {@code io.paimon.multimodal.testing}, the package where core's test jar keeps the
   * project's own test helpers (this class among them); both are test code, never on an
   * application's class path. The package stays core's for the other rules.
   */
  private static final Map<String, List<String>> SHARED_PACKAGES =
      Map.of("paimon-multimodal-testing", List.of("io.paimon.multimodal.testing"));

  private ModuleBoundaries() {}

  /** The module that owns a package, or null for packages outside the project. */
  public static String owner(String packageName) {
    String best = null;
    for (String root : ROOTS.keySet()) {
      if ((packageName.equals(root) || packageName.startsWith(root + "."))
          && (best == null || root.length() > best.length())) {
        best = root;
      }
    }
    return best == null ? null : ROOTS.get(best);
  }

  /** Whether a package is an {@code internal} package (or nested in one). */
  static boolean isInternal(String packageName) {
    return ("." + packageName + ".").contains(".internal.");
  }

  /**
   * Fails with every violation of the three rules by the main and test classes of the module that
   * compiled {@code anchor} (a test class of the module: its {@code target/test-classes}, or its
   * test jar, tell where the module is, whichever module's build runs it).
   *
   * @param module the module's artifact id, as {@link #owner} names it
   */
  public static void check(String module, Class<?> anchor) {
    requireKnown(module);
    check(module, importModule(moduleDir(anchor)));
  }

  private static void requireKnown(String module) {
    if (!ROOTS.containsValue(module) && !SHARED_PACKAGES.containsKey(module)) {
      throw new IllegalArgumentException("unknown module '" + module + "'; known: " + ROOTS);
    }
  }

  /** The base directory of the module whose build put {@code anchor} in its {@code target}. */
  static Path moduleDir(Class<?> anchor) {
    Path location;
    try {
      location = Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException | RuntimeException e) {
      throw new IllegalStateException(
          "cannot tell where " + anchor.getName() + " was loaded from", e);
    }
    // target/test-classes (a directory) or target/<artifact>-tests.jar: the module is two up.
    Path target = location.getParent();
    if (target == null
        || target.getParent() == null
        || !target.getFileName().toString().equals("target")) {
      throw new IllegalStateException(
          anchor.getName() + " was not loaded from a module's target directory: " + location);
    }
    return target.getParent();
  }

  /** As {@link #check(String)}, for classes imported elsewhere. */
  public static void check(String module, JavaClasses classes) {
    requireKnown(module);
    rules(module).check(classes);
  }

  /** The three rules for one module, as one rule that reports every violation of each. */
  public static ArchRule rules(String module) {
    return CompositeArchRule.of(classes().should(resideInPackagesOf(module)))
        .and(
            noClasses()
                .should()
                .dependOnClassesThat(internalToAnotherModuleThan(module))
                .because("a module builds only on the public API of the modules below it"))
        .and(noClasses().should(testInstanceofImplementationsOfAnotherModuleThan(module)));
  }

  /** The main and test classes under {@code moduleDir/target}. */
  public static JavaClasses importModule(Path moduleDir) {
    List<Path> dirs = new ArrayList<>();
    for (String d : List.of("target/classes", "target/test-classes")) {
      Path p = moduleDir.resolve(d);
      if (Files.isDirectory(p)) {
        dirs.add(p);
      }
    }
    if (dirs.isEmpty()) {
      throw new IllegalStateException(
          "no compiled classes under " + moduleDir.toAbsolutePath() + "/target");
    }
    return new ClassFileImporter().importPaths(dirs);
  }

  private static ArchCondition<JavaClass> resideInPackagesOf(String module) {
    return new ArchCondition<>("reside in packages of module " + module) {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        String owner = owner(c.getPackageName());
        if (!module.equals(owner)
            && !SHARED_PACKAGES.getOrDefault(module, List.of()).contains(c.getPackageName())) {
          events.add(
              SimpleConditionEvent.violated(
                  c,
                  c.getName()
                      + " is in package "
                      + c.getPackageName()
                      + (owner == null ? ", outside the project" : " of module " + owner)));
        }
      }
    };
  }

  private static DescribedPredicate<JavaClass> internalToAnotherModuleThan(String module) {
    return DescribedPredicate.describe(
        "are in an internal package of another module than " + module,
        c -> {
          JavaClass base = c.getBaseComponentType();
          String owner = owner(base.getPackageName());
          return owner != null && !owner.equals(module) && isInternal(base.getPackageName());
        });
  }

  private static ArchCondition<JavaClass> testInstanceofImplementationsOfAnotherModuleThan(
      String module) {
    return new ArchCondition<>(
        "test instanceof against implementation classes of another module than " + module) {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        for (JavaCodeUnit unit : c.getCodeUnits()) {
          for (InstanceofCheck check : unit.getInstanceofChecks()) {
            JavaClass target = check.getRawType().getBaseComponentType();
            String owner = owner(target.getPackageName());
            if (owner != null && !owner.equals(module) && isImplementation(target)) {
              events.add(
                  SimpleConditionEvent.satisfied(
                      c,
                      unit.getFullName()
                          + " tests instanceof "
                          + target.getName()
                          + " "
                          + check.getSourceCodeLocation()));
            }
          }
        }
      }
    };
  }

  /** A concrete class of the project that implements one of the project's interfaces. */
  private static boolean isImplementation(JavaClass c) {
    if (c.isInterface() || c.isAssignableTo(Throwable.class)) {
      return false;
    }
    for (JavaClass i : c.getAllRawInterfaces()) {
      if (owner(i.getPackageName()) != null) {
        return true;
      }
    }
    return false;
  }
}
