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
package io.paimon.multimodal;

/**
 * A tag a call names does not exist (a scan of it, {@code deleteTag}, {@code renameTag}, {@code
 * rollbackTo}). A {@link SnapshotNotFoundException}, since a tag stands for its snapshot.
 */
public class TagNotFoundException extends SnapshotNotFoundException {

  private static final long serialVersionUID = 1L;

  private final String tag;

  /**
   * @param tag the tag's name
   * @param message what was wrong, naming the table and the tag
   */
  public TagNotFoundException(String tag, String message) {
    super(message);
    this.tag = tag;
  }

  /** The name of the missing tag. */
  public String tag() {
    return tag;
  }
}
