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
package io.paimon.multimodal.internal.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MetadataCacheTest {

  private final AtomicInteger loads = new AtomicInteger();

  private String load(MetadataCache cache, String path, Object variant, long bytes)
      throws IOException {
    return cache.get(
        path,
        variant,
        () -> {
          loads.incrementAndGet();
          return new MetadataCache.Loaded<>(path + "@" + variant, bytes);
        });
  }

  @Test
  void aSecondLookupIsAnsweredFromMemory() throws IOException {
    MetadataCache cache = new MetadataCache(1000);

    assertThat(load(cache, "a", "t", 10)).isEqualTo("a@t");
    assertThat(load(cache, "a", "t", 10)).isEqualTo("a@t");

    assertThat(loads).hasValue(1);
    assertThat(cache.hits()).isEqualTo(1);
    assertThat(cache.misses()).isEqualTo(1);
    assertThat(cache.usedBytes()).isEqualTo(10);
  }

  @Test
  void aValueParsedForAnotherVariantIsReplaced() throws IOException {
    MetadataCache cache = new MetadataCache(1000);
    load(cache, "a", "t1", 10);

    assertThat(load(cache, "a", "t2", 30)).isEqualTo("a@t2");
    assertThat(load(cache, "a", "t2", 30)).isEqualTo("a@t2");

    assertThat(loads).hasValue(2);
    assertThat(cache.usedBytes()).isEqualTo(30);
  }

  @Test
  void theLeastRecentlyUsedFilesGoFirstWhenTheBoundIsPassed() throws IOException {
    MetadataCache cache = new MetadataCache(100);
    load(cache, "a", "t", 40);
    load(cache, "b", "t", 40);
    load(cache, "a", "t", 40); // a is now more recent than b
    load(cache, "c", "t", 40); // 120 > 100: b goes

    assertThat(cache.usedBytes()).isEqualTo(80);
    loads.set(0);
    load(cache, "a", "t", 40);
    load(cache, "c", "t", 40);
    assertThat(loads).hasValue(0);
    load(cache, "b", "t", 40);
    assertThat(loads).hasValue(1);
    assertThat(cache.usedBytes()).isLessThanOrEqualTo(100);
  }

  @Test
  void aFileLargerThanTheWholeCacheIsNotKept() throws IOException {
    MetadataCache cache = new MetadataCache(100);
    load(cache, "small", "t", 50);

    load(cache, "huge", "t", 101);
    load(cache, "huge", "t", 101);

    assertThat(loads).hasValue(3);
    assertThat(cache.usedBytes()).isEqualTo(50);
  }

  @Test
  void aDisabledCacheAlwaysLoads() throws IOException {
    load(MetadataCache.DISABLED, "a", "t", 1);
    load(MetadataCache.DISABLED, "a", "t", 1);

    assertThat(loads).hasValue(2);
    assertThat(MetadataCache.DISABLED.usedBytes()).isZero();
  }

  @Test
  void aFailedLoadCachesNothing() {
    MetadataCache cache = new MetadataCache(100);

    assertThatThrownBy(
            () ->
                cache.get(
                    "a",
                    "t",
                    () -> {
                      throw new IOException("a: truncated");
                    }))
        .isInstanceOf(IOException.class)
        .hasMessage("a: truncated");
    assertThat(cache.usedBytes()).isZero();
  }

  @Test
  void aNegativeBoundIsRejected() {
    assertThatThrownBy(() -> new MetadataCache(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
  }
}
