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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The columns of a table whose cells are video frame descriptors: those its {@code
 * video-frame-field} option names (comma-separated, as Paimon and pypaimon spell it). Windows and
 * tensor conversion refuse them: they would drop each descriptor's frame index and other metadata.
 * Stateless.
 */
public final class VideoFrameColumns {

  /** The table option. */
  public static final String OPTION = "video-frame-field";

  private VideoFrameColumns() {}

  /** The columns the option of {@code schema} names, in its order. */
  public static Set<String> of(Schema schema) {
    String option = schema.options().get(OPTION);
    Set<String> out = new LinkedHashSet<>();
    if (option != null) {
      for (String name : option.split(",")) {
        if (!name.trim().isEmpty()) {
          out.add(name.trim());
        }
      }
    }
    return out;
  }

  /**
   * Fails if one of {@code columns} is a video frame column of {@code schema}.
   *
   * @param reader what refuses them, for the message ("windows", "tensor conversion")
   * @throws SchemaException naming the column and pointing to the video module
   */
  public static void reject(Schema schema, Collection<String> columns, String reader) {
    Set<String> video = of(schema);
    for (String c : columns) {
      if (video.contains(c)) {
        throw new SchemaException(
            "column '"
                + c
                + "' is a "
                + OPTION
                + " column of video frame descriptors, which "
                + reader
                + " do not read (they would drop each descriptor's frame index and other"
                + " metadata); decode its frames with io.paimon.multimodal.video.VideoFrames, or"
                + " leave the column out");
      }
    }
  }
}
