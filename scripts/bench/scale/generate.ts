/**
 * A deterministic synthetic site of about N pages made from the real one: the real site unchanged,
 * plus copies of each content section's pages as extra top-level folders inside that section
 * (`content/docs/devs/scale-0001/…`), so that sidebars grow as a real site's do. Each copy has its
 * own title suffix and its own vocabulary: a seeded PRNG swaps about half of the prose words for
 * invented ones, so search terms differ between copies. So that no cache of the build (a compiled
 * page, a highlighted snippet) is hit more often than on a real site, each copy's code blocks get
 * the same swap (magic comments kept), and each page ends with a section of its own: a heading,
 * a table of fields and a JSON example, as an API reference page has them, made from the copy's
 * PRNG. The real site's headings, JSX, ESM and link targets are left as they are (anchors keep
 * working); links into a section point into the same copy, so the strict build finds no broken link.
 */
import { cp, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";

export interface GeneratedSite {
  /** Copies made of each section's pages. */
  copies: number;
  /** Content pages in one copy (all sections together). */
  pagesPerCopy: number;
}

/** Pages of the real site: content pages plus the generated API reference. */
export const REAL_SITE_PAGES = 70;

/** mulberry32: a small seeded PRNG, enough for reproducible synthetic text. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONSONANTS = "bcdfghjklmnprstvz";
const VOWELS = "aeiou";

/** An invented word of two to four syllables. */
function inventedWord(random: () => number): string {
  let word = "";
  const syllables = 2 + Math.floor(random() * 3);
  for (let i = 0; i < syllables; i++)
    word += CONSONANTS[Math.floor(random() * CONSONANTS.length)]! + VOWELS[Math.floor(random() * VOWELS.length)]!;
  return word + CONSONANTS[Math.floor(random() * CONSONANTS.length)]!;
}

const WORD = /[A-Za-z]{5,}/g;
/** Parts of a prose line left untouched: link targets, inline code, URLs. */
const PROTECTED = /(\]\([^)]*\)|`[^`]*`|https?:\/\/\S+)/;

/** One copy's word swap: each prose word is swapped (or not) by the copy's own PRNG. */
export function vocabularyFor(copy: number, words: string[]): Map<string, string> {
  const random = prng(0x5eed0000 + copy);
  const swap = new Map<string, string>();
  for (const word of words) {
    const invented = inventedWord(random);
    if (random() < 0.5) swap.set(word, invented);
  }
  return swap;
}

function swapWords(text: string, swap: Map<string, string>): string {
  return text
    .split(PROTECTED)
    .map((part, i) =>
      i % 2
        ? part
        : part.replace(WORD, (w) => {
            const to = swap.get(w.toLowerCase());
            if (!to) return w;
            return w[0] === w[0]!.toUpperCase() ? to[0]!.toUpperCase() + to.slice(1) : to;
          }),
    )
    .join("");
}

/** Lines of an MDX body that are prose (not code, ESM, JSX or headings), by index; and those inside code fences. */
function proseLines(lines: string[], code?: Set<number>): Set<number> {
  const prose = new Set<number>();
  let fence = false;
  let esm = false;
  let depth = 0;
  let inTag = false;
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (/^(```|~~~)/.test(trimmed)) {
      fence = !fence;
      return;
    }
    if (fence) {
      code?.add(i);
      return;
    }
    if (/^(import|export)\s/.test(line)) esm = true;
    if (esm) {
      if (trimmed === "") esm = false;
      return;
    }
    const opens = (line.match(/{/g) ?? []).length;
    const closes = (line.match(/}/g) ?? []).length;
    const wasQuiet = depth === 0 && !inTag;
    depth = Math.max(0, depth + opens - closes);
    const lastOpen = line.lastIndexOf("<");
    if (lastOpen >= 0) inTag = line.indexOf(">", lastOpen) < 0;
    else if (inTag && line.includes(">")) inTag = false;
    if (wasQuiet && depth === 0 && !inTag && !/[<>{}=|]/.test(line) && !/^(#|:::)/.test(trimmed)) prose.add(i);
  });
  return prose;
}

/** Every word of five letters or more in the prose of the given MDX sources, sorted. */
export function proseWords(sources: string[]): string[] {
  const words = new Set<string>();
  for (const source of sources) {
    const { body } = splitFrontmatter(source);
    const lines = body.split("\n");
    for (const i of proseLines(lines))
      for (const part of lines[i]!.split(PROTECTED).filter((_, j) => j % 2 === 0))
        for (const w of part.match(WORD) ?? []) words.add(w.toLowerCase());
  }
  return [...words].sort();
}

function splitFrontmatter(source: string): { frontmatter: string | null; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(source);
  return m ? { frontmatter: m[1]!, body: source.slice(m[0].length) } : { frontmatter: null, body: source };
}

export interface CopySpec {
  /** Folder name of the copy inside each section, e.g. "scale-0001". */
  folder: string;
  /** Appended to every title and sidebar label of the copy. */
  suffix: string;
  /** Section folders (under content/docs) whose links are pointed into the copy. */
  sections: string[];
  swap: Map<string, string>;
  /** The copy's PRNG for the section each of its pages ends with (none: no section). */
  random?: () => number;
}

/** Points links into a copied section at the same page of this copy. */
function relink(text: string, spec: CopySpec): string {
  const sections = spec.sections.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return text.replace(new RegExp(`(["'(])/(${sections})(?=[/#)"']|$)`, "g"), `$1/$2/${spec.folder}`);
}

