/**
 * Turns the build's error and warning messages ("content/docs/x.mdx: line 3:5: …", zod paths,
 * YAML and JSON parser positions, broken links) into problems with file, line, column and a code
 * frame, for the overlay in the browser and the terminal.
 */
import { codeFrame, frameText, locateKey, locateText, positionAt, type CodeFrame, type Position } from "./locate";

export interface Problem {
  /** Relative to the site folder, e.g. content/docs/build/tools.mdx; null when the message names none. */
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
  frame: CodeFrame | null;
}

/** Reads a file of the site (path relative to the site folder), or null. */
export type ReadSource = (file: string) => string | null;

/** `content/…: `, `openapi/node.yaml:12:7 (#/pointer): `, or a page source relative to content/docs. */
const START = /^((?:content|openapi)\/[^\s:]+|[^\s:/][^\s:]*\.mdx?)(?::(\d+):(\d+))?(?: (\(#[^)]*\)))?: /;

/** Splits a build message (errors joined by newlines; some span several lines) into one text per problem. */
function split(message: string): { file: string | null; at: Position | null; text: string }[] {
  const found: { file: string | null; at: Position | null; text: string }[] = [];
  const preamble: string[] = [];
  for (const line of message.split("\n")) {
    const m = START.exec(line);
    if (m) {
      const file = m[1]!.startsWith("content/") || m[1]!.startsWith("openapi/") ? m[1]! : `content/docs/${m[1]}`;
      const at = m[2] ? { line: Number(m[2]), column: Number(m[3]) } : null;
      const pointer = m[4] ? `${m[4]} ` : "";
      found.push({ file, at, text: pointer + line.slice(m[0].length) });
    } else if (found.length) found[found.length - 1]!.text += `\n${line}`;
    else preamble.push(line);
  }
  // A heading such as "openapi/node.yaml is not a valid OpenAPI document:" adds nothing to its list.
  if (!found.length || !preamble.join("").trim().endsWith(":")) {
    const text = preamble.join("\n").trim();
    if (text) found.unshift({ file: null, at: null, text });
  }
  return found;
}

/** Where the message itself says it is, and the message without that part. */
function located(file: string, text: string, source: string | null): { at: Position | null; text: string } {
  const mdx = /^line (\d+):(\d+): /.exec(text);
  if (mdx) return { at: { line: Number(mdx[1]), column: Number(mdx[2]) }, text: text.slice(mdx[0].length) };

  // The yaml package: "… at line 3, column 5:" followed by its own frame, which ours replaces.
  const yaml = /\s*at line (\d+), column (\d+):?[\s\S]*$/.exec(text);
  if (yaml) {
    const inFrontmatter = /\.mdx?$/.test(file) ? 1 : 0;
    return {
      at: { line: Number(yaml[1]) + inFrontmatter, column: Number(yaml[2]) },
      text: text.slice(0, yaml.index).trimEnd(),
    };
  }
  if (!source) return { at: null, text };

  const json = /in JSON at position (\d+)/.exec(text);
  if (json) return { at: positionAt(source, Number(json[1])), text: text.replace(/ \(line \d+ column \d+\)$/, "") };

  const component = /^unknown component <([\w.]+)>/.exec(text);
  if (component) return { at: locateText(source, [`<${component[1]}`]), text };

  const link = /^broken (?:link|anchor #\S+ in link) to (\S+)/.exec(text);
  if (link) {
    const href = link[1]!;
    return { at: locateText(source, [`](${href}`, `"${href}"`, `'${href}'`, href]), text };
  }

  // A zod issue: "a.b.0.c: message"; an unknown key names itself in the message.
  const issue = /^((?:[\w$-]+)(?:\.[\w$-]+)*|\(root\)): /.exec(text);
  if (issue) {
    const path = issue[1] === "(root)" ? [] : issue[1]!.split(".");
    const unknown = /Unrecognized keys?: "([^"]+)"/.exec(text)?.[1];
    return { at: locateKey(file, source, path, unknown), text };
  }
  return { at: null, text };
}

export function problemsOf(message: string, read: ReadSource): Problem[] {
  return split(message.trim()).map(({ file, at, text }) => {
    const source = file ? read(file) : null;
    const found = file && !at ? located(file, text, source) : { at, text };
    const where = found.at;
    return {
      file,
      line: where?.line ?? null,
      column: where?.column ?? null,
      message: found.text.trim(),
      frame: where && source ? codeFrame(source, where) : null,
    };
  });
}

/** For the terminal: "file:line:column message", then the frame, indented. */
export function problemText(p: Problem, indent = "  "): string {
  const where = p.file ? `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ""}` : "";
  const head = where ? `${where} ${p.message}` : p.message;
  const frame = p.frame ? `\n${frameText(p.frame)}` : "";
  return `${head}${frame}`
    .split("\n")
    .map((l) => indent + l)
    .join("\n");
}
