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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsing of the {@code s3.} options: defaults, units, and errors that name the key. */
class S3OptionsTest {

  private static final String SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  private static S3Options parse(String... keyValues) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put(keyValues[i], keyValues[i + 1]);
    }
    return S3Options.parse(m);
  }

  @Test
  void defaultsFitAnS3CompatibleStoreAndAws() {
    S3Options o = parse();
    assertThat(o.endpoint()).isEmpty();
    assertThat(o.region()).isEmpty();
    assertThat(o.hasStaticCredentials()).isFalse();
    assertThat(o.pathStyleAccess()).isFalse();
    assertThat(o.maxConnections()).isEqualTo(64);
    assertThat(o.partSize()).isEqualTo(8L << 20);
    assertThat(o.multipartThreshold()).isEqualTo(o.partSize());
    assertThat(o.maxAttempts()).isEqualTo(5);

    S3Options minio = parse(S3Options.ENDPOINT, "http://127.0.0.1:9000");
    assertThat(minio.endpoint()).contains(URI.create("http://127.0.0.1:9000"));
    assertThat(minio.region()).contains("us-east-1");
    assertThat(parse(S3Options.ENDPOINT, "http://h", S3Options.REGION, "eu-west-1").region())
        .contains("eu-west-1");
  }

  @Test
  void parsesDurationsSizesAndBooleans() {
    S3Options o =
        parse(
            S3Options.CONNECTION_TIMEOUT, "500 ms",
            S3Options.SOCKET_TIMEOUT, "30 s",
            S3Options.CONNECTION_ACQUISITION_TIMEOUT, "1500",
            S3Options.PART_SIZE, "16 mb",
            S3Options.MULTIPART_THRESHOLD, "1GB",
            S3Options.PATH_STYLE_ACCESS, "TRUE",
            S3Options.MAX_CONNECTIONS, "8",
            S3Options.MAX_ATTEMPTS, "1",
            S3Options.UPLOAD_THREADS, "2");
    assertThat(o.connectionTimeout()).isEqualTo(Duration.ofMillis(500));
    assertThat(o.socketTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(o.connectionAcquisitionTimeout()).isEqualTo(Duration.ofMillis(1500));
    assertThat(o.partSize()).isEqualTo(16L << 20);
    assertThat(o.multipartThreshold()).isEqualTo(1L << 30);
    assertThat(o.pathStyleAccess()).isTrue();
    assertThat(o.maxConnections()).isEqualTo(8);
    assertThat(o.maxAttempts()).isEqualTo(1);
    assertThat(o.uploadThreads()).isEqualTo(2);
    assertThat(parse(S3Options.SOCKET_TIMEOUT, "2 min").socketTimeout())
        .isEqualTo(Duration.ofMinutes(2));
    assertThat(parse(S3Options.PART_SIZE, "5242880").partSize()).isEqualTo(5L << 20);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "s3.connection-timeout|30 seconds|positive duration",
        "s3.connection-timeout|1.5 s|positive duration",
        "s3.socket-timeout|-1|positive duration",
        "s3.socket-timeout|0|positive duration",
        "s3.socket-timeout|2 days|positive duration",
        "s3.connection-acquisition-timeout|''|positive duration",
        "s3.multipart.part-size|4 mb|from 5 mb to 1 gb",
        "s3.multipart.part-size|8 xb|from 5 mb to 1 gb",
        "s3.multipart.part-size|8.5 mb|from 5 mb to 1 gb",
        "s3.multipart.threshold|6 gb|to 5 gb",
        "s3.multipart.threshold|0|to 5 gb",
        "s3.max-connections|0|whole number from 1",
        "s3.max-connections|many|whole number from 1",
        "s3.max-attempts|99999999999|whole number from 1",
        "s3.multipart.upload-threads|-2|whole number from 1",
        "s3.path-style-access|yes|not a boolean",
        "s3.region|EU WEST|not a region name",
        "s3.endpoint|ftp://host|not an http:// or https:// URL",
        "s3.endpoint|http://h/x?y=1|must not have a query",
        "s3.endpoint|127.0.0.1:9000|not an http:// or https:// URL",
      })
  void rejectsABadValueNamingTheKey(String key, String value, String expected) {
    assertThatThrownBy(() -> parse(key, value))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("option " + key)
        .hasMessageContaining(expected);
  }

  @Test
  void rejectsAnUnknownS3KeyAndIgnoresOthers() {
    assertThatThrownBy(() -> parse("s3.endpiont", "http://h"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown S3 option 's3.endpiont'")
        .hasMessageContaining(S3Options.ENDPOINT);
    assertThat(parse("file-format.metadata-cache.max-size", "50 mb").endpoint()).isEmpty();
  }

  @Test
  void needsAccessAndSecretKeyTogetherWithoutPrintingThem() {
    assertThatThrownBy(() -> parse(S3Options.ACCESS_KEY, "AKIAEXAMPLE"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "s3.access-key and s3.secret-key must be given together (only s3.access-key is set)");
    assertThatThrownBy(() -> parse(S3Options.SECRET_KEY, SECRET))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("only s3.secret-key is set")
        .message()
        .doesNotContain(SECRET);
    assertThatThrownBy(() -> parse(S3Options.SESSION_TOKEN, SECRET))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("s3.session-token needs s3.access-key and s3.secret-key");
    assertThatThrownBy(() -> parse(S3Options.ACCESS_KEY, "a", S3Options.SECRET_KEY, "  "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("option s3.secret-key is empty");
  }

  @Test
  void neverPrintsSecrets() {
    S3Options o =
        parse(
            S3Options.ENDPOINT,
            "https://minio.example:9000",
            S3Options.ACCESS_KEY,
            "AKIAEXAMPLE",
            S3Options.SECRET_KEY,
            SECRET,
            S3Options.SESSION_TOKEN,
            "token-" + SECRET);
    assertThat(o.hasStaticCredentials()).isTrue();
    assertThat(o.toString())
        .contains("https://minio.example:9000", "us-east-1", "credentials=session")
        .doesNotContain(SECRET)
        .doesNotContain("AKIAEXAMPLE");
    assertThatThrownBy(() -> parse(S3Options.ENDPOINT, "http://user:" + SECRET + "@host:9000"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not hold credentials")
        .message()
        .doesNotContain(SECRET);
  }

  @Test
  void keysAreEveryOptionRead() {
    assertThat(S3Options.keys())
        .contains(
            S3Options.ENDPOINT,
            S3Options.REGION,
            S3Options.ACCESS_KEY,
            S3Options.SECRET_KEY,
            S3Options.SESSION_TOKEN,
            S3Options.PATH_STYLE_ACCESS,
            S3Options.MAX_CONNECTIONS,
            S3Options.CONNECTION_TIMEOUT,
            S3Options.SOCKET_TIMEOUT,
            S3Options.CONNECTION_ACQUISITION_TIMEOUT,
            S3Options.MAX_ATTEMPTS,
            S3Options.PART_SIZE,
            S3Options.MULTIPART_THRESHOLD,
            S3Options.UPLOAD_THREADS)
        .hasSize(14)
        .allMatch(k -> k.startsWith("s3."));
  }

  @Test
  void parsesS3UrisStrictly() {
    S3Location l = S3Location.parse("s3a://bucket/wh/db.db/t/");
    assertThat(l.bucket()).isEqualTo("bucket");
    assertThat(l.key()).isEqualTo("wh/db.db/t");
    assertThat(l.childPrefix()).isEqualTo("wh/db.db/t/");
    assertThat(S3Location.parse("S3://b").key()).isEmpty();
    assertThat(S3Location.parse("s3://b/a b?c#d").key()).isEqualTo("a b?c#d");
    assertThatThrownBy(() -> S3Location.parse("s3:///key"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'s3:///key' names no bucket: expected s3://bucket/key");
    assertThatThrownBy(() -> S3Location.parse("gs://bucket/key"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'gs://bucket/key' is not an S3 URI");
    assertThatThrownBy(() -> S3Location.parse("/local/path"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'/local/path' is not an S3 URI");
    assertThatThrownBy(() -> S3Location.parseObject("s3://bucket/"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'s3://bucket/' names a bucket, not an object");
  }
}
