/**
 * The search evaluation: the judged query set run against the real worker bundle on local workerd
 * (the build published to a temporary local KV), scored per kind, timed over repeated warm runs,
 * and, beside it, the same set on Pagefind over the same rendered pages.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { kvKeys } from "../../../common/page";
import { CONTEXTUAL_FACET_FILTERS } from "../../../common/search";
import type { SiteBuild } from "../../build/build";
import { SEARCH_CLIENT_HEADER } from "../../../common/signals";
import { startLocalServer, type LocalServer } from "../../local/server";
import { publishBuild } from "../../publish/publish";
import {
  distinctPages,
  firstRank,
  latencyFigures,
  scoreByKind,
  type EvalQuery,
  type KindScore,
  type QueryKind,
} from "./metrics";
import { pagefindResults } from "./pagefind";

/** DocSearch asks for 20 hits; a reader sees their pages. */
const HITS = 20;

export interface SearchEvalReport {
  queries: number;
  ours: KindScore[];
  pagefind: KindScore[] | { skipped: string };
  latency: { runs: number; medianMs: number; p95Ms: number };
  /** Queries whose judged page is not in our first 10 pages, with what came first. */
  misses: { kind: QueryKind; query: string; rank: number; top: string[] }[];
}

export async function loadQueries(root: string): Promise<EvalQuery[]> {
  const file = path.join(root, "scripts/search/eval/queries.json");
  return (JSON.parse(await readFile(file, "utf8")) as { queries: EvalQuery[] }).queries;
}

/** The worker on local workerd with a build to search: `ask` sends one query as the modal would, marked as the eval's (never recorded as a signal). */
export interface EvalServer {
  server: LocalServer;
  ask(query: string): Promise<{ ms: number; urls: string[] }>;
  dispose(): Promise<void>;
}

/** The local KV the operations commands write (scripts/publish/target.ts: DOCS_LOCAL_STATE or .wrangler/state). */
const localKvOf = (root: string) =>
  path.join(process.env.DOCS_LOCAL_STATE ?? path.join(root, ".wrangler/state"), "v3/kv");

/**
 * `build` published to a temporary local KV, or (with `channel`) the local KV `npm run publish`
 * writes, serving that channel as it is: what `npm run publish -- --channel preview-x` left there.
 * Signals go to a temporary database either way.
 */
