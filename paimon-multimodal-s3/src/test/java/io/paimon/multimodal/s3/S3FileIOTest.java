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

import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.fs.ReadHints;
import java.io.EOFException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

/** {@link S3FileIO} against s3proxy: reads, writes, listing, deletes, existence and errors. */
class S3FileIOTest {

  private static final long SEED = 20260826L;
  private static final int LIST_PAGE = 100;

  private static S3TestServer server;
  private static S3TestServer.Storage storage;
  private static S3FileIO io;

  private String root;

  @BeforeAll
  static void start() throws Exception {
    server = S3TestServer.start();
    storage = server.storage(Map.of(), LIST_PAGE);
    io = storage.io();
  }

  @AfterAll
  static void stop() throws Exception {
    storage.close();
    server.close();
  }

  @BeforeEach
  void bucket() {
    root = "s3://" + server.newBucket();
  }

  @AfterEach
  void reset() {
    storage.http().reset();
  }

  private static byte[] random(long seed, int n) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private static long count(SdkHttpMethod method) {
    return storage.http().requests().stream().filter(r -> r.method() == method).count();
  }

  private static List<SdkHttpRequest> requests(SdkHttpMethod method) {
    return storage.http().requests().stream().filter(r -> r.method() == method).toList();
  }

  @Test
  void writesAndReadsBackAnObject() throws Exception {
    byte[] data = random(SEED, 100_000);
    String path = root + "/dir/file.bin";
    try (OutputStream out = io.newOutputStream(path)) {
      out.write(data[0]);
      out.write(data, 1, 50_000);
      out.write(Arrays.copyOfRange(data, 50_001, data.length));
    }
    assertThat(io.readAllBytes(path)).isEqualTo(data);
    try (InputFile in = io.newInputFile(path)) {
      assertThat(in.name()).isEqualTo(path);
      assertThat(in.length()).isEqualTo(data.length);
    }
    assertThat(io.exists(path)).isTrue();
    assertThat(io.lastModifiedMillis(path))
        .isBetween(System.currentTimeMillis() - 60_000, System.currentTimeMillis() + 60_000);

    String empty = root + "/empty";
    io.newOutputStream(empty).close();
    assertThat(io.readAllBytes(empty)).isEmpty();
    assertThat(io.newInputFile(empty).length()).isZero();
  }

  @Test
  void aNewStreamOverAnExistingObjectFailsAtCloseAndKeepsTheObject() throws Exception {
    String path = root + "/taken";
    io.overwrite(path, new byte[] {1, 2, 3});
    OutputStream out = io.newOutputStream(path);
    out.write(new byte[] {9, 9});
    assertThatThrownBy(out::close)
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessageContaining(path)
        .hasMessageContaining("an object of that name exists");
    assertThat(io.readAllBytes(path)).containsExactly(1, 2, 3);
  }

  @Test
  void overwriteReplacesTheWholeObject() throws Exception {
    String path = root + "/hint";
    io.overwrite(path, "12".getBytes());
    io.overwrite(path, "3".getBytes());
    assertThat(io.readAllBytes(path)).isEqualTo("3".getBytes());
    assertThat(io.createIfAbsent(path, "4".getBytes())).isFalse();
  }

  @Test
  void rangedReadsMatchABruteForceReferenceWithOneGetEach() throws Exception {
    byte[] data = random(SEED + 1, 300_000);
    String path = root + "/ranged";
    io.overwrite(path, data);
    Random rnd = new Random(SEED + 2);
    storage.http().reset();
    try (InputFile in = io.newInputFile(path)) {
      for (int i = 0; i < 200; i++) {
        int pos = rnd.nextInt(data.length);
        int len = 1 + rnd.nextInt(data.length - pos);
        int off = rnd.nextInt(16);
        byte[] buf = new byte[off + len + rnd.nextInt(16)];
        in.readFully(pos, buf, off, len);
        assertThat(Arrays.copyOfRange(buf, off, off + len))
            .as("seed %d, read %d at %d of %d bytes", SEED + 2, i, pos, len)
            .isEqualTo(Arrays.copyOfRange(data, pos, pos + len));
      }
    }
    List<SdkHttpRequest> gets = requests(SdkHttpMethod.GET);
    assertThat(gets).hasSize(200).allMatch(r -> r.firstMatchingHeader("Range").isPresent());
    assertThat(count(SdkHttpMethod.HEAD)).isZero();
  }

