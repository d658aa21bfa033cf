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

import io.paimon.multimodal.Connection;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 extension behind {@link TempWarehouse}: injects connections to temporary warehouses
 * into annotated fields and parameters, and after the test (or class) checks them for Arrow leaks,
 * closes them and deletes their directories. {@code @TempWarehouse} registers it; there is no need
 * to name it in {@code @ExtendWith}.
 *
 * <p>Stateless: what it opens lives in the store of the JUnit context it was opened for, so one
 * instance serves tests running in parallel.
 */
public final class MultimodalExtension
    implements BeforeAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        AfterAllCallback,
        ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(MultimodalExtension.class);

  /** Created by JUnit. */
  public MultimodalExtension() {}

  @Override
  public void beforeAll(ExtensionContext context) throws IllegalAccessException {
    injectFields(context, context.getRequiredTestClass(), null);
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IllegalAccessException {
    for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
      injectFields(context, instance.getClass(), instance);
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    warehouses(context).close();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    warehouses(context).close();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    if (!parameter.isAnnotated(TempWarehouse.class)) {
      return false;
    }
    if (parameter.getParameter().getType() != Connection.class) {
      throw new ParameterResolutionException(
          describe(parameter)
              + " is of type "
              + parameter.getParameter().getType().getName()
              + "; @TempWarehouse injects only "
              + Connection.class.getName());
    }
    return true;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    TempWarehouse spec = parameter.findAnnotation(TempWarehouse.class).orElseThrow();
    return warehouses(context).open(spec, describe(parameter));
  }

  /**
   * Injects the static ({@code instance == null}) or instance fields of a class and its parents.
   */
  private static void injectFields(ExtensionContext context, Class<?> type, Object instance)
      throws IllegalAccessException {
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        TempWarehouse spec = field.getAnnotation(TempWarehouse.class);
        if (spec == null || Modifier.isStatic(field.getModifiers()) != (instance == null)) {
          continue;
        }
        String what = "@TempWarehouse field " + c.getSimpleName() + "." + field.getName();
        if (field.getType() != Connection.class) {
          throw new ExtensionConfigurationException(
              what
                  + " is of type "
                  + field.getType().getName()
                  + "; @TempWarehouse injects only "
                  + Connection.class.getName());
        }
        if (Modifier.isFinal(field.getModifiers())) {
          throw new ExtensionConfigurationException(what + " must not be final");
        }
        field.setAccessible(true);
        field.set(instance, warehouses(context).open(spec, what));
      }
    }
  }

  private static String describe(ParameterContext parameter) {
    return "@TempWarehouse parameter "
        + parameter.getIndex()
        + " ("
        + parameter.getParameter().getName()
        + ") of "
        + parameter.getDeclaringExecutable().getDeclaringClass().getSimpleName()
        + "."
        + parameter.getDeclaringExecutable().getName()
        + "()";
  }

  /**
   * The warehouses of this very context. Keyed by the context's id: a store's lookups fall back to
   * the parent context's store, whose warehouses must outlive this context.
   */
  private static TempWarehouses warehouses(ExtensionContext context) {
    return context
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            context.getUniqueId(),
            id ->
                new TempWarehouses(
                    context.getTestMethod().isPresent()
                        ? "after the test"
                        : "after the test class"),
            TempWarehouses.class);
  }
}
