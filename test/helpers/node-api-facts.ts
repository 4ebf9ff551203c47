/** Reads ../shared/node-api-facts.md for the tests: operationIds, schema names, the sidebar of §2.1. */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
export const SHARED = path.resolve(REPO_ROOT, "../shared");

export interface FactsSidebarRow {
  slug: string;
  kind: "info" | "tag" | "operation";
  label: string;
}

export interface NodeApiFacts {
  operationIds: string[];
  schemaNames: string[];
  /** §2.1 rows in sidebar order. */
  sidebar: FactsSidebarRow[];
  /** Page slug → HTTP method, from the §2.3 headings. */
  methods: Map<string, string>;
}

export async function readFacts(): Promise<NodeApiFacts> {
  const text = await readFile(path.join(SHARED, "node-api-facts.md"), "utf8");
  const operationIds = [...text.matchAll(/operationId: `([a-z_]+)`/g)].map((m) => m[1]!);
  const index = text.slice(text.indexOf("#### 3.1"), text.indexOf("#### 3.2"));
  const schemaNames = [...index.matchAll(/^\| \d+ \| `([A-Za-z0-9_]+)` \|/gm)].map((m) => m[1]!);
  const inventory = text.slice(text.indexOf("### 2.1"), text.indexOf("### 2.2"));
  const sidebar = [...inventory.matchAll(/^\| `([a-z0-9-]+)` \| `\.(info|tag|api)\.mdx` \| (\w+) \| [^|]+ \| ([^|]+) \|$/gm)].map((m) => ({
    slug: m[1]!,
    kind: m[3] as FactsSidebarRow["kind"],
    label: m[4]!.replace(/\(.*\)/, "").replace(/`/g, "").trim(),
  }));
  const methods = new Map([...text.matchAll(/^### `(GET|POST) [^`]+` — page `([a-z0-9-]+)`/gm)].map((m) => [m[2]!, m[1]!]));
  return { operationIds, schemaNames, sidebar, methods };
}

/** The API routes of ../shared/routes.txt. */
export async function apiRoutes(): Promise<string[]> {
  const text = await readFile(path.join(SHARED, "routes.txt"), "utf8");
  return text.split("\n").filter((l) => l.startsWith("/api/"));
}
