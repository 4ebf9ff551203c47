/**
 * The docs server's tools: the one place a tool is added (a module here and a line in TOOLS) and
 * the one place an argument every tool takes is added (SHARED_ARGS). tools/list and tools/call
 * (server.ts) read this registry and nothing else.
 */
import * as z from "zod";
import { getApiOperation, listApiOperations } from "./api";
import type { DocsTool } from "./define";
import { getNetworkInfo } from "./networks";
import { getPage } from "./pages";
import { searchDocs } from "./search";

/**
 * Arguments every tool accepts besides its own, merged into each tool's input schema. Empty
 * today; an argument added here (a docs version, say) reaches every tool's `run` in its args
 * and its `tools/list` schema, with nothing else to change.
 */
const SHARED_ARGS: z.ZodRawShape = {};

const withSharedArgs = (tool: DocsTool): DocsTool => ({ ...tool, input: tool.input.extend(SHARED_ARGS) });

/** In the order tools/list shows them. */
export const TOOLS: readonly DocsTool[] = [searchDocs, getPage, listApiOperations, getApiOperation, getNetworkInfo].map(
  withSharedArgs,
);

export const toolNamed = (name: string): DocsTool | undefined => TOOLS.find((t) => t.name === name);

/** tools/list's entries: the JSON Schema of each tool's input (as the input is written, before defaults), read-only. */
export function toolDefinitions() {
  return TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: z.toJSONSchema(t.input, { io: "input" }) as { type: "object" } & Record<string, unknown>,
    annotations: { readOnlyHint: true, openWorldHint: false },
  }));
}

export { MAX_OUTPUT_CHARS } from "./define";
