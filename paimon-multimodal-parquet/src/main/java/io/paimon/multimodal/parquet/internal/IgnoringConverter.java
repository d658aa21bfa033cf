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
package io.paimon.multimodal.parquet.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * A converter tree that ignores every value. parquet-java's column readers need one to be built,
 * but values are pulled from the readers ({@code getInteger()}, {@code getBinary()}...), never
 * pushed to converters.
 */
final class IgnoringConverter extends GroupConverter {

  private final List<Converter> children = new ArrayList<>();

  IgnoringConverter(GroupType type) {
    for (Type t : type.getFields()) {
      children.add(t.isPrimitive() ? new Primitive() : new IgnoringConverter(t.asGroupType()));
    }
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return children.get(fieldIndex);
  }

  @Override
  public void start() {}

  @Override
  public void end() {}

  private static final class Primitive extends PrimitiveConverter {
    @Override
    public void addBinary(Binary value) {}

    @Override
    public void addBoolean(boolean value) {}

    @Override
    public void addDouble(double value) {}

    @Override
    public void addFloat(float value) {}

    @Override
    public void addInt(int value) {}

    @Override
    public void addLong(long value) {}
  }
}
