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

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Checks, once per JVM, that Apache Arrow can use its off-heap memory. On Java 17+ Arrow reflects
 * into {@code java.nio}, which the JVM allows only with {@value #FLAG}; without it the first Arrow
 * read fails deep inside a scan with {@code UnsupportedOperationException: sun.misc.Unsafe or
 * java.nio.DirectByteBuffer.<init>(long, int) not available}. Connecting checks instead, and fails
 * with a message naming the flag.
 */
public final class ArrowMemory {

  /** The JVM option Arrow's memory needs on Java 17+. */
  public static final String FLAG = "--add-opens=java.base/java.nio=ALL-UNNAMED";

  private ArrowMemory() {}

  /**
   * Returns if Arrow's memory is usable in this JVM.
   *
   * @throws IllegalStateException naming {@value #FLAG} if it is not
   */
  public static void checkUsable() {
    Throwable failure = Probe.FAILURE;
    if (failure != null) {
      throw new IllegalStateException(
          "Apache Arrow cannot use direct memory in this JVM ("
              + failure
              + "). Start the JVM with "
              + FLAG
              + ": on the java command line, in JDK_JAVA_OPTIONS, in MAVEN_OPTS for mvn"
              + " exec:java, or in the maven-surefire-plugin <argLine> for tests.",
          failure);
    }
  }

  /** Runs the probe once, when first asked. */
  private static final class Probe {
    static final Throwable FAILURE = probe();

    private static Throwable probe() {
      try (BufferAllocator allocator = new RootAllocator(64);
          ArrowBuf buf = allocator.buffer(8)) {
        buf.setByte(0, 42);
        // What Arrow's vectors do when they read or write through NIO; this is the call that
        // needs java.nio opened.
        if (buf.nioBuffer(0, 8).get(0) != 42) {
          return new IllegalStateException("Arrow's NIO view of a buffer reads other bytes");
        }
        return null;
      } catch (RuntimeException | LinkageError e) {
        return e;
      }
    }
  }
}
