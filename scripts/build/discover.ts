/**
 * Finds every page under content/docs, reads and validates its frontmatter and the folders'
 * _category_.json, and works out each page's route, sidebar and label.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { SiteConfig, SidebarId } from "../../common/site-config";
import {
  categorySchema,
  formatIssues,
  frontmatterSchema,
  type CategoryMeta,
  type Frontmatter,
} from "../../common/config/schema";

export interface DocSource {
  /** Path relative to the docs folder, with forward slashes, e.g. "general/Introduction/index.mdx". */
  file: string;
  format: "mdx" | "md";
  frontmatter: Frontmatter;
  /** The file's text as read. */
  source: string;
  /** Where the body starts after the frontmatter, and how many lines the frontmatter took (see bodyOf). */
  bodyAt: number;
  bodyLines: number;
  route: string;
  title: string;
  label: string;
  sidebar: SidebarId | null;
  /** Folder relative to the docs folder ("" for the root). */
  dir: string;
  isIndex: boolean;
}

export interface FolderMeta {
  dir: string;
  meta: CategoryMeta | null;
}

class ContentError extends Error {}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

function splitFrontmatter(source: string): { data: unknown; bodyAt: number; bodyLines: number } {
  const m = FRONTMATTER.exec(source);
  if (!m) return { data: {}, bodyAt: 0, bodyLines: 0 };
  return { data: parseYaml(detached(m[1]!)) ?? {}, bodyAt: m[0].length, bodyLines: m[0].split("\n").length - 1 };
}

/**
 * A copy of a part of a text that does not keep the whole text alive. V8 makes a substring a view
 * of its parent (a "sliced string"): a title taken from a page's frontmatter would hold the page's
 * whole source for as long as the build keeps the title, that is, every source of a large site.
 */
function detached(part: string): string {
  return Buffer.from(part, "utf8").toString("utf8");
}

/**
 * A page's body as MDX compiles it: the source with the frontmatter replaced by blank lines (so
 * errors keep their line numbers). Made when compiled; the build keeps only the source.
 */
export function bodyOf(doc: Pick<DocSource, "source" | "bodyAt" | "bodyLines">): string {
  return "\n".repeat(doc.bodyLines) + doc.source.slice(doc.bodyAt);
}

/**
 * Pages already read, by file, section and route policy, with the file's identity and times when
 * read (`npm run dev` keeps them between builds). A file whose inode, size, modification and change
 * times are those of the last read is not read again (as git's index trusts a file's stat); any
 * write changes its change time. Otherwise the text is read and compared with the last one.
 */
export interface DocMemo {
  get(key: string): { stat: string; source: string; doc: DocSource } | undefined;
  set(key: string, entry: { stat: string; source: string; doc: DocSource }): void;
}

/** What a walk found, kept (npm run dev: scripts/dev/build-cache.ts) so that a save of pages it found needs no walk. */
export interface LastWalk {
  /** The docs folder and the configuration the walk's routes and sidebars depend on. */
  key: string;
  docs: DocSource[];
  folders: FolderMeta[];
}

export interface DiscoverMemo {
  docs: DocMemo;
  walk: LastWalk | undefined;
}

/**
 * Every page and folder of the docs folder. With a memo that holds the last walk and `changed` (paths
 * relative to the docs folder of every file changed since, as a watcher saw them): when each is a
 * page that walk found and still a file, only those are read again and the walk's other pages are
 * taken as they were; anything else (a new, removed or moved file, a folder, a _category_.json, an
 * unknown list) walks the whole folder. A walk that fails is not kept, so the next one is whole.
 */
export async function discover(
  docsDir: string,
  config: SiteConfig,
  memo?: DiscoverMemo,
  changed?: string[],
  /** How messages name the docs folder: content/docs, or a legacy version's (content/versions/2025/docs). */
  label = "content/docs",
): Promise<{ docs: DocSource[]; folders: FolderMeta[] }> {
  const key = `${docsDir}\0${config.trailingSlash}\0${JSON.stringify(config.sections)}`;
  const last = memo?.walk;
  if (memo) memo.walk = undefined;
  const found =
    (last?.key === key && changed && (await rereadChanged(docsDir, config, memo!.docs, last, changed, label))) ||
    (await walkAll(docsDir, config, memo?.docs, label));
  if (memo) memo.walk = { key, docs: [...found.docs], folders: found.folders };
  return found;
}

