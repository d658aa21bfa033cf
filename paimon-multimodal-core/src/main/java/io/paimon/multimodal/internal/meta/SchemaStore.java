package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
    for (JsonNode f : Json.required(n, "fields", file)) {
      String type = Json.required(f, "type", file).asText();
      boolean nullable = f.path("nullable").asBoolean(true);
      try {
        b.column(Json.required(f, "name", file).asText(), DataTypes.parse(type).copy(nullable));
      } catch (IllegalArgumentException e) {
        throw new IOException(file + ": bad field " + f + ": " + e.getMessage(), e);
      }
    }
    List<String> keys = new ArrayList<>();
    n.path("partitionKeys").forEach(k -> keys.add(k.asText()));
    b.partitionKeys(keys.toArray(new String[0]));
    for (Map.Entry<String, JsonNode> e : n.path("options").properties()) {
      b.option(e.getKey(), e.getValue().asText());
    }
    return b.build();
  }
}
