/** The shape of a tool of the docs server, and how a long answer is cut. */
// A namespace import, so the bundler keeps only the parts of zod used (not every locale).
import * as z from "zod";
import type { SignalsRecorder } from "../../signals/recorder";
import { fitEnd } from "../budget";
import { ToolFailure, type LiveDocs } from "../live-docs";

/** No tool answers with more characters than this, whatever the byte budget; the rest is reached with `offset`. */
export const MAX_OUTPUT_CHARS = 50_000;
/** Bytes kept free in a text budget for the line that says where the rest is. */
const MARKER_RESERVE = 400;

/** What a tool gets besides its arguments. */
export interface ToolContext {
  docs: LiveDocs;
  /** UTF-8 bytes the answer's text may take (the request's response budget less the envelope). */
  maxTextBytes: number;
  /** Said after a call that returns the rest of a cut answer: the `version` argument it needs, if any. */
  versionArg?: string;
  /** Where the request's signals go (worker/signals), or null when none is recorded. */
  signals: SignalsRecorder | null;
}

export interface ToolAnswer {
  /** What the model reads: starts with the canonical URL of what it shows. */
  text: string;
  /** The same data as JSON, for tools whose answer is structured. */
  structured?: Record<string, unknown>;
}

/** MCP's tool annotations, as tools/list shows them. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

export interface DocsTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** Read-only and closed-world unless a tool says otherwise. */
  annotations?: ToolAnnotations;
  run(args: z.output<S>, ctx: ToolContext): Promise<ToolAnswer>;
}

export const defineTool = <S extends z.ZodObject>(tool: DocsTool<S>): DocsTool => tool as unknown as DocsTool;

/** The `offset` argument of tools whose answer may be cut. */
export const offsetArg = z
  .number()
  .int()
  .min(0)
  .max(10_000_000)
  .optional()
  .describe("Character offset to continue from when an earlier answer was cut (default 0).");

/**
 * `text` from `offset`, as much as the context's byte budget and MAX_OUTPUT_CHARS allow; when text
 * is left, a last line says how much and which call returns the next part (`nextCall(end)`).
 */
export function cut(text: string, offset: number, ctx: ToolContext, nextCall: (offset: number) => string): string {
  if (offset > 0 && offset >= text.length)
    throw new ToolFailure(`offset ${offset} is past the end: the text has ${text.length} characters`);
  const room = Math.max(1024, ctx.maxTextBytes - MARKER_RESERVE);
  const end = Math.min(fitEnd(text, offset, room), offset + MAX_OUTPUT_CHARS);
  const part = text.slice(offset, end);
  if (end >= text.length) return part;
  return `${part}\n\n[Cut: this is characters ${offset}-${end} of ${text.length}. For the rest, call ${nextCall(end)}${ctx.versionArg ?? ""}.]`;
}
