/**
 * The docs server's tools: the one place a tool is added (a module here and a line in TOOLS) and
 * the one place an argument every tool takes is added (COMMON_ARGS). tools/list and tools/call
 * (server.ts) read this registry and nothing else.
 */
import * as z from "zod";
import { getApiOperation, listApiOperations } from "./api";
import type { DocsTool, ToolAnnotations } from "./define";
import { getNetworkInfo } from "./networks";
import { getPage } from "./pages";
import { reportDocsGap } from "./report";
import { searchDocs } from "./search";
import { CURRENT_VERSION } from "../../../common/versions";

/**
 * Arguments every tool accepts besides its own, merged into each tool's input schema; an argument
 * added here reaches every tool's `run` in its args and its `tools/list` schema.
 */
const COMMON_ARGS = {
  version: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'The docs version to read (site.yaml versions): "current" (the default) for the network as it runs now, or an earlier network\'s, e.g. "2025"',
    ),
} satisfies z.ZodRawShape;

/**
 * A tool with the shared arguments: `version` picks the docs version its `docs` read (pages, search
 * index, API document, network table), and on a site with several versions each answer says which
 * one it came from (a last line, and `version` in structuredContent).
 */
const withSharedArgs = (tool: DocsTool): DocsTool => ({
  ...tool,
  input: tool.input.extend(COMMON_ARGS),
  async run(args, ctx) {
    const { version } = args as { version?: string };
    const docs = ctx.docs.inVersion(version === CURRENT_VERSION ? undefined : version);
    const { manifest } = await docs.build();
    const several = manifest.versions.length > 1;
    const versionArg = docs.version ? ` and version "${docs.version}"` : undefined;
    const answer = await tool.run(args, { ...ctx, docs, versionArg });
    if (!several) return answer;
    const v = manifest.version;
    return {
      text: `${answer.text}\n\nDocs version: ${v.label} (version "${v.name}").`,
      ...(answer.structured ? { structured: { ...answer.structured, version: v.name } } : {}),
    };
  },
});

/** In the order tools/list shows them. */
export const TOOLS: readonly DocsTool[] = [
  searchDocs,
  getPage,
  listApiOperations,
  getApiOperation,
  getNetworkInfo,
  reportDocsGap,
].map(withSharedArgs);

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

export const toolNamed = (name: string): DocsTool | undefined => TOOLS.find((t) => t.name === name);

/** tools/list's entries: the JSON Schema of each tool's input (as the input is written, before defaults), and its annotations. */
export function toolDefinitions() {
  return TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: z.toJSONSchema(t.input, { io: "input" }) as { type: "object" } & Record<string, unknown>,
    annotations: t.annotations ?? READ_ONLY,
  }));
}

export { MAX_OUTPUT_CHARS } from "./define";
