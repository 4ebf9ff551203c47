/**
 * A page's Markdown twin cut into its sections, each named by the anchor its heading has on the
 * HTML page (what search hits and links carry after `#`). Level-2 and level-3 headings take their
 * ids from the page record's table of contents, in order, when the twin has as many as the table
 * (API pages set ids of their own); other headings are slugged as the build slugs them
 * (github-slugger: lower case, punctuation dropped, spaces to hyphens, repeats numbered).
 */
import type { TocEntry } from "../../common/page";

export interface Section {
  /** The heading's anchor. */
  id: string;
  depth: number;
  title: string;
  /** Offsets in the twin: the heading line's start, and where the next heading of the same or a higher level starts. */
  start: number;
  end: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** A heading's Markdown as the text the build slugged: code spans, links, emphasis and escapes undone. */
export function plainHeading(md: string): string {
  return md
    .replace(/`([^`]*)`/g, "$1")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(\*|_)(.+?)\1/g, "$2")
    .replace(/\\([!-/:-@[-`{-~])/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

/** github-slugger's rule, over Unicode classes: keep letters, marks, numbers, connectors, spaces and hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

interface Heading {
  depth: number;
  title: string;
  start: number;
}

function headingsOf(markdown: string): Heading[] {
  const out: Heading[] = [];
  let fence: string | null = null;
  let at = 0;
  for (const line of markdown.split("\n")) {
    const start = at;
    at += line.length + 1;
    const f = FENCE.exec(line);
    if (f) {
      const mark = f[1]!;
      if (fence === null) fence = mark;
      else if (mark[0] === fence[0] && mark.length >= fence.length && line.trim() === mark) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = HEADING.exec(line);
    if (h) out.push({ depth: h[1]!.length, title: plainHeading(h[2]!), start });
  }
  return out;
}

export function sectionsOf(markdown: string, toc: TocEntry[]): Section[] {
  const headings = headingsOf(markdown);
  const listed = headings.filter((h) => h.depth === 2 || h.depth === 3);
  const fromToc = listed.length === toc.length ? new Map(listed.map((h, i) => [h, toc[i]!.id])) : null;
  const seen = new Map<string, number>();
  const sections = headings.map((h, i) => {
    const base = slug(h.title);
    const n = seen.get(base);
    seen.set(base, (n ?? -1) + 1);
    const slugged = n === undefined ? base : `${base}-${n + 1}`;
    const next = headings.slice(i + 1).find((o) => o.depth <= h.depth);
    return {
      id: fromToc?.get(h) ?? slugged,
      depth: h.depth,
      title: h.title,
      start: h.start,
      end: next?.start ?? markdown.length,
    };
  });
  return sections;
}

/** The section a reader means: its anchor (with or without `#`), or its heading's text; null when none matches. */
export function findSection(sections: Section[], wanted: string): Section | null {
  const w = wanted.trim().replace(/^#/, "");
  const lower = w.toLowerCase();
  return (
    sections.find((s) => s.id === w) ??
    sections.find((s) => s.id.toLowerCase() === lower) ??
    sections.find((s) => s.title.toLowerCase() === lower) ??
    null
  );
}
