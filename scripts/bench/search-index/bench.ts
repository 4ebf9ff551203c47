/**
 * `npm run search:scale [-- --pages 10000]`: the embedded search index at a size, measured in Node on
 * the worker's own code (worker/content-store, worker/search) over the pieces as KV would serve
 * them. Indexes the last build's records (dist/content/latest, `npm run build` first), or a
 * synthetic site of about `--pages` pages made from them (synthetic.ts); writes the root and values
 * a first publish stores to a temporary folder; then, in a fresh process per query, times a cold
 * isolate's first search (CPU, heap) and warm searches over the judged queries
 * (scripts/search/eval/queries.json). `--edit` adds what a one-page publish over it writes.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Manifest } from "../../../common/page";
import type { SearchRecord } from "../../../common/search";
import { PIECE_KINDS } from "../../../common/search-index";
import { storeSearchIndex } from "../../publish/search-store";
import { buildSearchIndex } from "../../search/build-index";
import { loadSynonyms } from "../../search/synonyms";
import { syntheticRecords } from "./synthetic";

const COLD_QUERIES = ["faucet", "how do I get testnet tokens", "bridg", "transacton", "getAccountResource"];

const { values } = parseArgs({
  options: { pages: { type: "string" }, runs: { type: "string", default: "3" }, edit: { type: "boolean" } },
});
const root = path.resolve(import.meta.dirname, "../../..");
const content = path.join(root, "dist/content");
const id = (await readFile(path.join(content, "latest"), "utf8")).trim();
const build = path.join(content, id);
const manifest = JSON.parse(await readFile(path.join(build, "manifest.json"), "utf8")) as Manifest;
const base = JSON.parse(await readFile(path.join(build, "search/records.json"), "utf8")) as SearchRecord[];
const basePages = Object.keys(manifest.blobs.pages).length;
const pages = values.pages ? Number(values.pages) : basePages;
const records = values.pages ? syntheticRecords(base, basePages, pages) : base;

const started = performance.now();
const synonyms = await loadSynonyms(root);
const index = buildSearchIndex(records, manifest.config.url, undefined, synonyms);
const indexMs = performance.now() - started;
const nothing = () => Promise.reject(new Error("a first publish reads nothing"));
const first = await storeSearchIndex(index, null, nothing, new Set());
const searchRoot = first.stored.root;
const dir = await mkdtemp(path.join(tmpdir(), "search-scale-"));
try {
  await mkdir(path.join(dir, "pieces"));
  await writeFile(path.join(dir, "index.json"), JSON.stringify(searchRoot));
  for (const [digest, value] of first.blobs) await writeFile(path.join(dir, "pieces", `${digest}.json`), value);
  const sizes = [...index.pieces.values()].map((v) => Buffer.byteLength(v));
  console.log(
    `${pages} pages (${records.length} records): indexed in ${(indexMs / 1000).toFixed(1)} s; root ${(Buffer.byteLength(JSON.stringify(searchRoot)) / 1024).toFixed(0)} KiB; ` +
      `${index.pieces.size} pieces, ${(sizes.reduce((a, b) => a + b, 0) / 2 ** 20).toFixed(1)} MiB, largest ${(Math.max(...sizes) / 2 ** 20).toFixed(2)} MiB; ` +
      PIECE_KINDS.map((k) => `${k} ${index.refs[k].length} (root's list of level ${searchRoot[k].level})`).join(", "),
  );
  const rows = COLD_QUERIES.map((query) => {
    const out = execFileSync(
      process.execPath,
      [
        "--expose-gc",
        "--import",
        "tsx",
        path.join(import.meta.dirname, "measure.ts"),
        dir,
        "bench",
        query,
        values.runs!,
      ],
      { cwd: root, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } },
    );
    return JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, unknown>;
  });
  console.log(
    "| first query | hits | cold CPU ms | cold heap peak MB | heap kept MB | pieces read | bytes read | warm CPU median ms | warm CPU p95 ms |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  const f = (n: unknown) => (typeof n === "number" ? n.toFixed(1) : String(n));
  for (const r of rows) {
    const reads = r.coldReads as { keys: number; bytes: number };
    console.log(
      `| ${String(r.query)} | ${f(r.hits)} | ${f(r.coldCpuMs)} | ${f(r.coldHeapPeakMB)} | ${f(r.coldHeapKeptMB)} | ${reads.keys} | ${(reads.bytes / 1024).toFixed(0)} KiB | ${f(r.warmCpuMedianMs)} | ${f(r.warmCpuP95Ms)} |`,
    );
  }
  if (values.edit) {
    // What a one-page publish writes: the pieces of a rebuilt index that the last one does not have.
    const middle = records[Math.floor(records.length / 2)]!.url_without_anchor;
    const at = records.findIndex((r) => r.url_without_anchor === middle && r.content !== null);
    const edits = {
      "a word changed in one record": records.map((r, i) => (i === at ? { ...r, content: `${r.content} revised` } : r)),
      "one record added to a page": [
        ...records.slice(0, at + 1),
        { ...records[at]!, objectID: "added" },
        ...records.slice(at + 1),
      ],
    };
    const read = async (digest: string) => first.blobs.get(digest)!;
    for (const [what, changed] of Object.entries(edits)) {
      const next = buildSearchIndex(changed, manifest.config.url, undefined, synonyms);
      const { stored, blobs } = await storeSearchIndex(next, first.stored, read, first.stored.blobs);
      const bytes =
        [...blobs.values()].reduce((n, v) => n + Buffer.byteLength(v), 0) +
        Buffer.byteLength(JSON.stringify(stored.root));
      console.log(
        `one-page publish, ${what}: ${blobs.size + 1} keys (root included), ${(bytes / 2 ** 20).toFixed(2)} MiB`,
      );
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
