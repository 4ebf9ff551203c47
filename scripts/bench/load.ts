/**
 * A bounded autocannon run on loopback against one local workerd, with the CPU time workerd used
 * during the run divided by the responses it sent. Local KV is simulated inside the same workerd,
 * so the uncached figure also carries the cost of the KV simulator (on Cloudflare, KV is not
 * billed as the worker's CPU).
 */
import autocannon from "autocannon";
import { cpuTimeMs } from "./procfs";

export interface LoadFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** workerd user + system CPU per response during the run, ms */
  cpuPerResponseMs: number;
}

export async function loadRun(
  url: string,
  workerdPid: number,
  options: { connections: number; seconds: number },
): Promise<LoadFigures> {
  // Warm the isolate (JIT, memoised manifest) so the run measures steady state.
  await autocannon({ url, connections: options.connections, amount: 200 });
  const cpuBefore = cpuTimeMs(workerdPid);
  const r = await autocannon({ url, connections: options.connections, duration: options.seconds });
  const cpuMs = cpuTimeMs(workerdPid) - cpuBefore;
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors and ${r.non2xx} non-2xx responses under load`);
  return {
    rps: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    cpuPerResponseMs: Number((cpuMs / Math.max(1, r.requests.total)).toFixed(3)),
  };
}
