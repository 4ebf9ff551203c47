/**
 * The product facts the tests check against, kept in the repository (`test/fixtures/spec/`):
 * the routes the site must serve and the node API's operations, schema names and sidebar.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(REPO_ROOT, "test/fixtures/spec");

export interface FactsSidebarRow {
  slug: string;
  /** `types`: the category of the types with pages of their own, which the `type` rows after it fill. */
  kind: "info" | "page" | "tag" | "operation" | "types" | "type";
  label: string;
}

export interface NodeApiFacts {
  operationIds: string[];
  schemaNames: string[];
  /** The API sidebar's rows, in order. */
  sidebar: FactsSidebarRow[];
  /** Page slug → HTTP method. */
  methods: Map<string, string>;
}

export async function readFacts(): Promise<NodeApiFacts> {
  const raw = JSON.parse(await readFile(path.join(FIXTURES, "node-api-facts.json"), "utf8")) as Omit<
    NodeApiFacts,
    "methods"
  > & {
    methods: Record<string, string>;
  };
  return { ...raw, methods: new Map(Object.entries(raw.methods)) };
}

/** Every route the site must serve (`/search` included), in the order of routes.txt. */
export async function requiredRoutes(): Promise<string[]> {
  const text = await readFile(path.join(FIXTURES, "routes.txt"), "utf8");
  return text.split("\n").filter((l) => l.startsWith("/"));
}

/** The API routes of routes.txt. */
export async function apiRoutes(): Promise<string[]> {
  return (await requiredRoutes()).filter((l) => l.startsWith("/api/"));
}
