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

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * HTTP/1.1 message framing for {@link ChaosProxy}: bounded parsing of request and response heads
 * (line length, field count and head size capped), the body framing each head implies (a length,
 * chunked, or until close), and the small streams the proxy relays bodies through. Stateless.
 */
final class HttpFraming {

  static final int MAX_LINE = 16 * 1024;
  static final int MAX_FIELDS = 256;
  static final int MAX_HEAD = 64 * 1024;

  /** Body framing: a length of zero or more is a fixed-length body. */
  static final long CHUNKED = -1;

  static final long UNTIL_CLOSE = -2;

  private HttpFraming() {}

  /** A message head: the bytes as received, and the start line and fields parsed from them. */
  static final class Head {
    final byte[] raw;
    final String startLine;
    final List<String[]> fields;

    Head(byte[] raw, String startLine, List<String[]> fields) {
      this.raw = raw;
      this.startLine = startLine;
      this.fields = fields;
    }

    String first(String name) {
      for (String[] f : fields) {
        if (f[0].equalsIgnoreCase(name)) {
          return f[1];
        }
      }
      return null;
    }

    List<String> all(String name) {
      List<String> values = new ArrayList<>(1);
      for (String[] f : fields) {
        if (f[0].equalsIgnoreCase(name)) {
          values.add(f[1]);
        }
      }
      return values;
    }

    /** The comma-separated tokens of every field with this name, trimmed, in order. */
    List<String> tokens(String name) {
      List<String> tokens = new ArrayList<>(2);
      for (String value : all(name)) {
        for (String t : value.split(",", -1)) {
          String token = trimOws(t);
          if (!token.isEmpty()) {
            tokens.add(token);
          }
        }
      }
      return tokens;
    }

    boolean hasToken(String name, String token) {
      for (String t : tokens(name)) {
        if (t.equalsIgnoreCase(token)) {
          return true;
        }
      }
      return false;
    }

    int status() throws IOException {
      String[] parts = startLine.split(" ", 3);
      if (parts.length < 2 || !parts[0].startsWith("HTTP/") || parts[1].length() != 3) {
        throw new IOException("malformed status line: " + startLine);
      }
      try {
        return Integer.parseInt(parts[1]);
      } catch (NumberFormatException e) {
        throw new IOException("malformed status line: " + startLine, e);
      }
    }

    List<Map.Entry<String, String>> entries() {
      List<Map.Entry<String, String>> entries = new ArrayList<>(fields.size());
      for (String[] f : fields) {
        entries.add(Map.entry(f[0], f[1]));
      }
      return Collections.unmodifiableList(entries);
    }
  }

  /** A head over the limits, or malformed; {@code status} is what to answer a client with. */
  static final class HeadException extends IOException {
    final int status;

    HeadException(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  /**
   * Reads a message head, or returns null when the stream ends before its first byte. Leading empty
   * lines before a request line are skipped (and not forwarded).
   */
  static Head readHead(InputStream in, boolean request) throws IOException {
    ByteArrayOutputStream raw = new ByteArrayOutputStream(1024);
    String startLine;
    int blank = 0;
    do {
      raw.reset();
      startLine = readLine(in, raw, MAX_LINE);
      if (startLine == null) {
        return null;
      }
    } while (request && startLine.isEmpty() && ++blank <= 8);
    if (startLine.isEmpty()) {
      throw new HeadException(400, "empty start line");
    }
    List<String[]> fields = new ArrayList<>();
    while (true) {
      String line = readLine(in, raw, MAX_LINE);
      if (line == null) {
        throw new EOFException("connection closed inside a message head");
      }
      if (line.isEmpty()) {
        return new Head(raw.toByteArray(), startLine, fields);
      }
      if (raw.size() > MAX_HEAD) {
        throw new HeadException(431, "message head over " + MAX_HEAD + " bytes");
      }
      if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
        // obsolete line folding: the value goes on
        if (fields.isEmpty()) {
          throw new HeadException(400, "continuation line before any field");
        }
        String[] last = fields.get(fields.size() - 1);
        last[1] = trimOws(last[1] + " " + trimOws(line));
        continue;
      }
      int colon = line.indexOf(':');
      if (colon <= 0) {
        throw new HeadException(400, "malformed header field: " + abbreviate(line));
      }
      if (fields.size() >= MAX_FIELDS) {
        throw new HeadException(431, "more than " + MAX_FIELDS + " header fields");
      }
      fields.add(new String[] {line.substring(0, colon), trimOws(line.substring(colon + 1))});
    }
  }

  /**
   * Reads a line ending in LF (CRLF or a bare LF), appending its bytes, terminator included, to
   * {@code raw}; returns it without the terminator, or null when the stream ends before its first
   * byte.
   */
  static String readLine(InputStream in, ByteArrayOutputStream raw, int max) throws IOException {
    StringBuilder line = new StringBuilder(64);
    int length = 0;
    while (true) {
      int b = in.read();
      if (b < 0) {
        if (length == 0) {
          return null;
        }
        throw new EOFException("stream ended inside a line");
      }
      raw.write(b);
      if (b == '\n') {
        int end = line.length();
        if (end > 0 && line.charAt(end - 1) == '\r') {
          line.setLength(end - 1);
        }
        return line.toString();
      }
      if (++length > max) {
        throw new HeadException(431, "line over " + max + " bytes");
      }
      line.append((char) b);
    }
  }

