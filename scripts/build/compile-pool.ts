/**
 * The build's per-page work on worker threads (scripts/build/compile-worker.ts), one per core,
 * when a build has enough pages to repay starting them (each thread loads the MDX toolchain and
 * Shiki, about half a second): compiling pages, and writing their Markdown twins. Results come
 * back in the order of the tasks, with each page's warnings, so a parallel build's output,
 * warnings and errors are those of a serial one.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PageRecord } from "../../client/contracts/page";
import { getHighlighter } from "./highlight";
import { pageToMarkdown } from "./markdown";
import { compilePage } from "./mdx";

export interface CompileJob {
  source: string;
  /** As errors and warnings name it: content/docs/… */
  file: string;
  format: "mdx" | "md";
}

export type CompileResult = { tree: string; warnings: string[] } | { error: string; warnings: string[] };

/** What a thread is asked: compile a page, or write the Markdown twin of a page record (as JSON). */
export type Task = { compile: CompileJob } | { markdown: string };
type Answer<T extends Task> = T extends { compile: CompileJob } ? CompileResult : string;

/** Below this many pages, a build does its work in its own thread. */
export const POOL_MIN_PAGES = 200;

/** Threads for `pages` pages: none for a small build or a one-core machine; otherwise one per core, at most 8. BUILD_THREADS overrides. */
export function poolSize(pages: number): number {
  const env = process.env.BUILD_THREADS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  const cores = availableParallelism();
  return pages < POOL_MIN_PAGES || cores < 2 ? 0 : Math.min(8, cores);
}

/** Compiles one page in this thread, with the result a thread would send. */
export async function compileHere(job: CompileJob): Promise<CompileResult> {
  const warnings: string[] = [];
  try {
    const tree = await compilePage(job.source, {
      file: job.file,
      format: job.format,
      highlighter: await getHighlighter(),
      warn: (m) => warnings.push(m),
    });
    return { tree: JSON.stringify(tree), warnings };
  } catch (e) {
    return { error: (e as Error).message, warnings };
  }
}

/** Runs one task in this thread. */
export async function runTask<T extends Task>(task: T): Promise<Answer<T>> {
  if ("compile" in task) return (await compileHere(task.compile)) as Answer<T>;
  const page = JSON.parse(task.markdown) as PageRecord;
  return pageToMarkdown(page.title, page.description, page.tree) as Answer<T>;
}

/**
 * A thread's entry: registers tsx (TypeScript, as the build itself runs; a devDependency of the
 * scripts) in the thread, then loads compile-worker.ts. Worked out when a pool starts, and with
 * Node's resolver (createRequire), so that importing this module needs no import.meta.resolve
 * (test runners' module loaders lack it).
 */
function threadEntry(): string {
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsxApi = pathToFileURL(path.join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const worker = new URL("./compile-worker.ts", import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`;
}

/** Runs tasks and gives their answers in order; `close` stops its threads. */
export interface BuildPool {
  run<T extends Task>(tasks: T[]): Promise<Answer<T>[]>;
  close(): Promise<void>;
}

/** A pool of `threads` threads, started once and used for every phase of a build. */
export function threadPool(threads: number): BuildPool {
  const entry = threadEntry();
  const workers = Array.from({ length: threads }, () => new Worker(entry, { eval: true }));
  let closed = false;
  return {
    async run<T extends Task>(tasks: T[]) {
      const answers: Answer<T>[] = new Array(tasks.length);
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
                if (next >= tasks.length) return done();
                const id = next++;
                worker.postMessage({ id, task: tasks[id] });
              };
              const onMessage = ({ id, answer, failure }: { id: number; answer: Answer<T>; failure?: string }) => {
                if (failure !== undefined) return done(new Error(failure));
                answers[id] = answer;
                send();
              };
              const onExit = (code: number) => done(new Error(`a build thread stopped (exit code ${code})`));
              worker.on("message", onMessage).on("error", done).on("exit", onExit);
              send();
            }),
        ),
      );
      return answers;
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
  async run<T extends Task>(tasks: T[]) {
    const answers: Answer<T>[] = [];
    for (const task of tasks) answers.push(await runTask(task));
    return answers;
  },
  async close() {},
};

/**
 * A build's pool: its threads start on the first run with enough tasks to repay them (poolSize)
 * and serve every later run; runs before that, or in a small build, use the build's own thread.
 */
export function buildPool(): BuildPool {
  let threads: BuildPool | null = null;
  return {
    run<T extends Task>(tasks: T[]) {
      if (!threads && poolSize(tasks.length) > 0) threads = threadPool(poolSize(tasks.length));
      return (threads ?? serialPool).run(tasks);
    },
    close: () => threads?.close() ?? Promise.resolve(),
  };
}
