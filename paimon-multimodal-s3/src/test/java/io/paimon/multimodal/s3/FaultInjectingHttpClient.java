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
package io.paimon.multimodal.s3;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * An {@link SdkHttpClient} that records every request and injects the faults a {@link Rule} picks
 * per request: a reply lost after the store acted on the request, a refused connection, a body cut
 * short (by a reset or a silent end), or a canned error response. Lets tests drive the retry paths
 * of {@link S3FileIO} deterministically, below the SDK (so the SDK's own retries are exercised
 * too). Thread-safe.
 */
final class FaultInjectingHttpClient implements SdkHttpClient {

  /** What to do with one request. */
  sealed interface Fault {}

  /** Forward untouched. */
  record Pass() implements Fault {}

  /** Fail without sending (a refused connection). */
  record Refuse() implements Fault {}

  /** Send, let the store act, then fail as if the connection dropped before the reply. */
  record LoseReply() implements Fault {}

  /** Deliver {@code after} bytes of the body, then a connection reset ({@code reset}) or an end. */
  record CutBody(long after, boolean reset) implements Fault {}

  /** Answer {@code status} with an S3 error document of {@code code}, without sending. */
  record Respond(int status, String code) implements Fault {}

  /** Picks the fault of the {@code n}-th request (from 0) matching nothing in particular. */
  @FunctionalInterface
  interface Rule {
    Fault pick(SdkHttpRequest request, int n);
  }

  static final Fault PASS = new Pass();

  private final SdkHttpClient delegate;
  private final List<SdkHttpRequest> requests = new CopyOnWriteArrayList<>();
  private volatile Rule rule = (r, n) -> PASS;

  FaultInjectingHttpClient(SdkHttpClient delegate) {
    this.delegate = delegate;
  }

  void rule(Rule rule) {
    this.rule = rule;
  }

  void reset() {
    rule = (r, n) -> PASS;
    requests.clear();
  }

  /** Every request so far, in order. */
  List<SdkHttpRequest> requests() {
    return List.copyOf(requests);
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    ExecutableHttpRequest real = delegate.prepareRequest(request);
    return new ExecutableHttpRequest() {
      @Override
      public HttpExecuteResponse call() throws IOException {
        SdkHttpRequest r = request.httpRequest();
        int n;
        synchronized (requests) {
          n = requests.size();
          requests.add(r);
        }
        Fault f = rule.pick(r, n);
        if (f instanceof Refuse) {
          throw new IOException("connection refused (injected)");
        }
        if (f instanceof Respond x) {
          String xml =
              "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>"
                  + x.code()
                  + "</Code><Message>injected</Message><RequestId>injected</RequestId></Error>";
          byte[] body = xml.getBytes(StandardCharsets.UTF_8);
          return HttpExecuteResponse.builder()
              .response(
                  SdkHttpResponse.builder()
                      .statusCode(x.status())
                      .putHeader("Content-Type", "application/xml")
                      .putHeader("Content-Length", Integer.toString(body.length))
                      .build())
              .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
              .build();
        }
        HttpExecuteResponse response = real.call();
        if (f instanceof LoseReply) {
          if (response.responseBody().isPresent()) {
            response.responseBody().get().abort();
          }
          throw new IOException("connection reset (injected): the reply was lost");
        }
        if (f instanceof CutBody c && response.responseBody().isPresent()) {
          AbortableInputStream body = response.responseBody().get();
          return HttpExecuteResponse.builder()
              .response(response.httpResponse())
              .responseBody(AbortableInputStream.create(new Cut(body, c.after(), c.reset()), body))
              .build();
        }
        return response;
      }

      @Override
      public void abort() {
        real.abort();
      }
    };
  }

  @Override
  public String clientName() {
    return "FaultInjecting";
  }

  @Override
  public void close() {
    delegate.close();
  }

  /** A stream ending (or failing) after a number of bytes. */
  private static final class Cut extends FilterInputStream {
    private long left;
    private final boolean reset;

    Cut(InputStream in, long after, boolean reset) {
      super(in);
      this.left = after;
      this.reset = reset;
    }

    private int end() throws IOException {
      if (reset) {
        throw new IOException("connection reset (injected) mid-body");
      }
      return -1;
    }

    @Override
    public int read() throws IOException {
      if (left <= 0) {
        return end();
      }
      int b = super.read();
      if (b >= 0) {
        left--;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (left <= 0) {
        return end();
      }
      int n = super.read(b, off, (int) Math.min(len, left));
      if (n > 0) {
        left -= n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      return 0;
    }
  }
}
