/**
 * What the local simulators cost workerd's process CPU, so that the served figures can be read: a
 * calibration worker in the same workerd build (Miniflare, its own process) answers requests that do
 * nothing, that read KV values (small and large) through the local KV simulator, and that look in
 * the Cache API; each operation's cost is the difference per operation. On Cloudflare a KV read
 * or a cache lookup is I/O the worker waits on, not CPU it is billed for.
 */
import { Miniflare } from "miniflare";
import { childProcessesNamed, preciseCpuTimeMs } from "../procfs";

export interface SimulatorCost {
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
const TIMEOUT_MS = 30_000;

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

export async function measureSimulatorCost(): Promise<SimulatorCost> {
  const before = childProcessesNamed("workerd");
  const mf = new Miniflare({
    modules: true,
    script: SCRIPT,
    compatibilityDate: "2026-05-01",
    kvNamespaces: ["KV"],
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
  });
  try {
    await mf.ready;
    const started = [...childProcessesNamed("workerd")].filter((pid) => !before.has(pid));
    if (started.length !== 1) throw new Error(`expected one new workerd process, found ${started.length}`);
    const workerd = started[0]!;
    const origin = (await mf.unsafeGetDirectURL()).origin;
    const get = async (query: string) => {
      const res = await fetch(`${origin}/?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`calibration worker answered ${res.status} to ${query}`);
      await res.text();
    };
    await get("op=put");
    /** workerd CPU per request of `query`, after a few unmeasured ones. */
    const perRequest = async (query: string) => {
      for (let i = 0; i < 5; i++) await get(query);
      const cpu = preciseCpuTimeMs(workerd);
      for (let i = 0; i < REQUESTS; i++) await get(query);
      return (preciseCpuTimeMs(workerd) - cpu) / REQUESTS;
    };
    const none = await perRequest("op=small&n=0");
    const perOp = async (op: string) => Math.max(0, (await perRequest(`op=${op}&n=${OPS}`)) - none) / OPS;
    return {
      requestMs: round(none),
      kvReadMs: round(await perOp("small")),
      kvReadLargeMs: round(await perOp("large")),
      cacheMatchMs: round(await perOp("cache")),
    };
  } finally {
    await mf.dispose();
  }
}
