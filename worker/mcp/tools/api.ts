/**
 * list_api_operations and get_api_operation: the node API's operations from the build's OpenAPI
 * document (the JSON download the build stores), with the operation page's Markdown twin.
 */
import { ValueMemo } from "../../content-store/memo";
import * as z from "zod";
import { markdownPathOf } from "../../../common/markdown-path";
import { ToolFailure, type LiveDocs } from "../live-docs";
import { cut, defineTool, offsetArg } from "./define";

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

/** The build's OpenAPI document (JSON), parsed once per isolate per build (kept made, never pending). */
const documents = new ValueMemo<ApiDocument>(2);

function apiDocument(docs: LiveDocs): Promise<ApiDocument> {
  return docs.build().then(({ buildId, manifest }) =>
    documents.get(buildId, async () => {
      const path = (await manifest.filePaths()).find((f) => f.endsWith("/openapi.json"));
      const text = path ? await docs.file(path) : null;
      if (!path || text === null) throw new ToolFailure("This site has no API reference");
      const doc = JSON.parse(text) as JsonObject;
      return { path, doc, operations: operationsOf(doc) };
    }),
  );
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
    "Lists every operation of the node REST API: operationId, HTTP method, path and summary, and the base URLs. Get one operation's parameters, responses and examples with get_api_operation.",
  input: z.strictObject({ offset: offsetArg }),
  async run({ offset = 0 }, ctx) {
    const api = await apiDocument(ctx.docs);
    const site = await ctx.docs.siteUrl();
    const servers = Array.isArray(api.doc.servers) ? api.doc.servers.filter(isObject).map((s) => String(s.url)) : [];
    const url = `${site}${api.path.slice(0, api.path.lastIndexOf("/"))}`;
    const lines = api.operations.map(
      (o) => `- ${o.operationId}: ${o.method} ${o.path}${o.summary ? ` (${o.summary})` : ""}`,
    );
    const text = [
      url,
      "",
      `${api.operations.length} operations${servers.length ? `; base URL ${servers.join(" or ")}` : ""}:`,
      ...lines,
    ].join("\n");
    return {
      text: cut(text, offset, ctx, (next) => `list_api_operations with offset ${next}`),
      structured: {
        url,
        servers,
        operations: api.operations.map(({ operationId, method, path, summary }) => ({
          operationId,
          method,
          path,
          summary,
        })),
      },
    };
  },
});

export const getApiOperation = defineTool({
  name: "get_api_operation",
  title: "Get one node API operation",
  description:
    'Returns one operation of the node REST API as its reference page in Markdown: method, path, parameters, request body, responses, headers and examples. format: "openapi" returns the operation\'s OpenAPI JSON instead, with the components it refers to.',
  input: z.strictObject({
    operationId: z
      .string()
      .min(1)
      .max(200)
      .describe("The operation's id, as list_api_operations shows it, e.g. get_account"),
    format: z
      .enum(["markdown", "openapi"])
      .optional()
      .describe('"markdown" (default): the reference page; "openapi": the OpenAPI JSON'),
    offset: offsetArg,
  }),
  async run({ operationId, format = "markdown", offset = 0 }, ctx) {
    const api = await apiDocument(ctx.docs);
    const op = api.operations.find((o) => o.operationId === operationId);
    if (!op)
      throw new ToolFailure(
        `Unknown operationId "${operationId.slice(0, 200)}". Call list_api_operations for the operations there are.`,
      );
    const route = operationRoute(api.path, op.operationId);
    const site = await ctx.docs.siteUrl();
    // The route's twin, or null when the build has no page for the operation.
    const page = await ctx.docs.file(markdownPathOf(route));
    const url = page === null ? `${site}${api.path}` : `${site}${route}`;
    const next = (n: number) =>
      `get_api_operation with operationId "${operationId}"${format === "openapi" ? ' and format "openapi"' : ""} and offset ${n}`;
    if (format === "openapi") {
      const json = {
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        ...(Array.isArray(api.doc.servers) ? { servers: api.doc.servers } : {}),
        operation: op.operation,
        components: referencedComponents(api.doc, op.operation),
      };
      // Compact: the components each appear once, and indentation would add a fifth to the size.
      return { text: `${url}\n\n${cut(JSON.stringify(json), offset, ctx, next)}` };
    }
    const markdown = page ?? [`# ${op.summary || op.operationId}`, "", `${op.method} \`${op.path}\``].join("\n");
    return { text: `${url}\n\n${cut(markdown, offset, ctx, next)}` };
  },
});
