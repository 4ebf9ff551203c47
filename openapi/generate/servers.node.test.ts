/** The document's servers come from the network table, placed after info, and are never written twice. */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseDocument } from "./load";
import { withServers } from "./servers";

const DOC = (servers = "") => `openapi: 3.1.0
info:
  title: T
  version: "1"
${servers}# a comment kept as written
paths:
  /x:
    get:
      responses:
        "200":
          description: OK
`;
const SERVERS = [{ url: "https://rpc.example/v1", description: "Example, chain ID 9" }];

describe("withServers", () => {
  it("adds the table's servers after info in the object and the YAML, keeping the rest as written", async () => {
    const loaded = withServers(await parseDocument(DOC(), "node.yaml"), SERVERS, "node.yaml");
    expect(Object.keys(loaded.doc)).toEqual(["openapi", "info", "servers", "paths"]);
    expect(parse(loaded.text)).toEqual({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      servers: SERVERS,
      paths: expect.any(Object),
    });
    expect(loaded.text).toContain("# a comment kept as written\nservers:\n  - url: https://rpc.example/v1\n");
  });

  it("refuses a document that lists servers by hand, naming the table", async () => {
    const loaded = await parseDocument(DOC("servers:\n  - url: https://other.example/v1\n"), "node.yaml");
    expect(() => withServers(loaded, SERVERS, "openapi/node.yaml")).toThrow(
      "openapi/node.yaml: servers: the API's base URLs come from content/networks.yaml (each network's rpc); remove them here",
    );
  });
});
