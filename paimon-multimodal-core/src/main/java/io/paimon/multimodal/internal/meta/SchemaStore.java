package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.MultimodalException;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.Json;
import io.paimon.multimodal.internal.TablePaths;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The {@code schema-<id>} files: fields (id, name, type, nullable), partition keys, options. */
public final class SchemaStore {

  private final FileIO io;
  private final TablePaths paths;

  public SchemaStore(FileIO io, TablePaths paths) {
    this.io = io;
    this.paths = paths;
  }

  /** Creates schema 0 atomically; false if the table already has one. */
  public boolean createFirst(Schema schema) throws IOException {
    ObjectNode n = Json.object();
    n.put("version", 1);
    n.put("id", 0);
    ArrayNode fields = n.putArray("fields");
    for (DataField f : schema.rowType().fields()) {
      ObjectNode fn = fields.addObject();
      fn.put("id", f.id());
      fn.put("name", f.name());
      fn.put("type", f.type().nullable().toString());
      fn.put("nullable", f.type().isNullable());
    }
    ArrayNode keys = n.putArray("partitionKeys");
    schema.partitionKeys().forEach(keys::add);
    ObjectNode options = n.putObject("options");
    schema.options().forEach(options::put);
    n.put("timeMillis", System.currentTimeMillis());
    return io.createIfAbsent(paths.schemaFile(0), Json.bytes(n));
  }

  public boolean exists() throws IOException {
    return io.exists(paths.schemaFile(0));
  }

  public Schema read(long id) throws IOException {
    String file = paths.schemaFile(id);
    JsonNode n = Json.parse(io.readAllBytes(file), file);
    Schema.Builder b = Schema.builder();
    try {
      for (JsonNode f : Json.arrayField(n, "fields", file)) {
        Json.objectElement(f, "fields", file);
        String type = Json.textField(f, "type", file);
        JsonNode nullable = f.get("nullable");
        if (nullable != null && !nullable.isBoolean()) {
          throw new IOException(file + ": field " + f + ": 'nullable' is not a boolean");
        }
        b.column(
            Json.textField(f, "name", file),
            DataTypes.parse(type).copy(nullable == null || nullable.booleanValue()));
      }
      List<String> keys = new ArrayList<>();
      JsonNode keyNodes = n.get("partitionKeys");
      if (keyNodes != null && !keyNodes.isNull()) {
        for (JsonNode k : Json.arrayField(n, "partitionKeys", file)) {
          if (!k.isTextual()) {
            throw new IOException(file + ": a partition key is not a string: " + k);
          }
          keys.add(k.textValue());
        }
      }
      b.partitionKeys(keys.toArray(new String[0]));
      JsonNode options = n.get("options");
      if (options != null && !options.isNull()) {
        if (!options.isObject()) {
          throw new IOException(file + ": 'options' is not an object");
        }
        for (Map.Entry<String, JsonNode> e : options.properties()) {
          if (!e.getValue().isTextual()) {
            throw new IOException(file + ": option '" + e.getKey() + "' is not a string");
          }
          b.option(e.getKey(), e.getValue().textValue());
        }
      }
      return b.build();
    } catch (IllegalArgumentException | MultimodalException e) {
      // A type that does not parse, a bad or repeated column name, an unknown partition key.
      throw new IOException(file + ": invalid schema: " + e.getMessage(), e);
    }
  }
}
