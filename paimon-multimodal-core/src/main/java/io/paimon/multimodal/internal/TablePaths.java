package io.paimon.multimodal.internal;

/**
 * Where each file of a table lives, relative to the table directory:
 *
 * <pre>
 * &lt;warehouse&gt;/&lt;database&gt;.db/&lt;table&gt;/
 *   schema/schema-&lt;id&gt;          snapshot/snapshot-&lt;id&gt;, LATEST, EARLIEST
 *   manifest/manifest-list-&lt;uuid&gt;, manifest-&lt;uuid&gt;
 *   tag/tag-&lt;name&gt;              data/data-&lt;uuid&gt;-&lt;n&gt;.row, .blob
 *   index/data-&lt;uuid&gt;-&lt;n&gt;.row.stats   per-row-group statistics of a data file
 * </pre>
 *
 * Immutable.
 */
public final class TablePaths {

  private final String root;

  public TablePaths(String root) {
    this.root = root.endsWith("/") ? root.substring(0, root.length() - 1) : root;
  }

  public String root() {
    return root;
  }

  public String schemaDir() {
    return root + "/schema";
  }

  public String schemaFile(long id) {
    return schemaDir() + "/schema-" + id;
  }

  public String snapshotDir() {
    return root + "/snapshot";
  }

  public String snapshotFile(long id) {
    return snapshotDir() + "/snapshot-" + id;
  }

  public String latestHint() {
    return snapshotDir() + "/LATEST";
  }

  public String earliestHint() {
    return snapshotDir() + "/EARLIEST";
  }

  public String manifestDir() {
    return root + "/manifest";
  }

  public String manifestFile(String name) {
    return manifestDir() + "/" + name;
  }

  public String dataDir() {
    return root + "/data";
  }

  public String dataFile(String name) {
    return dataDir() + "/" + name;
  }

  public String indexDir() {
    return root + "/index";
  }

  public String indexFile(String name) {
    return indexDir() + "/" + name;
  }

  public String tagDir() {
    return root + "/tag";
  }

  public String tagFile(String name) {
    return tagDir() + "/tag-" + name;
  }
}
