/**
 * Requests to the local worker, measured from outside: wall time per request, and the workerd
 * process's CPU time (all its threads, in nanoseconds; and apart, V8's own background threads) and
 * resident memory read from /proc around them. Every request has a timeout.
 */
import { SIGNALS_FLUSH_MS } from "../../../common/signals";
import { preciseCpuTimeMs, residentBytes } from "../procfs";

const TIMEOUT_MS = 30_000;

/**
 * How long after a search its CPU is still counted: an isolate writes the search signals of a
 * window (worker/signals/recorder.ts) once the window ends, and that write is the searches' work.
 */
export const SEARCH_SETTLE_MS = SIGNALS_FLUSH_MS + 250;
const settle = (ms: number) => (ms > 0 ? new Promise((done) => setTimeout(done, ms)) : undefined);

export interface RequestFigures {
  count: number;
  medianMs: number;
  p95Ms: number;
  /** workerd process CPU time over the run divided by requests. */
  cpuPerRequestMs: number;
  /** Of it, V8's background threads (garbage collection, compilation). */
  backgroundCpuPerRequestMs?: number;
  /** When the figures are one run's of several (on as many fresh isolates), the one with the median CPU: every run's CPU per request. */
  cpuSamplesMs?: number[];
}

export interface ColdFigures {
  status: number;
  wallMs: number;
  /** workerd process CPU time (all threads, /proc schedstat) spent on this request. */
  cpuMs: number;
  /** Of it, V8's background threads (garbage collection, compilation). */
  backgroundCpuMs?: number;
  /** Growth of workerd's resident memory (VmRSS) over this request. */
  addedRssBytes: number;
  /** When the figures are the median of several cold isolates: each one's CPU, in the order measured. */
  cpuSamplesMs?: number[];
}

const cpuTimeMs = (workerd: number) => preciseCpuTimeMs(workerd);
/** V8's platform threads ("V8 DefaultWorker", cut to 15 characters): concurrent and parallel garbage collection, background compilation. */
const v8Background = (thread: string) => thread.startsWith("V8 ");
const backgroundCpuMs = (workerd: number) => preciseCpuTimeMs(workerd, v8Background);

async function timedFetch(url: string): Promise<{ status: number; body: string; wallMs: number }> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = await res.text();
  return { status: res.status, body, wallMs: performance.now() - started };
}

/**
 * One request on a fresh isolate (or the first of its kind): workerd CPU and memory it added, read
 * `settleMs` after it answered (SEARCH_SETTLE_MS for a search).
 */
export async function coldRequest(url: string, workerd: number, settleMs = 0): Promise<ColdFigures & { body: string }> {
  const cpu = cpuTimeMs(workerd);
  const background = backgroundCpuMs(workerd);
  const rss = residentBytes(workerd).rss;
  const r = await timedFetch(url);
  await settle(settleMs);
  return {
    status: r.status,
    body: r.body,
    wallMs: round(r.wallMs),
    cpuMs: round(cpuTimeMs(workerd) - cpu),
    backgroundCpuMs: round(backgroundCpuMs(workerd) - background),
    addedRssBytes: Math.max(0, residentBytes(workerd).rss - rss),
  };
}

const round = (n: number) => Number(n.toFixed(2));

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Requests a warm run sends first, unmeasured (the first of its own URLs). */
export const WARMUP = 5;

/**
 * `urls` one after another (after `warmup` unmeasured ones); fails on any non-200 answer. The CPU is
 * read `settleMs` after the last answer (SEARCH_SETTLE_MS for searches).
 */
export async function requestRun(
  urls: string[],
  workerd: number,
  warmup = WARMUP,
  settleMs = 0,
): Promise<RequestFigures> {
  for (const url of urls.slice(0, warmup)) await timedFetch(url);
  const wall: number[] = [];
  const cpu = cpuTimeMs(workerd);
  const background = backgroundCpuMs(workerd);
  for (const url of urls) {
    const r = await timedFetch(url);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    wall.push(r.wallMs);
  }
  await settle(settleMs);
  return {
    count: urls.length,
    medianMs: round(percentile(wall, 0.5)),
    p95Ms: round(percentile(wall, 0.95)),
    cpuPerRequestMs: round((cpuTimeMs(workerd) - cpu) / urls.length),
    backgroundCpuPerRequestMs: round((backgroundCpuMs(workerd) - background) / urls.length),
  };
}

/** Polls `url` until its body contains `marker`; the time it took, or null after `timeoutMs`. */
export async function untilServed(
  url: string,
  marker: string,
  since: number,
  timeoutMs: number,
): Promise<number | null> {
  while (performance.now() - since < timeoutMs) {
    const r = await timedFetch(url).catch(() => null);
    if (r?.body.includes(marker)) return performance.now() - since;
    await new Promise((done) => setTimeout(done, 20));
  }
  return null;
}

/** A run of searches: requestRun read SEARCH_SETTLE_MS after the last answer, so the signals' write is counted. */
export const searchRun = (urls: string[], workerd: number, warmup = WARMUP) =>
  requestRun(urls, workerd, warmup, SEARCH_SETTLE_MS);
