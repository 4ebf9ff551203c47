/**
 * Which search index a query reads: each docs version has its own (worker/content-store: the
 * current version's is a key of the build, a legacy one's a blob its manifest part names), whose
 * records carry no version. The version's facet value (`docusaurus_tag: docs-default-<name>`,
 * Docusaurus' contextual search) is decided here, before any index is read: a query's facet filters
 * select the versions whose value passes them (no filter on the tag selects every version), and
 * each selected index gets the filters left once the tag and language are decided. Hits then get
 * the version's tag and its prefix in their URLs. Filters naming several versions merge their
 * results, best score first.
 */
import { publicSiteUrl } from "../../common/base-url";
import { SEARCH_LANGUAGE, type SearchRecord } from "../../common/search";
import { versionPath, versionTag, type VersionConfig } from "../../common/versions";
import type { BuildManifest, ContentStore } from "../content-store";
import { passesFilters, type EngineQuery, type EngineResult, type FacetFilters, type FacetReader } from "./engine";

/** Facets with one value for every record of a version's index: decided per version, not per record. */
const VERSION_FACETS = new Set(["language", "docusaurus_tag"]);

const attributeOf = (filter: string) => {
  const colon = filter.indexOf(":");
  const name = colon < 0 ? filter : filter.slice(0, colon);
  return name.startsWith("-") ? name.slice(1) : name;
};

/**
 * The filters `version`'s index gets for `filters`, or null when they exclude the version: a group
 * of version facets alone passes or fails as a whole; a group mixing them with others passes when
 * one of its version facets does, else keeps its other filters.
 */
export function filtersForVersion(filters: FacetFilters, version: string): FacetFilters | null {
  const read: FacetReader = (attribute) =>
    attribute === "language" ? SEARCH_LANGUAGE : attribute === "docusaurus_tag" ? versionTag(version) : undefined;
  const left: FacetFilters = [];
  for (const group of filters) {
    const fixed = group.filter((f) => VERSION_FACETS.has(attributeOf(f)));
    if (fixed.length && passesFilters(read, [fixed])) continue;
    const rest = group.filter((f) => !VERSION_FACETS.has(attributeOf(f)));
    if (!rest.length) return null;
    left.push(rest);
  }
  return left;
}

/** The most hits a merged query reads from each version's index (the engine's page size limit). */
const MERGE_DEPTH = 100;

/** A hit as the Algolia protocol answers it: the version's tag and its prefix in the URLs. */
function inVersion(record: SearchRecord, version: VersionConfig, site: string): SearchRecord {
  const url = (u: string) =>
    u.startsWith(`${site}/`) ? `${site}${versionPath(version.prefix, u.slice(site.length))}` : u;
  return {
    ...record,
    url: url(record.url),
    url_without_anchor: url(record.url_without_anchor),
    docusaurus_tag: versionTag(version.name),
  };
}

/** The live build's search over its docs versions, for one request. */
export class VersionedSearch {
  private readonly versions = new Map<string, Promise<BuildManifest | null>>();

  constructor(
    private readonly store: ContentStore,
    private readonly buildId: string,
    private readonly manifest: BuildManifest,
  ) {}

  private async engineOf(version: VersionConfig) {
    let shown = this.versions.get(version.name);
    if (!shown) this.versions.set(version.name, (shown = this.manifest.inVersion(version.name)));
    const manifest = await shown;
    return manifest && this.store.searchIndex(this.buildId, manifest);
  }

  /** Runs `q` over the indexes of the versions its filters select. */
  async search(q: EngineQuery): Promise<EngineResult> {
    const site = publicSiteUrl(this.manifest.config);
    const selected = this.manifest.versions
      .map((version) => ({ version, filters: filtersForVersion(q.facetFilters ?? [], version.name) }))
      .filter((s): s is { version: VersionConfig; filters: FacetFilters } => s.filters !== null);
    const page = q.page ?? 0;
    const hitsPerPage = q.hitsPerPage ?? 20;
    if (selected.length <= 1) {
      const only = selected[0];
      const engine = only && (await this.engineOf(only.version));
      if (!only || !engine) return empty(q, page, hitsPerPage);
      const result = await engine.search({ ...q, facetFilters: only.filters });
      return { ...result, hits: result.hits.map((h) => ({ ...h, record: inVersion(h.record, only.version, site) })) };
    }
    // Several versions: the first hits of each, merged by score; paging reaches MERGE_DEPTH in all.
    const depth = Math.min(MERGE_DEPTH, (page + 1) * hitsPerPage);
    const results = await Promise.all(
      selected.map(async ({ version, filters }) => {
        const engine = await this.engineOf(version);
        const result = engine
          ? await engine.search({ ...q, page: 0, hitsPerPage: depth, facetFilters: filters })
          : null;
        return { version, result };
      }),
    );
    const hits = results
      .flatMap(({ version, result }) =>
        (result?.hits ?? []).map((h) => ({ ...h, record: inVersion(h.record, version, site) })),
      )
      .sort((a, b) => b.score - a.score);
    const nbHits = results.reduce((n, r) => n + (r.result?.nbHits ?? 0), 0);
    const reachable = Math.min(nbHits, MERGE_DEPTH);
    return {
      query: results.find((r) => r.result)?.result?.query ?? q.query,
      hits: hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
      nbHits,
      exhaustive: results.every((r) => r.result?.exhaustive ?? true),
      page,
      nbPages: hitsPerPage > 0 ? Math.ceil(reachable / hitsPerPage) : 0,
      hitsPerPage,
    };
  }
}

function empty(q: EngineQuery, page: number, hitsPerPage: number): EngineResult {
  return { query: q.query, hits: [], nbHits: 0, exhaustive: true, page, nbPages: 0, hitsPerPage };
}
