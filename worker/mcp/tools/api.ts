/**
 * list_api_operations and get_api_operation: the node API's operations from the build's OpenAPI
 * document (the JSON download the build stores), with the operation page's Markdown twin.
 */
import * as z from "zod";
import { markdownPathOf } from "../../../client/contracts/markdown-path";
import { ToolFailure, type LiveDocs } from "../live-docs";
import { capped, defineTool, offsetArg } from "./define";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Operation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  operation: JsonObject;
}

interface ApiDocument {
  path: string;
  doc: JsonObject;
  operations: Operation[];
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The build's OpenAPI document (JSON), parsed once per isolate per build. */
const documents = new Map<string, Promise<ApiDocument>>();

function apiDocument(docs: LiveDocs): Promise<ApiDocument> {
  return docs.build().then(({ buildId, manifest }) => {
    let hit = documents.get(buildId);
    if (!hit) {
      hit = (async () => {
        const path = (await manifest.filePaths()).find((f) => f.endsWith("/openapi.json"));
        const text = path ? await docs.file(path) : null;
        if (!path || text === null) throw new ToolFailure("This site has no API reference");
        const doc = JSON.parse(text) as JsonObject;
        return { path, doc, operations: operationsOf(doc) };
      })();
      hit.catch(() => documents.delete(buildId));
      documents.set(buildId, hit);
      while (documents.size > 2) documents.delete(documents.keys().next().value!);
    }
    return hit;
  });
}

function operationsOf(doc: JsonObject): Operation[] {
  const out: Operation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== "string") continue;
      const summary = typeof operation.summary === "string" ? operation.summary : "";
      out.push({ operationId: operation.operationId, method: method.toUpperCase(), path, summary, operation });
    }
  }
  return out;
}

/** Every `#/components/…` the value refers to, followed through the components themselves. */
function referencedComponents(doc: JsonObject, start: Json): JsonObject {
  const components: Record<string, JsonObject> = {};
  const seen = new Set<string>();
  const stack: Json[] = [start];
  while (stack.length) {
    const node = stack.pop()!;
    if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      const ref = node.$ref;
      if (typeof ref === "string" && ref.startsWith("#/components/") && !seen.has(ref)) {
        seen.add(ref);
        const [kind, name] = ref.slice("#/components/".length).split("/").map(decodePointer);
        const target = kind && name && isObject(doc.components) ? doc.components[kind] : undefined;
        const value = isObject(target) ? target[name!] : undefined;
        if (value !== undefined) {
          (components[kind!] ??= {})[name!] = value;
          stack.push(value);
        }
      }
      stack.push(...Object.values(node));
    }
  }
  return components;
}

const decodePointer = (s: string) => s.replace(/~1/g, "/").replace(/~0/g, "~");

/** The route of an operation's page (`get_account` → /api/node/get-account), as openapi/generate names it. */
function operationRoute(documentPath: string, operationId: string): string {
  return `${documentPath.slice(0, documentPath.lastIndexOf("/"))}/${operationId.replace(/_/g, "-")}`;
}

export const listApiOperations = defineTool({
  name: "list_api_operations",
  title: "List the node API's operations",
  description:
    "Lists every operation of the node REST API: operationId, HTTP method, path and summary. Get one operation's parameters, schemas and examples with get_api_operation.",
  input: z.strictObject({ offset: offsetArg }),
  async run({ offset = 0 }, docs) {
    const api = await apiDocument(docs);
    const servers = Array.isArray(api.doc.servers) ? api.doc.servers.filter(isObject).map((s) => s.url) : [];
    const lines = api.operations.map(
      (o) => `- \`${o.operationId}\`: ${o.method} ${o.path}${o.summary ? ` (${o.summary})` : ""}`,
    );
    const text = [
      `${api.operations.length} operations${servers.length ? `; base URL ${servers.join(" or ")}` : ""}:`,
      "",
      ...lines,
    ].join("\n");
    return capped(text, offset, (next) => `list_api_operations with offset ${next}`);
  },
});

export const getApiOperation = defineTool({
  name: "get_api_operation",
  title: "Get one node API operation",
  description:
    "Returns one operation of the node REST API: method, path, parameters, request and response schemas and examples, as Markdown followed by the operation's OpenAPI JSON (with the components it refers to).",
  input: z.strictObject({
    operationId: z
      .string()
      .min(1)
      .max(200)
      .describe("The operation's id, as list_api_operations shows it, e.g. get_account"),
    offset: offsetArg,
  }),
  async run({ operationId, offset = 0 }, docs) {
    const api = await apiDocument(docs);
    const op = api.operations.find((o) => o.operationId === operationId);
    if (!op)
      throw new ToolFailure(
        `Unknown operationId "${operationId}". Call list_api_operations for the operations there are.`,
      );
    const route = operationRoute(api.path, op.operationId);
    // The route's twin, or null when the build has no page for the operation.
    const page = await docs.file(markdownPathOf(route));
    const site = await docs.siteUrl();
    const markdown = page ?? [`# ${op.summary || op.operationId}`, "", `\`${op.method} ${op.path}\``].join("\n");
    const json = {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      ...(Array.isArray(api.doc.servers) ? { servers: api.doc.servers } : {}),
      operation: op.operation,
      components: referencedComponents(api.doc, op.operation),
    };
    const text = [
      ...(page ? [`Page: ${site}${route}`, ""] : []),
      markdown.trimEnd(),
      "",
      "## OpenAPI JSON",
      "",
      "```json",
      JSON.stringify(json, null, 2),
      "```",
    ].join("\n");
    return capped(text, offset, (next) => `get_api_operation with operationId "${operationId}" and offset ${next}`);
  },
});
