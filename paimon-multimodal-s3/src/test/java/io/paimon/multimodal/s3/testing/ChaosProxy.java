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
package io.paimon.multimodal.s3.testing;

import static io.paimon.multimodal.s3.testing.HttpFraming.*;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An in-process HTTP/1.1 reverse proxy on 127.0.0.1 that sits between an HTTP client (the AWS SDK
 * in practice) and a server (s3proxy in practice), for two uses:
 *
 * <ul>
 *   <li><b>Latency injection</b> ({@link #latency}): every request waits that long after its head
 *       arrives and before it is acted on, once per request (not per connection, not per TCP
 *       segment), so a benchmark pays a round trip similar to a real object store's.
 *   <li><b>Fault injection</b> ({@link #rule}): a {@link Rule} decides per request whether it is
 *       forwarded, answered with an error status, or fails in one of the ways a network fails; see
 *       {@link Action}.
 * </ul>
 *
 * <p><b>Transparency.</b> The request line and header block are forwarded byte for byte (the {@code
 * Host} header included, so AWS SigV4 signatures still match), and so are the bodies and the
 * response head: the proxy parses only as much as framing needs ({@code Content-Length}, {@code
 * Transfer-Encoding: chunked} with its chunk lines and trailers copied verbatim, bodiless responses
 * to {@code HEAD} and of status 1xx, 204 and 304, bodies delimited by the close of the connection).
 * {@code Expect: 100-continue} is forwarded and the server's interim response relayed before the
 * body is sent; if the server sends none within a second the body is sent anyway, as curl does.
 * Keep-alive: each client connection is paired with one server connection, reused for as long as
 * both ends keep theirs open (a server connection that closed while idle is replaced before the
 * next request), and {@code Connection: close} from either end closes the pair after the response.
 * Pipelined requests are handled one after the other. Bodies are streamed through a fixed 64 KiB
 * buffer, never held whole, and passed on whenever the sender pauses. Message heads are bounded: 16
 * KiB a line, 256 fields, 64 KiB in all; a request over those limits is answered 431 (400 when
 * malformed) and its connection closed. Not supported: {@code CONNECT}, protocol upgrades (101),
 * HTTP/2, TLS.
 *
 * <p><b>Threads.</b> One thread accepts, and one thread serves each client connection and its
 * paired server connection (half duplex, as HTTP/1.1 without pipelined responses is), all from a
 * cached pool the proxy owns, at most {@value #MAX_CONNECTIONS} connections at once (a connection
 * past that is closed at once). Threads are named {@code chaos-proxy-PORT-N}. {@link #close} closes
 * the listening socket and every connection and waits for the threads to end.
 *
 * <p>Typical use:
 *
 * <pre>{@code
 * try (ChaosProxy proxy = ChaosProxy.start(s3.endpoint()).latency(Duration.ofMillis(20))) {
 *   proxy.rule(ChaosProxy.Rule.firstN(2, r -> r.method().equals("GET"),
 *       ChaosProxy.Action.status(503, "SlowDown")));
 *   S3Client client = ...endpointOverride(proxy.endpoint())...;
 * }
 * }</pre>
 */
public final class ChaosProxy implements AutoCloseable {

  /** The most client connections served at once. */
  public static final int MAX_CONNECTIONS = 1024;

  private static final Logger LOG = LoggerFactory.getLogger(ChaosProxy.class);

  private static final int BUFFER_SIZE = 64 * 1024;
  private static final int CONNECT_TIMEOUT_MS = 10_000;
  private static final int EXPECT_CONTINUE_WAIT_MS = 1_000;
  private static final int LINGER_MS = 2_000;

  /** A server connection idle at least this long is checked for a close before it is reused. */
  private static final long STALE_CHECK_AFTER_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final InetSocketAddress upstream;
  private final ServerSocket listener;
  private final int port;
  private final ThreadPoolExecutor pool;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  private volatile long latencyNanos;
  private volatile Rule rule = Rule.FORWARD_ALL;

  private final AtomicLong sequence = new AtomicLong();
  private final LongAdder forwarded = new LongAdder();
  private final LongAdder faults = new LongAdder();
  private final LongAdder connections = new LongAdder();
  private final Map<String, LongAdder> byMethod = new ConcurrentHashMap<>();

  private ChaosProxy(InetSocketAddress upstream) throws IOException {
    this.upstream = upstream;
    this.listener = new ServerSocket();
    listener.setReuseAddress(true);
    listener.bind(
        new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0), 1024);
    this.port = listener.getLocalPort();
    AtomicInteger threads = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            0,
            MAX_CONNECTIONS + 1,
            30,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> {
              Thread t = new Thread(r, "chaos-proxy-" + port + "-" + threads.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    pool.execute(this::acceptLoop);
  }

  /**
   * Starts a proxy on {@code 127.0.0.1} (an ephemeral port) that forwards to {@code target}, with
   * no latency and every request forwarded.
   *
   * @param target the server, {@code http://host:port} (a path is ignored; HTTPS is not supported)
   */
  public static ChaosProxy start(URI target) throws IOException {
    if (!"http".equalsIgnoreCase(target.getScheme()) || target.getHost() == null) {
      throw new IllegalArgumentException("not an http://host[:port] URI: " + target);
    }
    int port = target.getPort() < 0 ? 80 : target.getPort();
    return new ChaosProxy(new InetSocketAddress(target.getHost(), port));
  }

  /**
   * Sets the delay every request waits after its head has arrived and before it is forwarded (or
   * faulted); zero for none. Takes effect for requests arriving from now on.
   */
  public ChaosProxy latency(Duration perRequest) {
    if (perRequest.isNegative()) {
      throw new IllegalArgumentException("negative latency: " + perRequest);
    }
    latencyNanos = perRequest.toNanos();
    return this;
  }

  /**
   * Replaces the rule that decides what happens to each request; {@link Rule#FORWARD_ALL} resets.
   */
  public ChaosProxy rule(Rule rule) {
    this.rule = Objects.requireNonNull(rule, "rule");
    return this;
  }

  /** The address to point clients at: {@code http://127.0.0.1:PORT}. */
  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + port);
  }

  /** The port the proxy listens on. */
  public int port() {
    return port;
  }

  /** Requests received (each parsed request head, whatever the rule then did with it). */
  public long requests() {
    return sequence.get();
  }

  /** Requests received with this method, as sent (e.g. {@code "GET"}). */
  public long requests(String method) {
    LongAdder n = byMethod.get(method);
    return n == null ? 0 : n.sum();
  }

  /** Requests forwarded to the server: those whose action was not a status or drop-before. */
  public long forwarded() {
    return forwarded.sum();
  }

  /** Requests whose action was anything but {@link Action#forward()}. */
  public long faults() {
    return faults.sum();
  }

  /** Client connections accepted. */
  public long connections() {
    return connections.sum();
  }

  /**
   * Zeroes every counter, {@link Request#sequence()} included. Requests in flight may be counted on
   * either side of the reset.
   */
  public void resetCounters() {
    sequence.set(0);
    forwarded.reset();
    faults.reset();
    connections.reset();
    byMethod.clear();
  }

  /**
   * Stops listening, closes every client and server connection (requests in flight fail) and waits
   * up to ten seconds for the proxy's threads to end. Idempotent.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    closeQuietly(listener);
    for (Socket s : sockets) {
      closeQuietly(s);
    }
    pool.shutdownNow();
    try {
      if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
        LOG.warn("chaos proxy on port {}: threads still running after close", port);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return "ChaosProxy[" + endpoint() + " -> " + upstream + "]";
  }

  // ------------------------------------------------------------------------------------------
  // Rules and actions

  /**
   * Decides what happens to one request. Called on the proxy's connection threads, possibly
   * concurrently, so an implementation with state must be thread-safe (the factories here are). A
   * rule that throws closes the client's connection, as {@link Action#dropBeforeForward()} would,
   * and is logged.
   */
  @FunctionalInterface
  public interface Rule {

    /** Forwards every request. */
    Rule FORWARD_ALL = r -> Action.forward();

    Action decide(Request request);

    /** The first {@code n} requests matching {@code when} get {@code action}; the rest forward. */
    static Rule firstN(int n, Predicate<Request> when, Action action) {
      AtomicInteger matched = new AtomicInteger();
      return r -> when.test(r) && matched.getAndIncrement() < n ? action : Action.forward();
    }

    /**
     * Every {@code n}th request matching {@code when} (the {@code n}th, {@code 2n}th, ...) gets
     * {@code action}; the rest forward.
     */
    static Rule everyNth(int n, Predicate<Request> when, Action action) {
      if (n <= 0) {
        throw new IllegalArgumentException("n must be positive: " + n);
      }
      AtomicLong matched = new AtomicLong();
      return r -> when.test(r) && matched.incrementAndGet() % n == 0 ? action : Action.forward();
    }

    /**
     * The first request matching {@code when} for each distinct {@code key} gets {@code action};
     * later ones with that key forward: e.g. "truncate every ranged GET once" is {@code oncePer(r
     * -> r.target() + " " + r.header("Range"), r -> r.header("Range") != null,
     * Action.truncateBody(100))}, so each retry succeeds.
     */
    static Rule oncePer(Function<Request, ?> key, Predicate<Request> when, Action action) {
      Set<Object> seen = ConcurrentHashMap.newKeySet();
      return r -> when.test(r) && seen.add(key.apply(r)) ? action : Action.forward();
    }
  }

  /** What the proxy does with a request; made by the static factories. */
  public static final class Action {

    /** The kinds of action. */
    public enum Kind {
      FORWARD,
      STATUS,
      DROP_BEFORE_FORWARD,
      TRUNCATE_BODY,
      DROP_AFTER_FORWARD
    }

    private static final Action FORWARD = new Action(Kind.FORWARD, 0, null, 0);
    private static final Action DROP_BEFORE = new Action(Kind.DROP_BEFORE_FORWARD, 0, null, 0);
    private static final Action DROP_AFTER = new Action(Kind.DROP_AFTER_FORWARD, 0, null, 0);

    private final Kind kind;
    private final int status;
    private final String errorCode;
    private final long bytes;

    private Action(Kind kind, int status, String errorCode, long bytes) {
      this.kind = kind;
      this.status = status;
      this.errorCode = errorCode;
      this.bytes = bytes;
    }

    /** Forward the request and relay the response. */
    public static Action forward() {
      return FORWARD;
    }

    /**
     * Answer with this status without forwarding. With an {@code s3ErrorCode} (e.g. {@code
     * "SlowDown"}, {@code "InternalError"}) the body is an S3 {@code <Error>} document ({@code
     * application/xml}); with {@code null} the body is empty. Any request body is read and
     * discarded and the connection kept alive, except for a request that sent {@code Expect:
     * 100-continue} (its body was not sent): that response says {@code Connection: close} and the
     * connection is closed after it.
     */
    public static Action status(int code, String s3ErrorCode) {
      if (code < 200 || code > 599) {
        throw new IllegalArgumentException("not a final status code: " + code);
      }
      return new Action(Kind.STATUS, code, s3ErrorCode, 0);
    }

    /** Close the client's connection without forwarding: the client sees a dropped connection. */
    public static Action dropBeforeForward() {
      return DROP_BEFORE;
    }

    /**
     * Forward, relay the response head (with its original {@code Content-Length} or chunked
     * framing) and only the first {@code bytesToSend} bytes of the body as sent on the wire (chunk
     * lines included, for a chunked body), then close the connection: the client sees a short read.
     * A body no longer than that is relayed whole before the close.
     */
    public static Action truncateBody(long bytesToSend) {
      if (bytesToSend < 0) {
        throw new IllegalArgumentException("negative byte count: " + bytesToSend);
      }
      return new Action(Kind.TRUNCATE_BODY, 0, null, bytesToSend);
    }

    /**
     * Forward the request (the server applies it), read the whole response and discard it, then
     * close the client's connection without a byte of response: the ambiguous failure, e.g. for a
     * conditional PUT that did succeed.
     */
    public static Action dropAfterForward() {
      return DROP_AFTER;
    }

    public Kind kind() {
      return kind;
    }

    /** The status code of a {@link Kind#STATUS} action, else 0. */
    public int statusCode() {
      return status;
    }

    /** The S3 error code of a {@link Kind#STATUS} action, or null. */
    public String errorCode() {
      return errorCode;
    }

    /** The body bytes a {@link Kind#TRUNCATE_BODY} action lets through, else 0. */
    public long bytes() {
      return bytes;
    }

    @Override
    public String toString() {
      switch (kind) {
        case STATUS:
          return "status(" + status + ", " + errorCode + ")";
        case TRUNCATE_BODY:
          return "truncateBody(" + bytes + ")";
        default:
          return kind.toString();
      }
    }
  }

  /** A request as a {@link Rule} sees it: its head only (the body has not been read yet). */
  public static final class Request {
    private final long sequence;
    private final String method;
    private final String target;
    private final String version;
    private final List<Map.Entry<String, String>> headers;

    private Request(
        long sequence,
        String method,
        String target,
        String version,
        List<Map.Entry<String, String>> headers) {
      this.sequence = sequence;
      this.method = method;
      this.target = target;
      this.version = version;
      this.headers = headers;
    }

    /** 0 for the first request this proxy received (since start or {@link #resetCounters}). */
    public long sequence() {
      return sequence;
    }

    /** The method as sent, e.g. {@code GET}. */
    public String method() {
      return method;
    }

    /** The request target as sent: path and query, e.g. {@code /bucket/key?partNumber=1}. */
    public String target() {
      return target;
    }

    /** The target's path: up to the first {@code ?}. */
    public String path() {
      int q = target.indexOf('?');
      return q < 0 ? target : target.substring(0, q);
    }

    /** The target's query, after the first {@code ?}, or null when there is none. */
    public String query() {
      int q = target.indexOf('?');
      return q < 0 ? null : target.substring(q + 1);
    }

    /** The protocol version, e.g. {@code HTTP/1.1}. */
    public String version() {
      return version;
    }

    /**
     * The value of the first header field with this name (case-insensitive), without surrounding
     * whitespace, or null.
     */
    public String header(String name) {
      for (Map.Entry<String, String> h : headers) {
        if (h.getKey().equalsIgnoreCase(name)) {
          return h.getValue();
        }
      }
      return null;
    }

    /** Every header field in order, names as sent. */
    public List<Map.Entry<String, String>> headers() {
      return headers;
    }

    @Override
    public String toString() {
      return "#" + sequence + " " + method + " " + target;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Connection handling

  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        if (!closed) {
          LOG.warn("chaos proxy on port {}: accept failed", port, e);
        }
        return;
      }
      connections.increment();
      if (!register(client)) {
        return;
      }
      try {
        pool.execute(() -> new Pair(client).run());
      } catch (RejectedExecutionException e) {
        if (!closed) {
          LOG.warn(
              "chaos proxy on port {}: over {} connections, one closed", port, MAX_CONNECTIONS);
        }
        release(client);
      }
    }
  }

  /** Tracks a socket for {@link #close}; false (and the socket closed) when already closed. */
  private boolean register(Socket s) {
    sockets.add(s);
    if (closed) {
      release(s);
      return false;
    }
    return true;
  }

  private void release(Socket s) {
    if (s != null) {
      closeQuietly(s);
      sockets.remove(s);
    }
  }

  /** One client connection and the server connection paired with it. */
  private final class Pair {
    private final Socket client;
    private final byte[] buffer = new byte[BUFFER_SIZE];
    private InputStream clientIn;
    private OutputStream clientOut;

    private Socket server;
    private InputStream serverIn;
    private OutputStream serverOut;
    private FailureFlag serverWrite;
    private long serverIdleSince;

    Pair(Socket client) {
      this.client = client;
    }

    void run() {
      boolean linger = false;
      try {
        client.setTcpNoDelay(true);
        clientIn = new BufferedInputStream(client.getInputStream(), BUFFER_SIZE);
        clientOut = new BufferedOutputStream(client.getOutputStream(), BUFFER_SIZE);
        Outcome outcome;
        do {
          outcome = exchange();
        } while (outcome == Outcome.KEEP_ALIVE && !closed);
        linger = outcome == Outcome.CLOSE_GRACEFULLY;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (IOException | RuntimeException e) {
        if (!closed) {
          LOG.debug("chaos proxy on port {}: connection ended: {}", port, e.toString());
        }
      } finally {
        releaseServer();
        if (linger && !closed) {
          lingeringClose();
        }
        release(client);
      }
    }

    /** Serves one request; says whether and how the client connection goes on. */
    private Outcome exchange() throws IOException, InterruptedException {
      Head head;
      try {
        head = readHead(clientIn, true);
      } catch (HeadException e) {
        sendError(e.status, "client sent a bad request head: " + e.getMessage());
        return Outcome.CLOSE_GRACEFULLY;
      }
      if (head == null) {
        return Outcome.CLOSE;
      }
      String[] line = head.startLine.split(" ", -1);
      if (line.length != 3 || line[0].isEmpty() || line[1].isEmpty()) {
        sendError(400, "malformed request line");
        return Outcome.CLOSE_GRACEFULLY;
      }
      String method = line[0];
      String version = line[2];
      boolean http11 = version.equals("HTTP/1.1");
      if (!http11 && !version.equals("HTTP/1.0")) {
        sendError(505, "unsupported version " + version);
        return Outcome.CLOSE_GRACEFULLY;
      }
      long framing;
      try {
        framing = requestFraming(head);
      } catch (HeadException e) {
        sendError(e.status, e.getMessage());
        return Outcome.CLOSE_GRACEFULLY;
      }
      boolean clientKeepAlive =
          http11
              ? !head.hasToken("Connection", "close")
              : head.hasToken("Connection", "keep-alive");
      boolean expectContinue =
          http11 && framing != 0 && "100-continue".equalsIgnoreCase(head.first("Expect"));

      Request request =
          new Request(sequence.getAndIncrement(), method, line[1], version, head.entries());
      byMethod.computeIfAbsent(method, m -> new LongAdder()).increment();
      Action action;
      try {
        action = Objects.requireNonNull(rule.decide(request), "rule returned null");
      } catch (RuntimeException e) {
        LOG.warn("chaos proxy on port {}: rule failed on {}", port, request, e);
        return Outcome.CLOSE;
      }
      if (action.kind != Action.Kind.FORWARD) {
        faults.increment();
        LOG.debug("chaos proxy on port {}: {} -> {}", port, request, action);
      }
      long latency = latencyNanos;
      if (latency > 0) {
        TimeUnit.NANOSECONDS.sleep(latency);
      }

      switch (action.kind) {
        case DROP_BEFORE_FORWARD:
          return Outcome.CLOSE;
        case STATUS:
          if (expectContinue) {
            sendStatus(request, action, false);
            return Outcome.CLOSE_GRACEFULLY;
          }
          copyBody(clientIn, OutputStream.nullOutputStream(), framing);
          sendStatus(request, action, clientKeepAlive);
          return clientKeepAlive ? Outcome.KEEP_ALIVE : Outcome.CLOSE_GRACEFULLY;
        default:
          return forward(head, request, framing, expectContinue, clientKeepAlive, action);
      }
    }

    private Outcome forward(
        Head head,
        Request request,
        long framing,
        boolean expectContinue,
        boolean clientKeepAlive,
        Action action)
        throws IOException {
      try {
        connectServer();
      } catch (IOException e) {
        LOG.warn("chaos proxy on port {}: cannot reach {}: {}", port, upstream, e.toString());
        sendError(502, "cannot reach " + upstream + ": " + e);
        return Outcome.CLOSE_GRACEFULLY;
      }
      forwarded.increment();
      serverOut.write(head.raw);

      Head response = null;
      boolean bodySent = framing == 0;
      if (expectContinue) {
        serverOut.flush();
        if (awaitServerReadable(EXPECT_CONTINUE_WAIT_MS)) {
          response = readInterimResponses(request, true);
        } else {
          LOG.debug("chaos proxy on port {}: no 100 Continue for {}; body sent", port, request);
        }
      }
      if (response == null) {
        try {
          copyBody(clientIn, serverOut, framing);
          serverOut.flush();
        } catch (IOException e) {
          if (!serverWrite.failed) {
            throw e;
          }
          // The server stopped reading the body: perhaps it answered early. Relay that answer.
          LOG.debug("chaos proxy on port {}: server stopped reading {}", port, request);
          server.setSoTimeout(LINGER_MS);
          response = readInterimResponses(request, false);
          relayResponse(request, response, action);
          return Outcome.CLOSE_GRACEFULLY;
        }
        bodySent = true;
        response = readInterimResponses(request, false);
      }

      long responseFraming = responseFraming(request.method(), response);
      int status = response.status();
      boolean serverKeepAlive =
          bodySent
              && responseFraming != UNTIL_CLOSE
              && (response.startLine.startsWith("HTTP/1.1")
                  ? !response.hasToken("Connection", "close")
                  : response.hasToken("Connection", "keep-alive"));
      LOG.trace("chaos proxy on port {}: {} -> {}", port, request, status);
      if (!relayResponse(request, response, action)) {
        return Outcome.CLOSE;
      }
      if (!serverKeepAlive) {
        releaseServer();
      } else {
        serverIdleSince = System.nanoTime();
      }
      if (!bodySent) {
        // A final answer to Expect: 100-continue: the client may or may not send the body now.
        return Outcome.CLOSE_GRACEFULLY;
      }
      return serverKeepAlive && clientKeepAlive ? Outcome.KEEP_ALIVE : Outcome.CLOSE_GRACEFULLY;
    }

    /**
     * Reads response heads, relaying 1xx ones to the client (whatever the action: a client waiting
     * for 100 Continue must get it to send the body), until a final one, or a 100 Continue when
     * {@code stopAtContinue}. Returns the final head, or null after a 100.
     */
    private Head readInterimResponses(Request request, boolean stopAtContinue) throws IOException {
      while (true) {
        Head response = readResponseHead();
        int status = response.status();
        if (status >= 200) {
          return response;
        }
        if (status == 101) {
          throw new IOException("protocol upgrades are not supported: " + request);
        }
        clientOut.write(response.raw);
        clientOut.flush();
        if (status == 100 && stopAtContinue) {
          return null;
        }
      }
    }

    /**
     * Relays a final response (head and body) as the action says; false when the client's
     * connection must now be closed abruptly.
     */
    private boolean relayResponse(Request request, Head response, Action action)
        throws IOException {
      long responseFraming = responseFraming(request.method(), response);
      switch (action.kind) {
        case DROP_AFTER_FORWARD:
          copyBody(serverIn, OutputStream.nullOutputStream(), responseFraming);
          return false;
        case TRUNCATE_BODY:
          clientOut.write(response.raw);
          LimitedOutputStream limited = new LimitedOutputStream(clientOut, action.bytes);
          try {
            copyBody(serverIn, limited, responseFraming);
          } catch (LimitReached e) {
            // expected: the rest of the body is not sent
          }
          clientOut.flush();
          return false;
        default:
          clientOut.write(response.raw);
          copyBody(serverIn, clientOut, responseFraming);
          clientOut.flush();
          return true;
      }
    }

    private Head readResponseHead() throws IOException {
      Head response;
      try {
        response = readHead(serverIn, false);
      } catch (HeadException e) {
        throw new IOException("server sent a bad response head: " + e.getMessage(), e);
      }
      if (response == null) {
        throw new EOFException("server closed the connection before responding");
      }
      return response;
    }

    /** Opens the server connection, or replaces one the server closed while it was idle. */
    private void connectServer() throws IOException {
      if (server != null
          && System.nanoTime() - serverIdleSince >= STALE_CHECK_AFTER_NANOS
          && isStale()) {
        releaseServer();
      }
      if (server != null) {
        return;
      }
      Socket s = new Socket();
      if (!register(s)) {
        throw new IOException("proxy closed");
      }
      try {
        s.setTcpNoDelay(true);
        s.connect(upstream, CONNECT_TIMEOUT_MS);
        server = s;
        serverIn = new BufferedInputStream(s.getInputStream(), BUFFER_SIZE);
        serverWrite = new FailureFlag(s.getOutputStream());
        serverOut = new BufferedOutputStream(serverWrite, BUFFER_SIZE);
      } catch (IOException e) {
        release(s);
        throw e;
      }
    }

    /** Waits up to {@code millis} for the server to send something, without consuming it. */
    private boolean awaitServerReadable(int millis) throws IOException {
      if (serverIn.available() > 0) {
        return true;
      }
      server.setSoTimeout(millis);
      try {
        serverIn.mark(1);
        serverIn.read();
        serverIn.reset();
        return true;
      } catch (SocketTimeoutException e) {
        return false;
      } finally {
        server.setSoTimeout(0);
      }
    }

    /** True when the idle server connection has been closed (or has sent something unasked). */
    private boolean isStale() {
      try {
        if (serverIn.available() > 0) {
          return true;
        }
        server.setSoTimeout(1);
        try {
          serverIn.read(); // any byte, or the end
          return true;
        } catch (SocketTimeoutException e) {
          return false;
        } finally {
          server.setSoTimeout(0);
        }
      } catch (IOException e) {
        return true;
      }
    }

    private void releaseServer() {
      if (server != null) {
        release(server);
        server = null;
        serverIn = null;
        serverOut = null;
        serverWrite = null;
      }
    }

    /** Sends a status action's response. */
    private void sendStatus(Request request, Action action, boolean keepAlive) throws IOException {
      byte[] body = new byte[0];
      String requestId = "CHAOS" + request.sequence();
      if (action.errorCode != null) {
        body =
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>"
                    + xml(action.errorCode)
                    + "</Code><Message>Injected by ChaosProxy</Message><Resource>"
                    + xml(request.path())
                    + "</Resource><RequestId>"
                    + requestId
                    + "</RequestId></Error>")
                .getBytes(StandardCharsets.UTF_8);
      }
      StringBuilder h = new StringBuilder();
      h.append("HTTP/1.1 ")
          .append(action.status)
          .append(' ')
          .append(reason(action.status))
          .append("\r\n");
      h.append("Date: ").append(httpDate()).append("\r\n");
      h.append("x-amz-request-id: ").append(requestId).append("\r\n");
      if (body.length > 0) {
        h.append("Content-Type: application/xml\r\n");
      }
      h.append("Content-Length: ").append(body.length).append("\r\n");
      if (!keepAlive) {
        h.append("Connection: close\r\n");
      }
      h.append("\r\n");
      clientOut.write(h.toString().getBytes(StandardCharsets.ISO_8859_1));
      if (!request.method().equals("HEAD")) {
        clientOut.write(body);
      }
      clientOut.flush();
    }

    /** The proxy's own error response (plain text, connection closed after it). */
    private void sendError(int status, String message) throws IOException {
      byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
      String head =
          "HTTP/1.1 "
              + status
              + " "
              + reason(status)
              + "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
              + body.length
              + "\r\nConnection: close\r\n\r\n";
      clientOut.write(head.getBytes(StandardCharsets.ISO_8859_1));
      clientOut.write(body);
      clientOut.flush();
    }

    /**
     * Half-closes the client connection and reads (and drops) what the client still sends for a
     * while, so that closing with unread data does not reset the connection before the client has
     * read the response.
     */
    private void lingeringClose() {
      try {
        client.shutdownOutput();
        client.setSoTimeout(LINGER_MS);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LINGER_MS);
        while (System.nanoTime() < deadline && clientIn.read(buffer) >= 0) {
          // drain
        }
      } catch (IOException e) {
        // the client has gone: fine
      }
    }

    /** Copies a body framed as {@code framing} says, through the fixed buffer. */
    private void copyBody(InputStream in, OutputStream out, long framing) throws IOException {
      if (framing == CHUNKED) {
        copyChunked(in, out);
      } else if (framing == UNTIL_CLOSE) {
        int n;
        while ((n = in.read(buffer)) >= 0) {
          out.write(buffer, 0, n);
          flushIfIdle(in, out);
        }
      } else {
        copyFixed(in, out, framing);
      }
    }

    private void copyFixed(InputStream in, OutputStream out, long length) throws IOException {
      long remaining = length;
      while (remaining > 0) {
        int n = in.read(buffer, 0, (int) Math.min(buffer.length, remaining));
        if (n < 0) {
          throw new EOFException("body ended " + remaining + " bytes short of " + length);
        }
        out.write(buffer, 0, n);
        remaining -= n;
        if (remaining > 0) {
          flushIfIdle(in, out);
        }
      }
    }

    /** Passes on what has been copied when nothing more is ready: a slow sender is not held up. */
    private void flushIfIdle(InputStream in, OutputStream out) throws IOException {
      if (in.available() == 0) {
        out.flush();
      }
    }

    /** Copies a chunked body verbatim: chunk lines (extensions too), data and trailer fields. */
    private void copyChunked(InputStream in, OutputStream out) throws IOException {
      ByteArrayOutputStream raw = new ByteArrayOutputStream(64);
      while (true) {
        raw.reset();
        String sizeLine = readLine(in, raw, MAX_LINE);
        if (sizeLine == null) {
          throw new EOFException("chunked body ended before its last chunk");
        }
        raw.writeTo(out);
        long size = parseChunkSize(sizeLine);
        if (size == 0) {
          for (int fields = 0; ; fields++) {
            raw.reset();
            String trailer = readLine(in, raw, MAX_LINE);
            if (trailer == null) {
              throw new EOFException("chunked body ended inside its trailer");
            }
            if (fields > MAX_FIELDS) {
              throw new IOException("too many trailer fields");
            }
            raw.writeTo(out);
            if (trailer.isEmpty()) {
              return;
            }
          }
        }
        copyFixed(in, out, size);
        raw.reset();
        String end = readLine(in, raw, 2);
        if (end == null || !end.isEmpty()) {
          throw new IOException("chunk data not followed by CRLF");
        }
        raw.writeTo(out);
      }
    }
  }

  private enum Outcome {
    /** Serve the next request on this connection. */
    KEEP_ALIVE,
    /** Close the connection at once (a fault, or the client went away). */
    CLOSE,
    /** A response was sent that ends the connection: half-close and drain before closing. */
    CLOSE_GRACEFULLY
  }
}
