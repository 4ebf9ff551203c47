/**
 * Search records from page trees, in the DocSearch shape: one record per page title, per heading
 * and per block of text (paragraph, list item, table row, caption…) under its headings.
 */
import { withBase } from "../../common/base-url";
import { createHash } from "node:crypto";
import {
  LEVEL_WEIGHT,
  SEARCH_DOCS_TAG,
  SEARCH_LANGUAGE,
  type SearchHierarchy,
  type SearchRecord,
  type SearchRecordType,
} from "../../common/search";
import { sectionLabel, type SidebarId, type SiteConfig } from "../../common/site-config";
import { isElement, type TreeElement, type TreeNode } from "../../common/tree";
import { parseFragment, preRenderedHtml } from "../../common/build/hast";
import { textBlocks } from "./hast-text";

/** What the records need of a page; BuiltPage has it. */
export interface SearchablePage {
  route: string;
  title: string;
  description: string;
  sidebar: SidebarId | null;
  tree: TreeNode[];
  /** Extra terms that should find the page (see SearchRecord.keywords). */
  searchKeywords?: string[];
}

/** Elements whose text belongs to the block around them. */
const INLINE = new Set(
  "a abbr b bdi bdo br cite code data del dfn em i ins kbd mark q s samp small span strong sub sup time u var wbr".split(
    " ",
  ),
);
/** Elements whose text is not prose: code, drawings, component chrome. */
const SKIP = new Set([
  "pre",
  "script",
  "style",
  "svg",
  "img",
  "CodeBlock",
  "Cards",
  "Card",
  "DocCardList",
  "ApiExplorerMount",
  "button",
]);
const HEADING = /^h([1-6])$/;
const MAX_CONTENT = 2000;
const SUBHEADINGS = ["lvl2", "lvl3", "lvl4", "lvl5", "lvl6"] as const;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The text of an element's own inline content (nested blocks are records of their own). Two
 * elements side by side (`<code>a</code><span>b</span>`) are separate words on screen.
 */
function inlineText(nodes: TreeNode[]): string {
  let out = "";
  let prevElement = false;
  for (const node of nodes) {
    if (typeof node === "string") out += node;
    else if (isElement(node) && INLINE.has(node[0]))
      out += (prevElement || node[0] === "br" ? " " : "") + inlineText(node.slice(2) as TreeNode[]);
    prevElement = typeof node !== "string";
  }
  return out;
}

function children(el: TreeElement): TreeNode[] {
  return el.slice(2) as TreeNode[];
}

/** What the records need of the site: its origin and base URL ("/" when not given), and its sections for the first level of the hierarchy. */
export type SearchSite = Pick<SiteConfig, "url" | "sections"> & Partial<Pick<SiteConfig, "baseUrl">>;