/** The last walk with the `changed` pages read again; null when a change is not one of its pages. */
async function rereadChanged(
  docsDir: string,
  config: SiteConfig,
  memo: DocMemo,
  last: LastWalk,
  changed: string[],
  label: string,
): Promise<{ docs: DocSource[]; folders: FolderMeta[] } | null> {
  const known = new Set(last.docs.map((d) => d.file));
  const again = new Set(changed);
  for (const rel of again) if (!known.has(rel) || !isFile(path.join(docsDir, rel))) return null;
  const errors: string[] = [];
  const docs: DocSource[] = [];
  for (const doc of last.docs) {
    if (again.has(doc.file)) {
      const read = await readDoc(docsDir, doc.file, doc.dir, doc.sidebar, config, errors, memo, label);
      if (read) docs.push(read);
    } else {
      // Marks the page as used by this build, so the memo keeps it.
      docs.push(memo.get(docKey(doc.file, doc.sidebar, config))?.doc ?? doc);
    }
  }
  if (errors.length) throw new ContentError(errors.join("\n"));
  return { docs, folders: last.folders };
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const docKey = (rel: string, sidebar: SidebarId | null, config: SiteConfig) =>
  `${rel}\0${sidebar}\0${config.trailingSlash}`;

async function walkAll(
  docsDir: string,
  config: SiteConfig,
  memo: DocMemo | undefined,
  label: string,
): Promise<{ docs: DocSource[]; folders: FolderMeta[] }> {
  const docs: DocSource[] = [];
  const folders: FolderMeta[] = [];
  const errors: string[] = [];
  const sidebarOf = (rel: string): SidebarId | null =>
    config.sections.find((s) => s.source === "content" && rel.startsWith(`${s.folder}/`))?.id ?? null;

  async function walk(dir: string): Promise<void> {
    // Synchronous, as the pages are read: thousands of folders cost less in turn than through the I/O pool.
    const entries = readdirSync(path.join(docsDir, dir), { withFileTypes: true });
    let meta: CategoryMeta | null = null;
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await walk(rel);
      } else if (entry.name === "_category_.json") {
        let raw: unknown;
        try {
          raw = JSON.parse(readFileSync(path.join(docsDir, rel), "utf8"));
        } catch (e) {
          errors.push(`${label}/${rel}: not valid JSON: ${(e as Error).message}`);
          continue;
        }
        const parsed = categorySchema.safeParse(raw);
        if (parsed.success) meta = parsed.data;
        else errors.push(formatIssues(`${label}/${rel}`, parsed.error));
      } else if (/\.mdx?$/.test(entry.name)) {
        const doc = await readDoc(docsDir, rel, dir, sidebarOf(rel), config, errors, memo, label);
        if (doc) docs.push(doc);
      }
    }
    folders.push({ dir, meta });
  }
  await walk("");
  if (errors.length) throw new ContentError(errors.join("\n"));
  return { docs, folders };
}

/** How long after a change a file's stat is trusted to say it has not changed since. */
const RACY_MS = 2000;

async function readDoc(
  docsDir: string,
  rel: string,
  dir: string,
  sidebar: SidebarId | null,
  config: SiteConfig,
  errors: string[],
  memo: DocMemo | undefined,
  label: string,
): Promise<DocSource | null> {
  const where = `${label}/${rel}`;
  const file = path.join(docsDir, rel);
  const key = docKey(rel, sidebar, config);
  const known = memo?.get(key);
  let stat = "";
  if (memo) {
    const s = statSync(file, { bigint: true });
    // File times tick coarsely: a file changed in the last moments may change again with the same
    // stat, so its stat is not trusted next time ("racy git"): it is read again.
    const settled = Number(s.ctimeNs / 1_000_000n) < Date.now() - RACY_MS;
    stat = settled ? `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : "";
    if (stat && known?.stat === stat) return known.doc;
  }
  // Read at once: thousands of small files cost less read in turn than through the I/O pool.
  const source = readFileSync(file, "utf8");
  if (known?.source === source) {
    memo?.set(key, { ...known, stat });
    return known.doc;
  }
  const doc = parseDoc(where, rel, dir, sidebar, config, source, errors);
  if (doc) memo?.set(key, { stat, source, doc });
  return doc;
}

/** A page's frontmatter checked and its route, title and label worked out; null (with errors noted) when it is invalid. */
function parseDoc(
  where: string,
  rel: string,
  dir: string,
  sidebar: SidebarId | null,
  config: SiteConfig,
  source: string,
  errors: string[],
): DocSource | null {
  let split: ReturnType<typeof splitFrontmatter>;
  try {
    split = splitFrontmatter(source);
  } catch (e) {
    errors.push(`${where}: frontmatter is not valid YAML: ${(e as Error).message}`);
    return null;
  }
  const parsed = frontmatterSchema.safeParse(split.data);
  if (!parsed.success) {
    errors.push(formatIssues(where, parsed.error));
    return null;
  }
  const fm = parsed.data;
  const base = rel.replace(/\.mdx?$/, "");
  const isIndex = path.posix.basename(base) === "index";
  let route: string;
  if (fm.slug) route = fm.slug.startsWith("/") ? fm.slug : `/${dir ? `${dir}/` : ""}${fm.slug}`;
  else route = isIndex ? `/${dir ? `${dir}/` : ""}` : `/${base}`;
  route = applyTrailingSlash(route.replace(/\/{2,}/g, "/"), config.trailingSlash);
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(split.bodyAt ? source.slice(split.bodyAt) : source)?.[1];
  const h1 = heading === undefined ? undefined : detached(heading);
  const title = fm.title ?? h1 ?? path.posix.basename(base);
  return {
    file: rel,
    format: rel.endsWith(".md") ? "md" : "mdx",
    frontmatter: fm,
    source,
    bodyAt: split.bodyAt,
    bodyLines: split.bodyLines,
    route,
    title,
    label: fm.sidebar_label ?? title,
    sidebar,
    dir,
    isIndex,
  };
}

function applyTrailingSlash(route: string, policy: boolean | null): string {
  if (route === "/" || policy === null) return route;
  if (policy) return route.endsWith("/") ? route : `${route}/`;
  return route.replace(/\/+$/, "");
}