  @Test
  void scatteredReadsDeliverEachPieceWithOneGet() throws Exception {
    byte[] data = random(SEED + 3, 200_000);
    String path = root + "/scattered";
    io.overwrite(path, data);
    Random rnd = new Random(SEED + 4);
    InputFile in = io.newInputFile(path, data.length);
    for (int round = 0; round < 50; round++) {
      int pieces = 1 + rnd.nextInt(8);
      byte[][] buffers = new byte[pieces][];
      int[] offsets = new int[pieces];
      int[] lengths = new int[pieces];
      byte[] shared = new byte[64];
      int total = 0;
      for (int i = 0; i < pieces; i++) {
        lengths[i] = rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(3000);
        if (lengths[i] <= 64 && rnd.nextBoolean()) {
          buffers[i] = shared;
          offsets[i] = 0;
        } else {
          offsets[i] = rnd.nextInt(10);
          buffers[i] = new byte[offsets[i] + lengths[i]];
        }
        total += lengths[i];
      }
      int pos = rnd.nextInt(data.length - total);
      storage.http().reset();
      in.readScattered(pos, buffers, offsets, lengths);
      assertThat(count(SdkHttpMethod.GET)).isEqualTo(total == 0 ? 0 : 1);
      int at = pos;
      for (int i = 0; i < pieces; i++) {
        if (buffers[i] != shared) {
          assertThat(Arrays.copyOfRange(buffers[i], offsets[i], offsets[i] + lengths[i]))
              .as("seed %d, round %d, piece %d", SEED + 4, round, i)
              .isEqualTo(Arrays.copyOfRange(data, at, at + lengths[i]));
        }
        at += lengths[i];
      }
    }
  }

  @Test
  void readsPastTheEndAreEofExceptionsNamingTheUriAndRange() throws Exception {
    byte[] data = random(SEED + 5, 1000);
    String path = root + "/short";
    io.overwrite(path, data);
    InputFile in = io.newInputFile(path);
    byte[] buf = new byte[100];
    in.readFully(990, buf, 0, 10);
    assertThat(Arrays.copyOf(buf, 10)).isEqualTo(Arrays.copyOfRange(data, 990, 1000));

    assertThatThrownBy(() -> in.readFully(995, buf, 0, 10))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining(path)
        .hasMessageContaining("bytes=995-1004")
        .hasMessageContaining("the object ends inside the range");
    assertThatThrownBy(() -> in.readFully(1000, buf, 0, 1))
        .isInstanceOf(EOFException.class)
        .hasMessage(
            path + ": GET bytes=1000-1000: the range lies past the end of the object (HTTP 416)");
    assertThatThrownBy(() -> in.readFully(5000, buf, 0, 100))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining("bytes=5000-5099");
    assertThatThrownBy(
            () ->
                in.readScattered(
                    998, new byte[][] {new byte[2], new byte[2]}, new int[2], new int[] {2, 2}))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining("bytes=998-1001");
  }

  @Test
  void zeroLengthReadsMakeNoRequest() throws Exception {
    InputFile missing = io.newInputFile(root + "/never-written");
    storage.http().reset();
    missing.readFully(123, new byte[0], 0, 0);
    missing.readScattered(5, new byte[][] {new byte[3]}, new int[] {1}, new int[] {0});
    missing.readScattered(5, new byte[0][], new int[0], new int[0]);
    assertThat(storage.http().requests()).isEmpty();
    assertThatThrownBy(() -> missing.readFully(0, new byte[2], 1, 2))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessageContaining("out of bounds");
  }

  @Test
  void aMissingObjectIsNoSuchFileNamingTheUri() throws Exception {
    String path = root + "/missing";
    InputFile in = io.newInputFile(path);
    assertThatThrownBy(in::length)
        .isInstanceOf(NoSuchFileException.class)
        .hasMessage(path + ": HEAD: no such object");
    assertThatThrownBy(() -> in.readFully(0, new byte[4], 0, 4))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessage(path + ": GET bytes=0-3: no such object");
    assertThatThrownBy(() -> io.readAllBytes(path))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessage(path + ": GET: no such object");
    assertThatThrownBy(() -> io.lastModifiedMillis(path))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining(path);
    assertThat(io.exists(path)).isFalse();
  }

  @Test
  void anUnknownBucketIsAClearError() {
    String path = "s3://no-such-bucket/wh/x";
    String expected = "bucket 'no-such-bucket' does not exist";
    assertThatThrownBy(() -> io.readAllBytes(path))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining(path)
        .hasMessageContaining(expected);
    assertThatThrownBy(() -> io.list("s3://no-such-bucket/wh"))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining(expected);
    assertThatThrownBy(() -> io.exists(path))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining(expected);
    assertThatThrownBy(() -> io.createIfAbsent(path, new byte[1]))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining(expected);
  }

