/**
 * One fresh process's search costs over a written index (run by bench.ts with --expose-gc):
 * the CPU and heap of the first search (root read, pieces read and parsed, scoring, records), then
 * warm per-query times over the judged queries. Prints one JSON line.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ContentStore, type KvReader } from "../../../worker/content-store";
import { DirKv } from "./kv-dir";

const [dir, buildId, firstQuery, runsArg] = process.argv.slice(2) as [string, string, string, string];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const facetFilters = [["language:en"], ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]];
const queries = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../search/eval/queries.json"), "utf8")) as {
    queries: { query: string }[];
  }
).queries.map((q) => q.query);

const kv = new DirKv(dir, buildId);
const store = new ContentStore(kv as unknown as KvReader, "production");
gc();
const heapBefore = process.memoryUsage().heapUsed;
const cpuBefore = process.cpuUsage();
const engine = await store.searchIndex(buildId);
const first = await engine.search({ query: firstQuery, facetFilters });
const cpu = process.cpuUsage(cpuBefore);
const heapPeak = process.memoryUsage().heapUsed - heapBefore;
gc();
const heapKept = process.memoryUsage().heapUsed - heapBefore;
const coldReads = { keys: kv.reads, bytes: kv.bytes };

// Untimed passes read the pieces the judged queries need and let the JIT settle: warm means pieces in the cache.
const runs = Number(runsArg || 5);
for (let r = 0; r < Math.min(3, runs); r++) for (const query of queries) await engine.search({ query, facetFilters });
const times: number[] = [];
for (let r = 0; r < runs; r++)
  for (const query of queries) {
    const t = process.cpuUsage();
    await engine.search({ query, facetFilters });
    const d = process.cpuUsage(t);
    times.push((d.user + d.system) / 1000);
  }
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    query: firstQuery,
    hits: first.nbHits,
    coldCpuMs: (cpu.user + cpu.system) / 1000,
    coldHeapPeakMB: heapPeak / 2 ** 20,
    coldHeapKeptMB: heapKept / 2 ** 20,
    coldReads,
    warmCpuMedianMs: times.length ? times[Math.floor(times.length / 2)] : null,
    warmCpuP95Ms: times.length ? times[Math.floor(times.length * 0.95)] : null,
    heapAfterWarmMB: process.memoryUsage().heapUsed / 2 ** 20,
  }),
);
