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

import java.net.URI;
import java.nio.file.Path;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;

/**
 * The one class that touches s3proxy, so that {@link S3Warehouse} loads (and says what is missing)
 * when s3proxy is not on the class path: an s3proxy on {@code 127.0.0.1} and an ephemeral port,
 * whose buckets are directories under a directory, checking AWS signatures against one key pair.
 */
final class S3ProxyEndpoint implements AutoCloseable {

  private final BlobStore store;
  private final S3Proxy proxy;
  private final URI endpoint;

  S3ProxyEndpoint(Path dir, String accessKey, String secretKey) throws Exception {
    this.store = new FilesystemNio2BlobStore(dir.toAbsolutePath().toString());
    this.proxy =
        S3Proxy.builder()
            .blobStore(store)
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
            .jettyMaxThreads(128)
            // No graceful drain on stop: it would wait for idle keep-alive connections.
            .stopTimeout(0)
            .build();
    try {
      proxy.start();
      while (!AbstractLifeCycle.STARTED.equals(proxy.getState())) {
        if (AbstractLifeCycle.FAILED.equals(proxy.getState())) {
          throw new IllegalStateException("s3proxy failed to start");
        }
        Thread.sleep(5);
      }
    } catch (Exception e) {
      try {
        close();
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    this.endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
  }

  URI endpoint() {
    return endpoint;
  }

  void createBucket(String name) {
    store.createContainer(name);
  }

  @Override
  public void close() throws Exception {
    try {
      proxy.stop();
    } finally {
      store.close();
    }
  }
}
