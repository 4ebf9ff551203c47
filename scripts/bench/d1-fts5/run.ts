/**
 * `npm run bench:d1 [-- --site DIR] [--out DIR]`: the other design issue 15 names for search at
 * scale, Cloudflare D1 with FTS5, measured on the records the embedded index is built from, so the
 * two can be compared. DIR is a built site (default: this repository; a site kept by
 * `npm run bench:scale -- --pages 10000 --keep` for the large one); its last build's search records
 * (dist/content/<id>/search/records.json) are loaded into a local D1 database (Miniflare, workerd on
 * 127.0.0.1) with an FTS5 table (worker.ts). Then, in a fresh workerd, as bench:scale measures the
 * KV design: the first query's workerd CPU and added memory, 40 warm queries (prose words of the
 * same page bench:scale searches for) and their workerd CPU per request, the rows D1 says a one-page
 * publish writes, and the database's size. Writes <out>/d1-fts5-<records>.{json,md}.
 *
 * What it leaves out, and the report says so: typo tolerance (D1 has no spellfix1; it would need the
 * embedded index's term dictionary anyway), highlighting beyond FTS5's snippet(), facets and the
 * Algolia answer's shape.
 */
import { mkdtemp, readFile, readdir, rm, stat, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { SearchRecord } from "../../../common/search";
import { EDITED_PAGE } from "../build-figures";
import { coldRequest, requestRun } from "../scale/requests";
import { matchOf, post, rowsOf, startD1Worker } from "./database";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const { values } = parseArgs({
  options: {
    site: { type: "string", default: root },
    out: { type: "string", default: path.join(root, "bench-results") },
  },
});
const site = path.resolve(values.site!);
const step = (what: string) => console.log(`bench:d1: ${what}`);
const LOAD_BATCH = 250;

async function sizeOf(dir: string): Promise<number> {
  let bytes = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) bytes += (await stat(path.join(e.parentPath, e.name))).size;
  return bytes;
}

const id = (await readFile(path.join(site, "dist/content/latest"), "utf8")).trim();
const records = JSON.parse(
  await readFile(path.join(site, "dist/content", id, "search/records.json"), "utf8"),
) as SearchRecord[];
const pages = new Set(records.map((r) => r.url_without_anchor)).size;
const text = await readFile(path.join(site, EDITED_PAGE.file), "utf8");
const terms = [...new Set(text.match(/\b[a-z]{6,}\b/g) ?? [])].slice(0, 40);

const persist = await mkdtemp(path.join(tmpdir(), "d1-fts5-"));
try {
  step(`${records.length} records of ${pages} pages from ${path.join(site, "dist/content", id)}`);
  const loader = await startD1Worker(persist);
  const loadStarted = performance.now();
  let rowsWritten = 0;
  try {
    for (let i = 0; i < records.length; i += LOAD_BATCH)
      rowsWritten += (await post(loader, "/load", rowsOf(records.slice(i, i + LOAD_BATCH), i + 1))).rowsWritten;
  } finally {
    await loader.mf.dispose();
  }
  const load = { ms: Math.round(performance.now() - loadStarted), rowsWritten, databaseBytes: await sizeOf(persist) };
  step(
    `loaded in ${(load.ms / 1000).toFixed(1)} s; ${rowsWritten} rows written; ${(load.databaseBytes / 2 ** 20).toFixed(1)} MiB`,
  );

  step("fresh workerd: first query, then 40 warm queries");
  const served = await startD1Worker(persist);
  try {
    const searchUrl = (term: string) => `${served.url.origin}/search?match=${encodeURIComponent(matchOf(term))}`;
    const cold = await coldRequest(searchUrl(terms[0] ?? "movement"), served.workerd);
    if (cold.status !== 200) throw new Error(`the first query answered ${cold.status}: ${cold.body.slice(0, 300)}`);
    const coldHits = (JSON.parse(cold.body) as { nbHits: number }).nbHits;
    const warm = await requestRun(
      Array.from({ length: 40 }, (_, i) => searchUrl(terms[i % Math.max(1, terms.length)] ?? "movement")),
      served.workerd,
    );
    // A one-page publish: the edited page's records, one of them changed, replace the page's rows.
    const page =
      records.find((r) => r.url.endsWith(EDITED_PAGE.route))?.url_without_anchor ?? records[0]!.url_without_anchor;
    const pageRecords = records.filter((r) => r.url_without_anchor === page);
    const firstId = records.indexOf(pageRecords[0]!) + 1;
    const edited = pageRecords.map((r, i) =>
      i === pageRecords.length - 1 && r.content ? { ...r, content: `${r.content} revised` } : r,
    );
    const replace = await post(served, "/replace", { page, rows: rowsOf(edited, firstId) });
    const { body: _body, ...coldFigures } = cold;
    const report = {
      date: new Date().toISOString(),
      site,
      records: records.length,
      pages,
      load,
      coldSearch: { ...coldFigures, query: matchOf(terms[0] ?? "movement"), hits: coldHits },
      warmSearch: warm,
      onePagePublish: { page, records: pageRecords.length, rowsWritten: replace.rowsWritten },
      leftOut: "typo tolerance (no spellfix1 in D1), highlighting beyond snippet(), facets, the Algolia answer's shape",
    };
    const outDir = path.resolve(values.out!);
    await mkdir(outDir, { recursive: true });
    const name = `d1-fts5-${records.length}`;
    await writeFile(path.join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    const md = [
      `# D1 + FTS5 search, ${records.length} records (${pages} pages)`,
      "",
      `Measured ${report.date} with \`npm run bench:d1 -- --site ${site}\`: local workerd (Miniflare), D1 in the same process; CPU is workerd's process CPU from /proc.`,
      "",
      "| | figure |",
      "|---|---|",
      `| load (${LOAD_BATCH} records a batch) | ${(load.ms / 1000).toFixed(1)} s, ${load.rowsWritten} rows written |`,
      `| database on disk | ${(load.databaseBytes / 2 ** 20).toFixed(1)} MiB |`,
      `| cold isolate, first query (workerd CPU / memory added) | ${cold.cpuMs} ms / ${(cold.addedRssBytes / 2 ** 20).toFixed(1)} MiB (${coldHits} hits) |`,
      `| warm query (workerd CPU per request; wall median / p95) | ${warm.cpuPerRequestMs} ms (${warm.medianMs} / ${warm.p95Ms} ms) |`,
      `| one-page publish (${pageRecords.length} records replaced) | ${replace.rowsWritten} rows written |`,
      "",
      `Left out: ${report.leftOut}.`,
      "",
    ].join("\n");
    await writeFile(path.join(outDir, `${name}.md`), md);
    console.log(md);
  } finally {
    await served.mf.dispose();
  }
} finally {
  await rm(persist, { recursive: true, force: true });
}
