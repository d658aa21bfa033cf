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
package io.paimon.multimodal.internal.paimon;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * Typed, by-name access to the fields of one decoded Avro record of a Paimon metadata file.
 *
 * <p>Fields are found by name, never by position or record name: pypaimon names its records
 * differently and omits optional fields. A missing optional field reads as null and unknown fields
 * are ignored. A missing or null required field, or a value of the wrong Avro type, is a {@link
 * PaimonFormatException} naming the file, the record's index and the field's path ({@code
 * _FILE._FILE_SIZE}). An Avro {@code int} is accepted where a {@code long} is expected, as Avro's
 * own schema resolution would. Not thread-safe; one instance per record.
 */
final class RecordFields {

  private final GenericRecord record;
  private final String file;
  private final long index;
  private final String path;

  RecordFields(GenericRecord record, String file, long index) {
    this(record, file, index, "");
  }

  private RecordFields(GenericRecord record, String file, long index, String path) {
    this.record = record;
    this.file = file;
    this.index = index;
    this.path = path;
  }

  long requiredLong(String field) throws PaimonFormatException {
    return asLong(field, required(field));
  }

  Long optionalLong(String field) throws PaimonFormatException {
    Object v = optional(field);
    return v == null ? null : asLong(field, v);
  }

  int requiredInt(String field) throws PaimonFormatException {
    return asInt(field, required(field));
  }

  Integer optionalInt(String field) throws PaimonFormatException {
    Object v = optional(field);
    return v == null ? null : asInt(field, v);
  }

  String requiredString(String field) throws PaimonFormatException {
    return asString(field, required(field));
  }

  String optionalString(String field) throws PaimonFormatException {
    Object v = optional(field);
    return v == null ? null : asString(field, v);
  }

  byte[] requiredBytes(String field) throws PaimonFormatException {
    return asBytes(field, required(field));
  }

  byte[] optionalBytes(String field) throws PaimonFormatException {
    Object v = optional(field);
    return v == null ? null : asBytes(field, v);
  }

  RecordFields requiredRecord(String field) throws PaimonFormatException {
    return asRecord(field, required(field));
  }

  RecordFields optionalRecord(String field) throws PaimonFormatException {
    Object v = optional(field);
    return v == null ? null : asRecord(field, v);
  }

  /** A required array of non-null strings. */
  List<String> requiredStrings(String field) throws PaimonFormatException {
    return strings(field, required(field));
  }

  /** An optional array of non-null strings; null when absent or null. */
  List<String> optionalStrings(String field) throws PaimonFormatException {
    Object v = optional(field);
    return v == null ? null : strings(field, v);
  }

  /** An optional array of longs whose elements may be null; null when absent or null. */
  Long[] optionalNullableLongs(String field) throws PaimonFormatException {
    Object v = optional(field);
    if (v == null) {
      return null;
    }
    Collection<?> items = asArray(field, v);
    Long[] out = new Long[items.size()];
    int i = 0;
    for (Object item : items) {
      out[i] = item == null ? null : asLong(field + "[" + i + "]", item);
      i++;
    }
    return out;
  }

  /** An optional array of non-null ints; null when absent or null. */
  int[] optionalInts(String field) throws PaimonFormatException {
    Object v = optional(field);
    if (v == null) {
      return null;
    }
    Collection<?> items = asArray(field, v);
    int[] out = new int[items.size()];
    int i = 0;
    for (Object item : items) {
      out[i] = asInt(field + "[" + i + "]", nonNullElement(field, i, item));
      i++;
    }
    return out;
  }

  /** An optional array of non-null records; null when absent or null. */
  List<RecordFields> optionalRecords(String field) throws PaimonFormatException {
    Object v = optional(field);
    if (v == null) {
      return null;
    }
    Collection<?> items = asArray(field, v);
    List<RecordFields> out = new ArrayList<>(items.size());
    for (Object item : items) {
      int i = out.size();
      out.add(asRecord(field + "[" + i + "]", nonNullElement(field, i, item)));
    }
    return out;
  }

  /** A format error about {@code field} of this record. */
  PaimonFormatException error(String field, String message) {
    return new PaimonFormatException(
        file + ": record " + index + ": field " + path + field + ": " + message);
  }

  private Object optional(String field) {
    Schema.Field f = record.getSchema().getField(field);
    return f == null ? null : record.get(f.pos());
  }

  private Object required(String field) throws PaimonFormatException {
    Schema.Field f = record.getSchema().getField(field);
    if (f == null) {
      throw error(field, "required field is missing");
    }
    Object v = record.get(f.pos());
    if (v == null) {
      throw error(field, "required field is null");
    }
    return v;
  }

  private Object nonNullElement(String field, int i, Object item) throws PaimonFormatException {
    if (item == null) {
      throw error(field + "[" + i + "]", "element is null");
    }
    return item;
  }

  private long asLong(String field, Object v) throws PaimonFormatException {
    if (v instanceof Long || v instanceof Integer) {
      return ((Number) v).longValue();
    }
    throw wrongType(field, "long", v);
  }

  private int asInt(String field, Object v) throws PaimonFormatException {
    if (v instanceof Integer) {
      return (Integer) v;
    }
    throw wrongType(field, "int", v);
  }

  private String asString(String field, Object v) throws PaimonFormatException {
    if (v instanceof CharSequence) {
      return v.toString();
    }
    throw wrongType(field, "string", v);
  }

  private byte[] asBytes(String field, Object v) throws PaimonFormatException {
    if (v instanceof ByteBuffer) {
      ByteBuffer b = ((ByteBuffer) v).duplicate();
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return out;
    }
    throw wrongType(field, "bytes", v);
  }

  private RecordFields asRecord(String field, Object v) throws PaimonFormatException {
    if (v instanceof GenericRecord) {
      return new RecordFields((GenericRecord) v, file, index, path + field + ".");
    }
    throw wrongType(field, "record", v);
  }

  private Collection<?> asArray(String field, Object v) throws PaimonFormatException {
    if (v instanceof Collection) {
      return (Collection<?>) v;
    }
    throw wrongType(field, "array", v);
  }

  private List<String> strings(String field, Object v) throws PaimonFormatException {
    Collection<?> items = asArray(field, v);
    List<String> out = new ArrayList<>(items.size());
    for (Object item : items) {
      int i = out.size();
      out.add(asString(field + "[" + i + "]", nonNullElement(field, i, item)));
    }
    return List.copyOf(out);
  }

  private PaimonFormatException wrongType(String field, String expected, Object v) {
    return error(field, "expected Avro " + expected + ", found " + avroTypeOf(v));
  }

  private static String avroTypeOf(Object v) {
    if (v instanceof CharSequence) {
      return "string";
    } else if (v instanceof ByteBuffer) {
      return "bytes";
    } else if (v instanceof GenericRecord) {
      return "record " + ((GenericRecord) v).getSchema().getFullName();
    } else if (v instanceof Collection) {
      return "array";
    } else if (v instanceof Integer) {
      return "int";
    } else if (v instanceof Long) {
      return "long";
    }
    return v.getClass().getSimpleName();
  }
}