export function searchRecordsOf(page: SearchablePage, site: SearchSite, pageRank = 0): SearchRecord[] {
  const base = `${site.url}${withBase(site.baseUrl ?? "/", page.route)}`;
  const lvl0 = sectionLabel(site, page.sidebar);
  const hierarchy: SearchHierarchy = {
    lvl0,
    lvl1: page.title,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  let anchor: string | null = null;
  let sawTitle = false;
  const records: SearchRecord[] = [];
  const seen = new Map<string, number>();

  /** `keywords`: terms the record is found by besides its text (a page's, or a field's name). */
  const push = (type: SearchRecordType, content: string | null, at = anchor, keywords?: string[]) => {
    const url = at ? `${base}#${at}` : base;
    const key = JSON.stringify([url, type, hierarchy, content]);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    records.push({
      objectID: createHash("sha256").update(`${key}\0${n}`).digest("hex").slice(0, 16),
      type,
      hierarchy: { ...hierarchy },
      content,
      url,
      url_without_anchor: base,
      anchor: at,
      language: SEARCH_LANGUAGE,
      docusaurus_tag: SEARCH_DOCS_TAG,
      ...(keywords?.length ? { keywords } : {}),
      weight: { pageRank, level: LEVEL_WEIGHT[type], position: records.length },
    });
  };

  const titleRecord = (title: string) => {
    sawTitle = true;
    hierarchy.lvl1 = title || page.title;
    push("lvl1", collapse(page.description) || null, anchor, page.searchKeywords);
  };

  const heading = (level: number, el: TreeElement) => {
    const text = collapse(inlineText(children(el)));
    if (level === 1 && !sawTitle) return titleRecord(text);
    if (!sawTitle) titleRecord(page.title);
    const lvl = Math.max(level, 2);
    for (const l of SUBHEADINGS.slice(lvl - 2)) hierarchy[l] = null;
    hierarchy[`lvl${lvl}` as (typeof SUBHEADINGS)[number]] = text;
    anchor = typeof el[1]?.id === "string" ? el[1].id : anchor;
    if (text) push(`lvl${lvl}` as SearchRecordType, null);
  };

  /**
   * A block of text; `name`, the field or parameter a row of the API reference documents, is the
   * record's keyword: a search for the name typed whole then ranks the row that defines it above
   * text that only mentions it (common/search.ts indexes it in the name field).
   */
  const text = (raw: string, at = anchor, name?: string) => {
    const content = collapse(raw);
    if (!content) return;
    if (!sawTitle) titleRecord(page.title);
    const shown = content.length > MAX_CONTENT ? `${content.slice(0, MAX_CONTENT - 1)}…` : content;
    push("content", shown, at, name ? [name] : undefined);
  };

  const visit = (nodes: TreeNode[]) => {
    let loose = "";
    for (const node of nodes) {
      if (typeof node === "string" || (isElement(node) && INLINE.has(node[0]))) {
        loose += typeof node === "string" ? node : inlineText([node]);
        continue;
      }
      if (!isElement(node)) continue;
      text(loose);
      loose = "";
      const [type] = node;
      const h = HEADING.exec(type);
      if (h) heading(Number(h[1]), node);
      else if (SKIP.has(type)) continue;
      else if (preRenderedHtml(node) !== null)
        for (const block of textBlocks(parseFragment(preRenderedHtml(node)!, { keepPermalinks: true })))
          text(block.text, block.id ?? anchor, block.name);
      else if (type === "thead") continue;
      else if (type === "tr")
        text(
          children(node)
            .filter(isElement)
            .map((cell) => collapse(inlineText(children(cell))))
            .filter(Boolean)
            .join(" | "),
        );
      else {
        text(inlineText(children(node)));
        visit(children(node).filter((c) => isElement(c) && !INLINE.has(c[0])));
      }
    }
    text(loose);
  };

  visit(page.tree);
  if (!sawTitle) titleRecord(page.title);
  return records;
}

/** Text found on this many pages is boilerplate (shared API schemas, header tables): indexed once. */
const BOILERPLATE_PAGES = 3;

/**
 * Records of every page, in route order. Text blocks of a single word ("Example") are dropped, and
 * a block that repeats on many pages is kept only where it first appears, so generated reference
 * pages do not flood results (or the index) with the same sentence thirty times.
 */
/**
 * The site's records. With `keyOf` and `memo` (watch mode), a page whose key is unchanged reuses
 * the records of the last build instead of walking its tree again.
 */
export function searchRecords(pages: Iterable<SearchablePage>, site: SearchSite): SearchRecord[] {
  return withoutBoilerplate(
    [...pages].sort((a, b) => a.route.localeCompare(b.route)).flatMap((page) => searchRecordsOf(page, site)),
  );
}

/**
 * Makes a page's records share their repeated strings (the language, docs tag and type every record
 * has, the page's address and title, the section label) through `shared`: records that come from a
 * build thread or from the build cache each carry their own copies, and a site of 10,000 pages has
 * hundreds of thousands of records.
 */
export function shareRecordStrings(records: SearchRecord[], shared: Map<string, string>): void {
  const one = (s: string) => shared.get(s) ?? (shared.set(s, s), s);
  for (const r of records) {
    r.language = SEARCH_LANGUAGE;
    r.docusaurus_tag = SEARCH_DOCS_TAG;
    r.type = one(r.type) as SearchRecordType;
    r.url_without_anchor = one(r.url_without_anchor);
    r.hierarchy.lvl0 = one(r.hierarchy.lvl0);
    r.hierarchy.lvl1 = one(r.hierarchy.lvl1);
    for (const level of SUBHEADINGS) {
      const text = r.hierarchy[level];
      if (text !== null) r.hierarchy[level] = one(text);
    }
    if (r.anchor === null && r.url === r.url_without_anchor) r.url = r.url_without_anchor;
  }
}

/**
 * The site's records (pages in route order) without text blocks of fewer than two words, and with
 * a text repeated on BOILERPLATE_PAGES pages or more kept once.
 */
export function withoutBoilerplate(all: SearchRecord[]): SearchRecord[] {
  const pagesOf = new Map<string, Set<string>>();
  for (const r of all) {
    if (r.type !== "content" || !r.content) continue;
    let set = pagesOf.get(r.content);
    if (!set) pagesOf.set(r.content, (set = new Set()));
    set.add(r.url_without_anchor);
  }
  const kept = new Set<string>();
  return all.filter((r) => {
    if (r.type !== "content" || !r.content) return true;
    if (wordCount(r.content) < 2) return false;
    if (pagesOf.get(r.content)!.size < BOILERPLATE_PAGES) return true;
    if (kept.has(r.content)) return false;
    kept.add(r.content);
    return true;
  });
}

function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}
