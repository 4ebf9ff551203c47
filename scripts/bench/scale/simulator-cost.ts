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
    for (let i = 0; i < n; i++) {
      if (op === "cache") bytes += (await caches.default.match("https://calibration.test/" + i)) ? 1 : 0;
      else bytes += (await env.KV.get(op + i, { cacheTtl: 3600 })).length;
    }
    return new Response(String(bytes));
  },
};`;

const round = (n: number) => Number(n.toFixed(2));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export async function measureSimulatorCost(): Promise<SimulatorCost> {
  const before = childProcessesNamed("workerd");
  const mf = new Miniflare({
    modules: true,
    script: SCRIPT,
    compatibilityDate: await compatibilityDate(root),
    kvNamespaces: ["KV"],
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
  });
  try {
    await mf.ready;
    const workerd = newProcessNamed("workerd", before);
    const startupMs = preciseCpuTimeMs(workerd);
    const origin = (await mf.unsafeGetDirectURL()).origin;
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
  } finally {
    await mf.dispose();
  }
}
