/**
 * What the local simulators cost workerd's process CPU, so that the served figures can be read: a
 * calibration worker in the same workerd build (Miniflare, its own process, wrangler.toml's
 * compatibility date) answers requests that do nothing, that read KV values (small and large)
 * through the local KV simulator, and that look in the Cache API; each operation's cost is the
 * difference per operation. On Cloudflare a KV read or a cache lookup is I/O the worker waits on,
 * not CPU it is billed for.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { compatibilityDate } from "../../local/server";
import { LOCAL_KV_ID } from "../../publish/local-kv";
import { childProcessesNamed, newProcessNamed, preciseCpuTimeMs } from "../procfs";
import { requestRun } from "./requests";

export interface SimulatorCost {
  /** workerd CPU from its start until it serves the calibration worker (whose module does nothing). */
  startupMs?: number;
  /** workerd CPU of a request that reads nothing. */
  requestMs: number;
  /** Added per KV read of a 1 KiB value, and of a 64 KiB one. */
  kvReadMs: number;
  kvReadLargeMs: number;
  /** Added per Cache API lookup that misses. */
  cacheMatchMs: number;
  /** The measured warm searches' own KV reads, replayed alone over the bench's KV (measureReplayCost): per search. */
  warmSearchReadsMs?: number;
}

const OPS = 10;
const REQUESTS = 60;

const SCRIPT = `export default {
  async fetch(request, env) {
    const u = new URL(request.url);
    const op = u.searchParams.get("op");
    const n = Number(u.searchParams.get("n"));
    if (op === "put") {
      for (let i = 0; i < ${OPS}; i++) {
        await env.KV.put("small" + i, "s".repeat(1024));
        await env.KV.put("large" + i, "l".repeat(65536));
      }
      return new Response("ok");
    }
    let bytes = 0;
    if (op === "replay") {
      // One search's reads, in parallel as the worker makes them: [key, "text" | "arrayBuffer"] pairs.
      const reads = JSON.parse(u.searchParams.get("reads"));
      const values = await Promise.all(reads.map(([key, type]) => env.KV.get(key, { type, cacheTtl: 86400 })));
      for (const v of values) bytes += v === null ? 0 : (v.byteLength ?? v.length);
      return new Response(String(bytes));
    }
    for (let i = 0; i < n; i++) {
      if (op === "cache") bytes += (await caches.default.match("https://calibration.test/" + i)) ? 1 : 0;
      else bytes += (await env.KV.get(op + i, { cacheTtl: 3600 })).length;
    }
    return new Response(String(bytes));
  },
};`;

const round = (n: number) => Number(n.toFixed(2));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The calibration worker in its own workerd (over a local KV folder, if given): its origin, process and CPU at start. */
async function withCalibration<T>(
  kvPersist: string | undefined,
  run: (origin: string, workerd: number, startupMs: number) => Promise<T>,
): Promise<T> {
  const before = childProcessesNamed("workerd");
  const mf = new Miniflare({
    modules: true,
    script: SCRIPT,
    compatibilityDate: await compatibilityDate(root),
    ...(kvPersist ? { kvNamespaces: { KV: LOCAL_KV_ID }, kvPersist } : { kvNamespaces: ["KV"] }),
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
  });
  try {
    await mf.ready;
    const workerd = newProcessNamed("workerd", before);
    return await run((await mf.unsafeGetDirectURL()).origin, workerd, preciseCpuTimeMs(workerd));
  } finally {
    await mf.dispose();
  }
}

export async function measureSimulatorCost(): Promise<SimulatorCost> {
  return withCalibration(undefined, async (origin, workerd, startupMs) => {
    await requestRun([`${origin}/?op=put`], workerd, 0);
    /** workerd CPU per request of `query`, after a few unmeasured ones (scale/requests.ts). */
    const perRequest = async (query: string) =>
      (await requestRun(Array<string>(REQUESTS).fill(`${origin}/?${query}`), workerd)).cpuPerRequestMs;
    const none = await perRequest("op=small&n=0");
    const perOp = async (op: string) => Math.max(0, (await perRequest(`op=${op}&n=${OPS}`)) - none) / OPS;
    return {
      startupMs: round(startupMs),
      requestMs: round(none),
      kvReadMs: round(await perOp("small")),
      kvReadLargeMs: round(await perOp("large")),
      cacheMatchMs: round(await perOp("cache")),
    };
  });
}

/** One search's KV reads: each value's key and how it was read (as text, or as bytes). */
export type SearchReadList = [key: string, type: "text" | "arrayBuffer"][];

/**
 * What the local KV simulator costs workerd for the reads of these searches, replayed over the
 * bench's KV folder by the calibration worker (each search's reads at once, as the worker makes
 * them, and each value read for the first time in this process, as the measured searches read
 * them): workerd CPU per search beyond a request that reads nothing.
 */
export async function measureReplayCost(kvPersist: string, searches: SearchReadList[]): Promise<number> {
  return withCalibration(kvPersist, async (origin, workerd) => {
    const none = (await requestRun(Array<string>(REQUESTS).fill(`${origin}/?op=none`), workerd)).cpuPerRequestMs;
    const urls = searches.map((reads) => `${origin}/?op=replay&reads=${encodeURIComponent(JSON.stringify(reads))}`);
    return round(Math.max(0, (await requestRun(urls, workerd, 0)).cpuPerRequestMs - none));
  });
}
