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
package io.paimon.multimodal.fs;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.OptionalLong;

/**
 * Read-only storage over HTTP(S), for BLOB payloads addressed by URL: positional reads are ranged
 * {@code GET}s ({@code Range: bytes=a-b}, a {@code 206} expected; a server that ignores the range
 * and answers {@code 200} is read past the start), lengths come from {@code HEAD}, redirects are
 * followed, and a response shorter than the range asked for is an {@link EOFException} naming the
 * URL and the range, never a silently short payload. Writes are refused. One JDK {@link HttpClient}
 * serves every request; thread-safe.
 */
final class HttpFileIO implements FileIO {

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);

  private final HttpClient client =
      HttpClient.newBuilder()
          .followRedirects(HttpClient.Redirect.NORMAL)
          .connectTimeout(CONNECT_TIMEOUT)
          .build();

  @Override
  public InputFile newInputFile(String path) throws IOException {
    URI uri = uri(path);
    return new InputFile() {
      private volatile long length = -1;

      @Override
      public String name() {
        return path;
      }

      @Override
      public long length() throws IOException {
        if (length < 0) {
          length = contentLength(uri, path);
        }
        return length;
      }

      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        read(uri, path, position, buf, off, len);
      }

      @Override
      public void close() {}
    };
  }

  private static URI uri(String path) throws IOException {
    try {
      return URI.create(path);
    } catch (IllegalArgumentException e) {
      throw new IOException("'" + path + "' is not a valid URL: " + e.getMessage(), e);
    }
  }

  private <T> HttpResponse<T> send(
      HttpRequest request, HttpResponse.BodyHandler<T> body, String path) throws IOException {
    try {
      return client.send(request, body);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while reading " + path);
    } catch (IllegalArgumentException e) {
      throw new IOException(path + ": " + e.getMessage(), e);
    }
  }

  private HttpResponse<Void> head(URI uri, String path) throws IOException {
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .method("HEAD", HttpRequest.BodyPublishers.noBody())
            .timeout(REQUEST_TIMEOUT)
            .build();
    return send(request, HttpResponse.BodyHandlers.discarding(), path);
  }

  private long contentLength(URI uri, String path) throws IOException {
    HttpResponse<Void> r = head(uri, path);
    if (r.statusCode() == 404) {
      throw new java.nio.file.NoSuchFileException(path);
    }
    if (r.statusCode() / 100 != 2) {
      throw new IOException(path + ": HEAD answered HTTP " + r.statusCode());
    }
    OptionalLong length = r.headers().firstValueAsLong("Content-Length");
    if (length.isEmpty() || length.getAsLong() < 0) {
      throw new IOException(path + ": HEAD gave no Content-Length");
    }
    return length.getAsLong();
  }

  private void read(URI uri, String path, long position, byte[] buf, int off, int len)
      throws IOException {
    if (len == 0) {
      return;
    }
    String range = "bytes=" + position + "-" + (position + len - 1);
    HttpRequest request =
        HttpRequest.newBuilder(uri).header("Range", range).timeout(REQUEST_TIMEOUT).GET().build();
    HttpResponse<InputStream> r = send(request, HttpResponse.BodyHandlers.ofInputStream(), path);
    try (InputStream body = r.body()) {
      int status = r.statusCode();
      if (status == 416) {
        throw new EOFException(path + ": range " + range + " lies past the end (HTTP 416)");
      }
      if (status == 404) {
        throw new java.nio.file.NoSuchFileException(path);
      }
      if (status == 200) {
        // The server ignored the range: skip to it.
        long skipped = body.skip(position);
        while (skipped < position) {
          if (body.read() < 0) {
            throw new EOFException(path + ": ends before " + range + " (HTTP 200, no range)");
          }
          skipped++;
          skipped += body.skip(position - skipped);
        }
      } else if (status != 206) {
        throw new IOException(path + ": GET " + range + " answered HTTP " + status);
      }
      int read = 0;
      try {
        while (read < len) {
          int n = body.read(buf, off + read, len - read);
          if (n < 0) {
            break;
          }
          read += n;
        }
      } catch (InterruptedIOException e) {
        throw e;
      } catch (IOException e) {
        // A connection cut mid-body: the same short read as a body that ends early.
        EOFException eof =
            new EOFException(
                path
                    + ": GET "
                    + range
                    + " broke off after "
                    + read
                    + " of "
                    + len
                    + " bytes ("
                    + e.getMessage()
                    + ")");
        eof.initCause(e);
        throw eof;
      }
      if (read < len) {
        throw new EOFException(
            path + ": GET " + range + " returned " + read + " of " + len + " bytes");
      }
    }
  }

  @Override
  public byte[] readAllBytes(String path) throws IOException {
    URI uri = uri(path);
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT).GET().build();
    HttpResponse<byte[]> r = send(request, HttpResponse.BodyHandlers.ofByteArray(), path);
    if (r.statusCode() == 404) {
      throw new java.nio.file.NoSuchFileException(path);
    }
    if (r.statusCode() / 100 != 2) {
      throw new IOException(path + ": GET answered HTTP " + r.statusCode());
    }
    return r.body();
  }

  @Override
  public boolean exists(String path) throws IOException {
    int status = head(uri(path), path).statusCode();
    if (status == 404 || status == 410) {
      return false;
    }
    if (status / 100 != 2) {
      throw new IOException(path + ": HEAD answered HTTP " + status);
    }
    return true;
  }

  @Override
  public long lastModifiedMillis(String path) throws IOException {
    HttpResponse<Void> r = head(uri(path), path);
    String value = r.headers().firstValue("Last-Modified").orElse(null);
    if (r.statusCode() / 100 != 2 || value == null) {
      throw new IOException(path + ": no Last-Modified (HTTP " + r.statusCode() + ")");
    }
    try {
      return ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
          .toInstant()
          .toEpochMilli();
    } catch (java.time.format.DateTimeParseException e) {
      throw new IOException(path + ": Last-Modified '" + value + "' does not parse", e);
    }
  }

  private static IOException readOnly(String path) {
    return new IOException(path + ": HTTP storage is read-only");
  }

  @Override
  public ReadHints readHints() {
    return ReadHints.OBJECT_STORE;
  }

  @Override
  public OutputStream newOutputStream(String path) throws IOException {
    throw readOnly(path);
  }

  @Override
  public boolean createIfAbsent(String path, byte[] content) throws IOException {
    throw readOnly(path);
  }

  @Override
  public void overwrite(String path, byte[] content) throws IOException {
    throw readOnly(path);
  }

  @Override
  public void delete(String path) throws IOException {
    throw readOnly(path);
  }

  @Override
  public void mkdirs(String path) throws IOException {
    throw readOnly(path);
  }

  @Override
  public List<String> list(String directory) throws IOException {
    throw new IOException(directory + ": HTTP storage cannot list directories");
  }
}
