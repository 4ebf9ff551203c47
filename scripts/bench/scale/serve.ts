/**
 * Serving the bench's site on local workerd and the figures of its requests: a fresh workerd per
 * measured isolate (the socket straight into the worker), medians over isolates, and a legacy docs
 * version's serving figures (scale/versions.ts).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { productionVars, startLocalServer, type LocalServer } from "../../local/server";
import { childProcessesNamed, newProcessNamed, preciseCpuTimeMs } from "../procfs";
import type { RequestFigures } from "./requests";
import { coldRequest, requestRun, SEARCH_SETTLE_MS, searchRun } from "./requests";
import type { LegacyVersionFigures } from "./versions";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Served {
  server: LocalServer;
  /** The socket straight into the worker (see LocalServerOptions.direct): what every measured request goes to. */
  origin: string;
  workerd: number;
  /** workerd's CPU from its start until it served. */
  startupCpuMs: number;
}

export async function serve(kvPersist: string, vars?: Record<string, string>): Promise<Served> {
  const before = childProcessesNamed("workerd");
  const server = await startLocalServer({
    root,
    port: 0,
    kvPersist,
    vars: { ...productionVars, ...vars },
    direct: true,
  });
  const workerd = newProcessNamed("workerd", before);
  return { server, origin: server.direct!.origin, workerd, startupCpuMs: preciseCpuTimeMs(workerd) };
}

/**
 * Fresh isolates (each in its own workerd) the cold page and cold search, then the warm runs, are
 * measured on: the same request on one isolate varies by up to 1.3× between runs, and a warm run
 * by as much between isolates (this machine's speed drifts over minutes), so the report gives each
 * figure's median, with every sample.
 */
export const COLD_ISOLATES = 5;

export type ColdSample = Awaited<ReturnType<typeof coldRequest>>;

/** The sample with the median CPU, with every sample's CPU. */
export function medianSample(samples: ColdSample[]): ColdSample {
  const sorted = [...samples].sort((a, b) => a.cpuMs - b.cpuMs);
  return { ...sorted[Math.floor(sorted.length / 2)]!, cpuSamplesMs: samples.map((s) => s.cpuMs) };
}

/** The run with the median CPU per request, with every run's. */
export function medianRun(runs: RequestFigures[]): RequestFigures {
  const sorted = [...runs].sort((a, b) => a.cpuPerRequestMs - b.cpuPerRequestMs);
  return { ...sorted[Math.floor(sorted.length / 2)]!, cpuSamplesMs: runs.map((r) => r.cpuPerRequestMs) };
}

/** A GET search as DocSearch's contextual search sends it: the docs version's facet filter, so one version's index is read. */
export const searchUrl = (origin: string, indexName: string, version: string, q: string) =>
  `${origin}/1/indexes/${encodeURIComponent(indexName)}?query=${encodeURIComponent(q)}&facetFilters=${encodeURIComponent(
    JSON.stringify(["language:en", ["docusaurus_tag:default", `docusaurus_tag:docs-default-${version}`]]),
  )}`;

/**
 * A legacy version's serving figures, measured as the current version's are: in COLD_ISOLATES fresh
 * isolates, its page (under its prefix) and a search of its index first, then 40 warm searches and,
 * in isolates without the page cache, 40 uncached pages.
 */
export async function measureLegacy(
  kvDir: string,
  version: { name: string; prefix: string },
  page: string,
  indexName: string,
  terms: string[],
  realSiteBytes: number | null,
): Promise<NonNullable<LegacyVersionFigures["serve"]>> {
  const route = `${version.prefix}${page.slice(1)}`;
  const url = (o: string, q: string) => searchUrl(o, indexName, version.name, q);
  const warmTerms = Array.from({ length: 40 }, (_, i) => terms[i % Math.max(1, terms.length)] ?? "movement");
  const pairs: { page: ColdSample; search: ColdSample }[] = [];
  const warm: RequestFigures[] = [];
  const uncached: RequestFigures[] = [];
  for (let i = 0; i < COLD_ISOLATES; i++) {
    const fresh = await serve(kvDir);
    try {
      const first = await coldRequest(`${fresh.origin}${route}`, fresh.workerd);
      const search = await coldRequest(url(fresh.origin, terms[0] ?? "movement"), fresh.workerd, SEARCH_SETTLE_MS);
      if (first.status !== 200 || search.status !== 200)
        throw new Error(
          `version ${version.name}: the cold requests answered ${first.status} (page) and ${search.status} (search)`,
        );
      pairs.push({ page: first, search });
      warm.push(
        await searchRun(
          warmTerms.map((t) => url(fresh.origin, t)),
          fresh.workerd,
        ),
      );
    } finally {
      await fresh.server.dispose();
    }
    const bare = await serve(kvDir, { DISABLE_PAGE_CACHE: "1" });
    try {
      uncached.push(await requestRun(Array(40).fill(`${bare.origin}${route}`), bare.workerd));
    } finally {
      await bare.server.dispose();
    }
  }
  const strip = ({ body: _body, ...figures }: ColdSample) => figures;
  const coldPage = medianSample(pairs.map((p) => p.page));
  return {
    coldPage: strip(coldPage),
    coldSearch: strip(medianSample(pairs.map((p) => p.search))),
    warmSearch: medianRun(warm),
    uncachedPage: medianRun(uncached),
    html: { route, bytes: Buffer.byteLength(coldPage.body), realSiteBytes },
  };
}
