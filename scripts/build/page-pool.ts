/**
 * The build's per-page work (page-pass.ts: compile, finish) on worker threads (page-thread.ts),
 * one per core, when a build has enough pages to repay starting them (each thread loads the MDX
 * toolchain and Shiki, about half a second). Each run sends the site's context to every thread
 * once, then its pages; answers come back in the order of the pages, with each page's warnings, so
 * a parallel build's output, warnings and errors are those of a serial one.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { prepare, type SiteContext } from "./finish";
import { runPagePass, type PageJob, type PassResult } from "./page-pass";

/** What every page of a run shares: the site, and the persistent cache's folder (null: none). */
export interface RunContext {
  site: SiteContext;
  cacheDir: string | null;
}

/** Below this many pages, a build does its work in its own thread. */
export const POOL_MIN_PAGES = 200;

/** Threads for `pages` pages: none for a small build or a one-core machine; otherwise one per core, at most 8. BUILD_THREADS overrides. */
export function poolSize(pages: number): number {
  const env = process.env.BUILD_THREADS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  const cores = availableParallelism();
  return pages < POOL_MIN_PAGES || cores < 2 ? 0 : Math.min(8, cores);
}

/** Runs one page in this thread (its context prepared once: prepare keeps it by object). */
export function runHere(job: PageJob, context: RunContext): Promise<PassResult> {
  return runPagePass(job, prepare(context.site), context.cacheDir);
}

/**
 * A thread's entry: registers tsx (TypeScript, as the build itself runs; a devDependency of the
 * scripts) in the thread, then loads page-thread.ts. Worked out when a pool starts, and with
 * Node's resolver (createRequire), so that importing this module needs no import.meta.resolve
 * (test runners' module loaders lack it).
 */
function threadEntry(): string {
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsxApi = pathToFileURL(path.join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const worker = new URL("./page-thread.ts", import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`;
}

/** Runs pages and gives their results in order; `close` stops its threads. */
export interface BuildPool {
  /** `onPage`, when given, is called as each page is done (in the order they finish). */
  run(jobs: PageJob[], context: RunContext, onPage?: () => void): Promise<PassResult[]>;
  close(): Promise<void>;
}

/** What a thread is sent: a run's context, then that run's pages. */
export type ThreadMessage = { context: RunContext } | { id: number; job: PageJob };
export type ThreadAnswer = { id: number; result: PassResult } | { id: number; failure: string };

/** A pool of `threads` threads, started once and used for every run of a build. */
export function threadPool(threads: number): BuildPool {
  const entry = threadEntry();
  const workers = Array.from({ length: threads }, () => new Worker(entry, { eval: true }));
  let closed = false;
  return {
    async run(jobs, context, onPage) {
      const results: PassResult[] = new Array(jobs.length);
      let next = 0;
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve, reject) => {
              const done = (error?: Error) => {
                worker.off("message", onMessage).off("error", done).off("exit", onExit);
                if (error) reject(error);
                else resolve();
              };
              const send = () => {
                if (next >= jobs.length) return done();
                const id = next++;
                worker.postMessage({ id, job: jobs[id]! } satisfies ThreadMessage);
              };
              const onMessage = (answer: ThreadAnswer) => {
                if ("failure" in answer) return done(new Error(answer.failure));
                results[answer.id] = answer.result;
                onPage?.();
                send();
              };
              const onExit = (code: number) => done(new Error(`a build thread stopped (exit code ${code})`));
              worker.on("message", onMessage).on("error", done).on("exit", onExit);
              worker.postMessage({ context } satisfies ThreadMessage);
              send();
            }),
        ),
      );
      return results;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** The build's own thread as a pool. */
export const serialPool: BuildPool = {
  async run(jobs, context, onPage) {
    const results: PassResult[] = [];
    for (const job of jobs) {
      results.push(await runHere(job, context));
      onPage?.();
    }
    return results;
  },
  async close() {},
};

/**
 * A build's pool: its threads start on the first run with enough pages to repay them (poolSize)
 * and serve later runs until it is closed; runs before that, or in a small build, use the build's
 * own thread.
 */
export function buildPool(): BuildPool {
  let threads: BuildPool | null = null;
  return {
    run(jobs, context, onPage) {
      if (!threads && poolSize(jobs.length) > 0) threads = threadPool(poolSize(jobs.length));
      return (threads ?? serialPool).run(jobs, context, onPage);
    },
    async close() {
      const closing = threads;
      threads = null;
      await closing?.close();
    },
  };
}