export async function startEvalServer(root: string, build: SiteBuild, channel?: string): Promise<EvalServer> {
  if (!existsSync(path.join(root, "dist/worker/index.js")))
    throw new Error("dist/worker/index.js is missing: run npm run build first");
  const tmp = await mkdtemp(path.join(tmpdir(), "search-eval-"));
  const server = await startLocalServer({
    root,
    port: 0,
    kvPersist: channel ? localKvOf(root) : path.join(tmp, "kv"),
    d1Persist: path.join(tmp, "d1"),
    ...(channel ? { channel } : {}),
  });
  try {
    if (!channel) await publishBuild(server.kv, build, "production");
    else if (!(await server.kv.get(kvKeys.channel(channel))))
      throw new Error(
        `local KV has no channel "${channel}": publish to it first (npm run publish -- --channel ${channel})`,
      );
  } catch (e) {
    await server.dispose();
    await rm(tmp, { recursive: true, force: true });
    throw e;
  }
  const indexName = build.manifest.config.search.indexName;
  const endpoint = new URL("/1/indexes/*/queries", server.url);
  return {
    server,
    async ask(query: string) {
      const started = performance.now();
      const res = await fetch(endpoint, {
        method: "POST",
        headers: { [SEARCH_CLIENT_HEADER]: "eval" },
        body: JSON.stringify({
          requests: [{ indexName, query, hitsPerPage: HITS, distinct: true, facetFilters: CONTEXTUAL_FACET_FILTERS }],
        }),
      });
      if (!res.ok) throw new Error(`search "${query}": ${res.status} ${await res.text()}`);
      const { results } = (await res.json()) as { results: { hits: { url: string }[] }[] };
      return { ms: performance.now() - started, urls: results[0]!.hits.map((h) => h.url) };
    },
    async dispose() {
      await server.dispose();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

export async function runSearchEval(
  root: string,
  build: SiteBuild,
  options: { runs?: number; pagefind?: boolean; channel?: string } = {},
): Promise<SearchEvalReport> {
  const runs = options.runs ?? 5;
  const queries = await loadQueries(root);
  const missing = queries.flatMap((q) => q.targets).filter((t) => !build.pages.has(t));
  if (missing.length) throw new Error(`queries.json names pages the build does not have: ${missing.join(", ")}`);

  const { server, ask, dispose } = await startEvalServer(root, build, options.channel);
  try {
    await ask("warm up");
    const samples: number[][] = queries.map(() => []);
    const pages: string[][] = [];
    for (let run = 0; run < runs; run++) {
      for (const [i, q] of queries.entries()) {
        const { ms, urls } = await ask(q.query);
        samples[i]!.push(ms);
        if (run === 0) pages.push(distinctPages(urls));
      }
    }
    const ranks = queries.map((q, i) => ({ kind: q.kind, rank: firstRank(pages[i]!, q.targets) }));

    let pagefind: SearchEvalReport["pagefind"] = {
      skipped: options.channel ? `the channel ${options.channel} was searched, not this build` : "not asked for",
    };
    if (options.pagefind !== false && !options.channel) {
      const rendered = await Promise.all(
        [...build.pages.keys()].map(async (route) => ({
          route,
          html: await (await fetch(new URL(route, server.url))).text(),
        })),
      );
      const theirs = await pagefindResults(
        root,
        rendered,
        queries.map((q) => q.query),
        HITS,
      );
      pagefind =
        "skipped" in theirs
          ? theirs
          : scoreByKind(
              queries.map((q, i) => ({ kind: q.kind, rank: firstRank(distinctPages(theirs.urls[i]!), q.targets) })),
            );
    }
    return {
      queries: queries.length,
      ours: scoreByKind(ranks),
      pagefind,
      latency: { runs, ...latencyFigures(samples) },
      misses: queries
        .map((q, i) => ({ kind: q.kind, query: q.query, rank: ranks[i]!.rank, top: pages[i]!.slice(0, 3) }))
        .filter((m) => m.rank === 0 || m.rank > 10),
    };
  } finally {
    await dispose();
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The report as a Markdown table: ours and Pagefind's side by side, per kind. */
export function renderSearchEval(r: SearchEvalReport): string {
  const theirs = Array.isArray(r.pagefind) ? r.pagefind : null;
  const lines = [
    `Search evaluation: ${r.queries} judged queries (scripts/search/eval/queries.json)`,
    "",
    "| kind | queries | success@1 | success@10 | MRR | Pagefind success@1 | Pagefind success@10 | Pagefind MRR |",
    "|---|---|---|---|---|---|---|---|",
    ...r.ours.map((o) => {
      const p = theirs?.find((t) => t.kind === o.kind);
      const them = p ? [pct(p.successAt1), pct(p.successAt10), p.mrr.toFixed(3)] : ["–", "–", "–"];
      return `| ${o.kind} | ${o.queries} | ${pct(o.successAt1)} | ${pct(o.successAt10)} | ${o.mrr.toFixed(3)} | ${them.join(" | ")} |`;
    }),
    "",
    `Warm query latency over loopback (per query, median of ${r.latency.runs} runs): median ${r.latency.medianMs} ms, p95 ${r.latency.p95Ms} ms`,
  ];
  if (!theirs) lines.push(`Pagefind comparison skipped: ${(r.pagefind as { skipped: string }).skipped}`);
  if (r.misses.length) {
    lines.push("", "Not in the first 10 pages:");
    for (const m of r.misses) lines.push(`- [${m.kind}] "${m.query}" → ${m.top.join(", ") || "nothing"}`);
  }
  return lines.join("\n");
}
