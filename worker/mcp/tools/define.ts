/** The shape of a tool of the docs server, and what every tool's text output goes through. */
// A namespace import, so the bundler keeps only the parts of zod used (not every locale).
import * as z from "zod";
import { ToolFailure, type LiveDocs } from "../live-docs";

/** No tool answers with more characters than this; the rest is reached with `offset`. */
export const MAX_OUTPUT_CHARS = 50_000;

export interface DocsTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  run(args: z.output<S>, docs: LiveDocs): Promise<string>;
}

export const defineTool = <S extends z.ZodObject>(tool: DocsTool<S>): DocsTool => tool as unknown as DocsTool;

/** The `offset` argument of tools whose answer may be longer than MAX_OUTPUT_CHARS. */
export const offsetArg = z
  .number()
  .int()
  .min(0)
  .max(10_000_000)
  .optional()
  .describe("Character offset to continue from when an earlier answer was cut (default 0).");

/**
 * At most MAX_OUTPUT_CHARS of `text` from `offset`; when text is left, a last line says how much and
 * which call returns the next part.
 */
export function capped(text: string, offset: number, nextCall: (offset: number) => string): string {
  if (offset > 0 && offset >= text.length)
    throw new ToolFailure(`offset ${offset} is past the end: the text has ${text.length} characters`);
  const end = Math.min(text.length, offset + MAX_OUTPUT_CHARS);
  const part = text.slice(offset, end);
  if (end === text.length) return part;
  return `${part}\n\n[Cut at ${MAX_OUTPUT_CHARS} characters: this is characters ${offset}-${end} of ${text.length}. For the rest, call ${nextCall(end)}.]`;
}