  @Test
  void listsTheSortedNamesOfImmediateChildren() throws Exception {
    for (String key : List.of("d/b", "d/a/1", "d/a/2", "d/c/x/y", "d/é", "d2/z", "top")) {
      io.overwrite(root + "/" + key, new byte[] {1});
    }
    assertThat(io.list(root + "/d")).containsExactly("a", "b", "c", "é");
    assertThat(io.list(root + "/d/")).containsExactly("a", "b", "c", "é");
    assertThat(io.list(root + "/d/a")).containsExactly("1", "2");
    assertThat(io.list(root + "/d/c")).containsExactly("x");
    assertThat(io.list(root)).containsExactly("d", "d2", "top");
    assertThat(io.list(root + "/nothing")).isEmpty();
    assertThat(io.list(root + "/top")).isEmpty();
  }

  @Test
  void listsMoreThanAThousandKeysAcrossPages() throws Exception {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 1234; i++) {
      names.add(String.format("f-%05d", i));
    }
    putAll(names.stream().map(n -> root + "/many/" + n).toList());
    io.overwrite(root + "/many/sub/inner", new byte[1]);
    storage.http().reset();
    List<String> expected = new ArrayList<>(names);
    expected.add("sub");
    assertThat(io.list(root + "/many")).containsExactlyElementsOf(expected);
    assertThat(count(SdkHttpMethod.GET)).isEqualTo(1235 / LIST_PAGE + 1);
  }

  @Test
  void deletesThousandsOfFilesInBatchesOfAThousand() throws Exception {
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < 2500; i++) {
      paths.add(root + "/del/" + i);
    }
    putAll(paths);
    List<String> withMissing = new ArrayList<>(paths);
    withMissing.add(root + "/del/not-there");
    withMissing.add(paths.get(0));
    storage.http().reset();
    io.deleteFiles(withMissing);
    assertThat(count(SdkHttpMethod.POST)).isEqualTo(3);
    assertThat(io.list(root + "/del")).isEmpty();
    assertThat(io.exists(root + "/del")).isFalse();
    io.deleteFiles(List.of());
  }

  private static void putAll(List<String> paths) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (String p : paths) {
        done.add(
            pool.submit(
                () -> {
                  io.overwrite(p, new byte[] {7});
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void existsSeesObjectsAndPrefixes() throws Exception {
    io.overwrite(root + "/wh/default.db/t/schema/schema-0", new byte[] {1});
    assertThat(io.exists(root + "/wh/default.db/t/schema/schema-0")).isTrue();
    assertThat(io.exists(root + "/wh/default.db/t/schema")).isTrue();
    assertThat(io.exists(root + "/wh/default.db/")).isTrue();
    assertThat(io.exists(root + "/wh/default")).isFalse();
    assertThat(io.exists(root + "/wh/default.db/t/schema/schema-1")).isFalse();
    assertThat(io.exists(root)).isTrue();
  }

  @Test
  void mkdirsMakesAnEmptyDirectoryVisibleAndDeleteRemovesIt() throws Exception {
    String db = root + "/wh/robots.db";
    io.mkdirs(db);
    io.mkdirs(db);
    assertThat(io.exists(db)).isTrue();
    assertThat(io.list(root + "/wh")).containsExactly("robots.db");
    assertThat(io.list(db)).isEmpty();
    io.overwrite(db + "/t/x", new byte[1]);
    assertThat(io.list(db)).containsExactly("t");
    storage.http().reset();
    io.mkdirs(db + "/t");
    assertThat(count(SdkHttpMethod.PUT)).as("no marker under a non-empty prefix").isZero();

    io.delete(db + "/t/x");
    io.delete(db);
    assertThat(io.exists(db)).isFalse();
    assertThat(io.list(root + "/wh")).isEmpty();
  }

  @Test
  void deletingWhatIsNotThereDoesNothing() throws Exception {
    io.delete(root + "/nothing/here");
    io.overwrite(root + "/dir/child", new byte[1]);
    io.delete(root + "/dir");
    assertThat(io.exists(root + "/dir/child")).isTrue();
    io.deleteFiles(List.of(root + "/a", root + "/b"));
  }

  @Test
  void aPathThatIsNoS3UriIsIllegal() {
    assertThatThrownBy(() -> io.newInputFile("s3:///key"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'s3:///key' names no bucket");
    assertThatThrownBy(() -> io.list("gs://b/x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'gs://b/x' is not an S3 URI");
    assertThatThrownBy(() -> io.createIfAbsent(root, new byte[1]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("names a bucket, not an object");
  }

  @Test
  void describesItselfWithoutSecretsAndHintsAtAnObjectStore() {
    assertThat(io.toString())
        .contains(server.endpoint().toString(), "us-east-1", "pathStyleAccess=true")
        .doesNotContain(S3TestServer.SECRET_KEY)
        .doesNotContain(S3TestServer.ACCESS_KEY);
    assertThat(io.readHints()).isEqualTo(ReadHints.OBJECT_STORE);
  }
}