/** A code line the build reads as an instruction (code-blocks.ts): kept as it is. */
const MAGIC_COMMENT = /highlight-(next-line|start|end)|This will error/;

/**
 * A section of the copy's own, as an API reference page would have it: a heading, a table of
 * fields (name, type, meaning) and a JSON example of them, every name drawn from `random`.
 */
export function apiLikeSection(random: () => number): string {
  const word = () => inventedWord(random);
  const types = ["string", "u64", "boolean", "address", "vector<u8>"];
  const fields = Array.from({ length: 3 + Math.floor(random() * 4) }, () => ({
    name: `${word()}_${word()}`,
    type: types[Math.floor(random() * types.length)]!,
    meaning: `${word()} ${word()} ${word()} of the ${word()}.`,
  }));
  const example = Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.type === "u64" ? String(Math.floor(random() * 1e9)) : f.type === "boolean" ? random() < 0.5 : word(),
    ]),
  );
  const title = word();
  return [
    "",
    "",
    `## The ${title[0]!.toUpperCase()}${title.slice(1)} ${word()} resource`,
    "",
    "| Field | Type | Meaning |",
    "| --- | --- | --- |",
    ...fields.map((f) => `| \`${f.name}\` | \`${f.type}\` | ${f.meaning} |`),
    "",
    "```json",
    JSON.stringify(example, null, 2),
    "```",
    "",
  ].join("\n");
}

/** One MDX page rewritten for a copy. */
export function copyPage(source: string, spec: CopySpec): string {
  const { frontmatter, body } = splitFrontmatter(source);
  let titled = false;
  let front = "";
  if (frontmatter !== null) {
    const doc = parseDocument(frontmatter);
    doc.delete("slug");
    const title = doc.get("title");
    if (typeof title === "string") {
      doc.set("title", `${title} ${spec.suffix}`);
      titled = true;
    }
    const label = doc.get("sidebar_label");
    if (typeof label === "string") doc.set("sidebar_label", `${label} ${spec.suffix}`);
    const description = doc.get("description");
    if (typeof description === "string") doc.set("description", swapWords(description, spec.swap));
    front = `---\n${doc.toString({ lineWidth: 0 })}---\n`;
  }
  const lines = body.split("\n");
  const code = new Set<number>();
  const prose = proseLines(lines, code);
  let h1Done = titled;
  const out = lines.map((line, i) => {
    if (!h1Done && /^# \S/.test(line)) {
      h1Done = true;
      return `${line} ${spec.suffix}`;
    }
    if (code.has(i)) return MAGIC_COMMENT.test(line) ? line : swapWords(line, spec.swap);
    return relink(prose.has(i) ? swapWords(line, spec.swap) : line, spec);
  });
  return front + out.join("\n") + (spec.random ? apiLikeSection(spec.random) : "");
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out.sort();
}

const isPage = (file: string) => /\.mdx?$/.test(file);

/** Copies the site's build inputs from `root` into `siteDir` (content, the OpenAPI document, public files). */
export async function copySiteInputs(root: string, siteDir: string): Promise<void> {
  for (const sub of ["content", "openapi/node.yaml", "client/public"])
    await cp(path.join(root, sub), path.join(siteDir, sub), { recursive: true });
}

/**
 * Writes into `siteDir` (which already holds a copy of the site's inputs) enough copies of the
 * content sections to reach about `pages` pages. `pages` at or below the real site's count adds
 * nothing.
 */
export async function generateScaledSite(siteDir: string, pages: number): Promise<GeneratedSite> {
  const docsDir = path.join(siteDir, "content/docs");
  const sections = (await readdir(docsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  sections.sort();
  const files = new Map<string, string[]>();
  for (const section of sections) files.set(section, await filesUnder(path.join(docsDir, section)));
  const all = [...files.values()].flat();
  const pagesPerCopy = all.filter(isPage).length;
  const copies = Math.max(0, Math.round((pages - REAL_SITE_PAGES) / pagesPerCopy));
  if (!copies) return { copies, pagesPerCopy };

  const sources = new Map<string, string>();
  for (const file of all.filter(isPage)) sources.set(file, await readFile(file, "utf8"));
  const words = proseWords([...sources.values()]);
  const names = new Set<string>();
  const nameRandom = prng(0x7a11e);
  for (let copy = 1; copy <= copies; copy++) {
    let name = inventedWord(nameRandom);
    while (names.has(name)) name = inventedWord(nameRandom);
    names.add(name);
    const suffix = name[0]!.toUpperCase() + name.slice(1);
    const spec: CopySpec = {
      folder: `scale-${String(copy).padStart(4, "0")}`,
      suffix,
      sections,
      swap: vocabularyFor(copy, words),
      random: prng(0xc0de0000 + copy),
    };
    for (const section of sections) {
      const from = path.join(docsDir, section);
      const to = path.join(from, spec.folder);
      await mkdir(to, { recursive: true });
      await writeFile(
        path.join(to, "_category_.json"),
        `${JSON.stringify({ label: `${section} ${suffix}`, position: 1000 + copy, collapsed: true })}\n`,
      );
      for (const file of files.get(section)!) {
        const target = path.join(to, path.relative(from, file));
        await mkdir(path.dirname(target), { recursive: true });
        if (isPage(file)) await writeFile(target, copyPage(sources.get(file)!, spec));
        else await cp(file, target);
      }
    }
  }
  return { copies, pagesPerCopy };
}
