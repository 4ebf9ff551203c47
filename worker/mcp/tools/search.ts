/**
 * search_docs: the site's own search (worker/search/engine.ts, the same query plan and contextual
 * filters as the /search page), answered as titles, absolute URLs and snippets.
 */
import * as z from "zod";
import { CONTEXTUAL_FACET_FILTERS, HIERARCHY_LEVELS, type SearchRecord } from "../../../client/contracts/search";
import { snippet, type HighlightQuery } from "../../search/highlight";
import { parseFacetFilters } from "../../search/protocol";
import { ToolFailure } from "../live-docs";
import { capped, defineTool } from "./define";

const SNIPPET_WORDS = 40;

function titleOf(record: SearchRecord): string {
  const levels = HIERARCHY_LEVELS.filter((l) => record.hierarchy[l] !== null);
  return levels.map((l) => record.hierarchy[l]).join(" › ");
}

export const searchDocs = defineTool({
  name: "search_docs",
  title: "Search the docs",
  description:
    "Searches the documentation with the site's own search engine and returns the best matches: title, URL and a snippet. Fetch a result's full text with get_page.",
  input: z.strictObject({
    query: z.string().trim().min(1).max(200).describe('What to look for, in words, e.g. "testnet faucet"'),
    section: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('Only search one section of the site, by its label or id (e.g. "Build", "Node API")'),
    limit: z.number().int().min(1).max(20).optional().describe("How many results to return (1-20, default 10)"),
  }),
  async run({ query, section, limit = 10 }, docs) {
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
    const engine = await docs.store.searchIndex(buildId);
    const result = await engine.search({ query, hitsPerPage: limit, facetFilters });
    if (result.hits.length === 0) return `No results for "${result.query}".`;
    const site = await docs.siteUrl();
    const lines = result.hits.flatMap(({ record, highlight }, i) => {
      const url = new URL(record.url);
      const text = record.content ? snippetText(record.content, highlight) : null;
      return [`${i + 1}. ${titleOf(record)}`, `   ${site}${url.pathname}${url.hash}`, ...(text ? [`   ${text}`] : [])];
    });
    const header = `${result.nbHits} results for "${result.query}"; the first ${result.hits.length}:`;
    return capped([header, "", ...lines].join("\n"), 0, () => "search_docs with a narrower query");
  },
});

function snippetText(content: string, q: HighlightQuery): string {
  return snippet(content, q, SNIPPET_WORDS, "…")
    .segments.map((s) => s.text)
    .join("")
    .replace(/\s+/g, " ");
}