  /** The framing of a request body: a length, or {@link #CHUNKED}. */
  static long requestFraming(Head head) throws HeadException {
    List<String> codings = head.tokens("Transfer-Encoding");
    if (!codings.isEmpty()) {
      if (!codings.get(codings.size() - 1).equalsIgnoreCase("chunked")) {
        throw new HeadException(400, "request transfer coding does not end in chunked");
      }
      return CHUNKED;
    }
    long length = contentLength(head);
    if (length == -2) {
      throw new HeadException(400, "bad Content-Length");
    }
    return Math.max(length, 0);
  }

  /** The framing of a response body: a length, {@link #CHUNKED} or {@link #UNTIL_CLOSE}. */
  static long responseFraming(String requestMethod, Head response) throws IOException {
    int status = response.status();
    if (requestMethod.equals("HEAD") || status < 200 || status == 204 || status == 304) {
      return 0;
    }
    List<String> codings = response.tokens("Transfer-Encoding");
    if (!codings.isEmpty()) {
      return codings.get(codings.size() - 1).equalsIgnoreCase("chunked") ? CHUNKED : UNTIL_CLOSE;
    }
    long length = contentLength(response);
    if (length == -2) {
      throw new IOException("server sent a bad Content-Length");
    }
    return length == -1 ? UNTIL_CLOSE : length;
  }

  /** The Content-Length, -1 when absent, -2 when malformed or contradictory. */
  static long contentLength(Head head) {
    long length = -1;
    for (String value : head.tokens("Content-Length")) {
      long v;
      try {
        v = value.length() > 18 ? -1 : Long.parseLong(value);
      } catch (NumberFormatException e) {
        return -2;
      }
      if (v < 0 || (length >= 0 && v != length)) {
        return -2;
      }
      length = v;
    }
    return length;
  }

  static long parseChunkSize(String line) throws IOException {
    int semicolon = line.indexOf(';');
    String hex = trimOws(semicolon < 0 ? line : line.substring(0, semicolon));
    if (hex.isEmpty() || hex.length() > 15) {
      throw new IOException("bad chunk size line: " + abbreviate(line));
    }
    try {
      return Long.parseLong(hex, 16);
    } catch (NumberFormatException e) {
      throw new IOException("bad chunk size line: " + abbreviate(line), e);
    }
  }

  static String trimOws(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && (s.charAt(start) == ' ' || s.charAt(start) == '\t')) {
      start++;
    }
    while (end > start && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
      end--;
    }
    return s.substring(start, end);
  }

  static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 80) + "...";
  }

  static String xml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  static String httpDate() {
    return DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
  }

  static String reason(int status) {
    switch (status) {
      case 200:
        return "OK";
      case 400:
        return "Bad Request";
      case 403:
        return "Forbidden";
      case 404:
        return "Not Found";
      case 409:
        return "Conflict";
      case 412:
        return "Precondition Failed";
      case 429:
        return "Too Many Requests";
      case 431:
        return "Request Header Fields Too Large";
      case 500:
        return "Internal Server Error";
      case 502:
        return "Bad Gateway";
      case 503:
        return "Service Unavailable";
      case 504:
        return "Gateway Timeout";
      case 505:
        return "HTTP Version Not Supported";
      default:
        return status < 500 ? "Client Error" : "Server Error";
    }
  }

  static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // nothing to do
    }
  }

  /** Remembers whether a write to the wrapped (server) stream failed. */
  static final class FailureFlag extends OutputStream {
    private final OutputStream out;
    volatile boolean failed;

    FailureFlag(OutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      try {
        out.write(b);
      } catch (IOException e) {
        failed = true;
        throw e;
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        failed = true;
        throw e;
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        failed = true;
        throw e;
      }
    }
  }

  /** Thrown by {@link LimitedOutputStream} when its limit is reached. */
  static final class LimitReached extends IOException {
    LimitReached() {
      super("truncation limit reached");
    }
  }

  /** Passes on the first {@code limit} bytes written, then throws {@link LimitReached}. */
  static final class LimitedOutputStream extends OutputStream {
    private final OutputStream out;
    private long remaining;

    LimitedOutputStream(OutputStream out, long limit) {
      this.out = out;
      this.remaining = limit;
    }

    @Override
    public void write(int b) throws IOException {
      if (remaining <= 0) {
        throw new LimitReached();
      }
      out.write(b);
      remaining--;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      int n = (int) Math.min(len, remaining);
      out.write(b, off, n);
      remaining -= n;
      if (n < len) {
        throw new LimitReached();
      }
    }
  }
}
