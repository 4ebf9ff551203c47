/**
 * search_docs: the site's own search (worker/search/engine.ts, the same query plan and contextual
 * filters as the /search page), answered one result per page: its URL, title and snippet, with
 * the best sections the hits fall in folded under it, each with its URL and a snippet.
 */
import * as z from "zod";
import { CONTEXTUAL_FACET_FILTERS, HIERARCHY_LEVELS, type SearchRecord } from "../../../common/search";
import type { EngineHit } from "../../search/engine";
import { snippet, type HighlightQuery } from "../../search/highlight";
import { parseFacetFilters } from "../../search/protocol";
import { recordSearches } from "../../signals/searches";
import { ToolFailure, type LiveDocs } from "../live-docs";
import { findSection } from "../sections";
import { defineTool } from "./define";

const SNIPPET_WORDS = 30;
/** Hits read for each page asked for: a page's sections are spread over its hits. */
const HITS_PER_RESULT = 8;
const SECTIONS_PER_RESULT = 3;

interface Found {
  url: string;
  title: string;
  snippet?: string;
}
interface PageResult extends Found {
  sections: Found[];
}

/** A record's headings below the page title (lvl2 and deeper), joined. */
function headingsOf(record: SearchRecord): string {
  return HIERARCHY_LEVELS.slice(2)
    .map((l) => record.hierarchy[l])
    .filter((h): h is string => h !== null)
    .join(" › ");
}

const pageTitleOf = (r: SearchRecord) => [r.hierarchy.lvl0, r.hierarchy.lvl1].filter((h) => h !== null).join(" › ");

function snippetText(content: string, q: HighlightQuery): string {
  return snippet(content, q, SNIPPET_WORDS, "…")
    .segments.map((s) => s.text)
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/** Hits folded by page, in the order of each page's best hit; sections in the order of their best hit. */
function fold(hits: EngineHit[], site: string, pages: number): PageResult[] {
  const byPage = new Map<string, PageResult & { byAnchor: Map<string, Found> }>();
  for (const { record, highlight } of hits) {
    const path = new URL(record.url).pathname;
    let page = byPage.get(path);
    if (!page) {
      if (byPage.size >= pages) continue;
      page = { url: `${site}${path}`, title: pageTitleOf(record), sections: [], byAnchor: new Map() };
      byPage.set(path, page);
    }
    const text = record.content ? snippetText(record.content, highlight) : undefined;
    if (!record.anchor) {
      page.snippet ??= text;
      continue;
    }
    let section = page.byAnchor.get(record.anchor);
    if (!section) {
      if (page.byAnchor.size >= SECTIONS_PER_RESULT) continue;
      section = { url: `${page.url}#${record.anchor}`, title: headingsOf(record) || record.anchor };
      page.byAnchor.set(record.anchor, section);
      page.sections.push(section);
    }
    section.snippet ??= text;
  }
  return [...byPage.values()].map(({ byAnchor: _, ...p }) => p);
}

/**
 * Snippets no hit gave: a page's description from the manifest, and for a section the first
 * words of its text in the page's twin.
 */
async function fillSnippets(results: PageResult[], docs: LiveDocs, site: string): Promise<void> {
  const { manifest } = await docs.build();
  await Promise.all(
    results.map(async (page) => {
      const route = page.url.slice(site.length);
      page.snippet ??= (await manifest.route(route))?.description || undefined;
      const bare = page.sections.filter((s) => !s.snippet);
      if (!bare.length) return;
      const markdown = await docs.markdown(route);
      const sections = await docs.sections(route, markdown);
      for (const s of bare) {
        const found = findSection(sections, s.url.slice(s.url.indexOf("#") + 1));
        if (!found) continue;
        const body = markdown.slice(found.start, found.end).split("\n").slice(1).join(" ");
        const words = body
          .replace(/[`*_|#>-]+/g, " ")
          .split(/\s+/)
          .filter(Boolean);
        if (words.length)
          s.snippet = `${words.slice(0, SNIPPET_WORDS).join(" ")}${words.length > SNIPPET_WORDS ? "…" : ""}`;
      }
    }),
  );
}

function render(query: string, results: PageResult[]): string {
  const line = (f: Found) => `${f.url} ${f.title}${f.snippet ? `: ${f.snippet}` : ""}`;
  return [
    `${results.length} page${results.length === 1 ? "" : "s"} for "${query}":`,
    ...results.flatMap((p, i) => ["", `${i + 1}. ${line(p)}`, ...p.sections.map((s) => `   - ${line(s)}`)]),
  ].join("\n");
}

export const searchDocs = defineTool({
  name: "search_docs",
  title: "Search the docs",
  description:
    "Searches the documentation with the site's own search engine. Returns one result per page (URL, title, snippet) with the page's best-matching sections under it, each with its URL#anchor and a snippet. Read a section or page with get_page and that URL.",
  input: z.strictObject({
    query: z.string().trim().min(1).max(200).describe('What to look for, in words, e.g. "testnet faucet"'),
    section: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('Only search one section of the site, by its label or id (e.g. "Build", "Node API")'),
    limit: z.number().int().min(1).max(10).optional().describe("How many pages to return (1-10, default 5)"),
  }),
  async run({ query, section, limit = 5 }, { docs, signals }) {
    const { buildId, manifest } = await docs.build();
    const { config } = manifest;
    const facetFilters = config.search.contextualSearch ? parseFacetFilters(CONTEXTUAL_FACET_FILTERS) : [];
    if (section !== undefined) {
      const wanted = section.trim().toLowerCase();
      const found = config.sections.find((s) => s.label.toLowerCase() === wanted || s.id.toLowerCase() === wanted);
      if (!found)
        throw new ToolFailure(
          `Unknown section "${section}". The sections are: ${config.sections.map((s) => s.label).join(", ")}`,
        );
      facetFilters.push([`hierarchy.lvl0:${found.label}`]);
    }
    const engine = await docs.store.searchIndex(buildId, manifest);
    // One hit per section (distinct): the hits read then spread over more sections and pages.
    const hitsPerPage = Math.min(100, limit * HITS_PER_RESULT);
    const result = await engine.search({ query, hitsPerPage, facetFilters, distinct: 1 });
    recordSearches(signals, "agent", [{ query, facetFilters, nbHits: result.nbHits }]);
    const site = await docs.siteUrl();
    const results = fold(result.hits, site, limit);
    await fillSnippets(results, docs, site);
    if (results.length === 0)
      return { text: `No results for "${result.query}".`, structured: { query: result.query, results } };
    return { text: render(result.query, results), structured: { query: result.query, results } };
  },
});
