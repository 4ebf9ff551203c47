/**
 * Build figures an author feels: a cold full build (`npm run build`, dist/ removed and the build
 * cache empty; each of its steps alone too), the time from saving an MDX file to the new page being served
 * by `npm run dev`, and the time `npm run publish` takes to put a one-page change into local KV.
 * The last two work on a temporary copy of the site, so the repository is never edited.
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sampleTreeMemory } from "./procfs";
import { median } from "./median";

const BUILD_STEPS = ["build:client", "build:worker", "build:content"] as const;
/** The page the author edits in the save and publish measurements. */
export const EDITED_PAGE = { file: "content/docs/devs/getstarted.mdx", route: "/devs/getstarted" };

export interface ColdBuild {
  /** `npm run build`, whole. */
  wallMs: number;
  peakRssBytes: number;
  /** Each step run alone. */
  steps: { step: string; wallMs: number; peakRssBytes: number }[];
}

interface Finished {
  wallMs: number;
  peakRssBytes: number;
  output: string;
}

/** Runs a command to completion, measuring wall time and the peak memory of its process tree. */
function measured(
  cmd: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const memory = sampleTreeMemory(child.pid!, 50);
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const peakRssBytes = memory.stop();
      const wallMs = performance.now() - started;
      if (code === 0) resolve({ wallMs, peakRssBytes, output });
      else
        reject(
          new Error(
            `${cmd} ${args.join(" ")} ${signal ? `was killed (${signal})` : `exited ${code}`}:\n${output.trim().split("\n").slice(-15).join("\n")}`,
          ),
        );
    });
  });
}

/** Removes every build output and gives a new, empty build cache folder. */
async function coldStart(root: string): Promise<string> {
  for (const dir of ["client", "worker", "content"])
    await rm(path.join(root, "dist", dir), { recursive: true, force: true });
  return mkdtemp(path.join(tmpdir(), "docs-bench-build-cache-"));
}

/** One npm script run cold: no dist/ output, and an empty build cache (BUILD_CACHE_DIR), so nothing is reused. */
async function coldRun(root: string, steps: readonly string[]): Promise<Finished[]> {
  const cache = await coldStart(root);
  try {
    const runs: Finished[] = [];
    for (const step of steps)
      runs.push(
        await measured("npm", ["run", "--silent", step], {
          cwd: root,
          env: { BUILD_CACHE_DIR: cache },
          timeoutMs: 300_000,
        }),
      );
    return runs;
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
}

/**
 * A cold full build as an author runs it, `npm run build` (the client then the worker, beside the
 * content build), for the wall time and peak memory; then each of its steps alone, one after the
 * other in fresh processes, for where the time goes. Both start cold.
 */
export async function coldBuild(root: string): Promise<ColdBuild> {
  const [whole] = await coldRun(root, ["build"]);
  const alone = await coldRun(root, BUILD_STEPS);
  return {
    wallMs: whole!.wallMs,
    peakRssBytes: whole!.peakRssBytes,
    steps: BUILD_STEPS.map((step, i) => ({ step, wallMs: alone[i]!.wallMs, peakRssBytes: alone[i]!.peakRssBytes })),
  };
}

/** A copy of what a site build reads (content, the OpenAPI document, public files) in a temp folder. */
async function tempSiteCopy(root: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "docs-bench-site-"));
  for (const sub of ["content", "openapi/node.yaml", "client/public"])
    await cp(path.join(root, sub), path.join(dir, sub), { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function until<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
  everyMs = 10,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Appends a paragraph an author might add; the marker tells the new page from the old one. */
export async function editPage(siteDir: string, marker: string): Promise<void> {
  const file = path.join(siteDir, EDITED_PAGE.file);
  await writeFile(file, `${await readFile(file, "utf8")}\n\nBenchmark edit ${marker}.\n`);
}

/** `npm run dev` serving a temporary copy of the site, once it serves. */
export interface DevOnCopy {
  siteDir: string;
  origin: string;
  output(): string;
  stop(): Promise<void>;
}

export async function devOnCopy(root: string): Promise<DevOnCopy> {
  const site = await tempSiteCopy(root);
  // Port 0: the server picks a free port and prints it (no race with another program for one).
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--watch", "--site", site.dir], {
    cwd: root,
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = async () => {
    if (process.env.BENCH_VERBOSE) console.log(output);
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("close", r));
    }
    await site.remove();
  };
  try {
    await until(
      async () => (/Movement docs at http:\/\/127\.0\.0\.1:\d+/.test(output) ? true : undefined),
      120_000,
      `npm run dev to serve the site:\n${output}`,
      100,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  const origin = /Movement docs at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
  return { siteDir: site.dir, origin, output: () => output, stop };
}

/**
 * Waits until `npm run dev` has finished `saves` saves of the edited page (its terminal line comes
 * once the page and then the search index are published), so that each timed save starts on an
 * idle server, as an author's next save usually does.
 */
export async function settled(dev: DevOnCopy, saves: number): Promise<void> {
  const line = `saved ${EDITED_PAGE.file}:`;
  await until(
    async () => (dev.output().split(line).length - 1 >= saves ? true : undefined),
    60_000,
    `npm run dev to finish save ${saves}:\n${dev.output()}`,
    50,
  );
}

/**
 * `npm run dev` on a copy of the site: after it serves, save the edited page three times and time
 * each save until the page served on loopback carries the edit. Returns the median and the samples.
 */
export async function saveToServed(root: string, saves = 3): Promise<{ medianMs: number; samplesMs: number[] }> {
  const dev = await devOnCopy(root);
  try {
    const url = `${dev.origin}${EDITED_PAGE.route}`;
    const samplesMs: number[] = [];
    for (let i = 0; i < saves; i++) {
      const marker = `${Date.now().toString(36)}-${i}`;
      await settled(dev, i);
      await editPage(dev.siteDir, marker);
      const saved = performance.now();
      // Poll gently: the dev server shares two cores with its own rebuild.
      await until(
        async () => ((await (await fetch(url)).text()).includes(marker) ? true : undefined),
        10_000,
        `the saved edit on ${url}:\n${dev.output()}`,
        20,
      );
      samplesMs.push(performance.now() - saved);
    }
    return { medianMs: median(samplesMs), samplesMs };
  } finally {
    await dev.stop();
  }
}

/**
 * `npm run publish` (build + write to local KV through wrangler) on a copy of the site: once to fill
 * an empty store, then again after editing one page, which is the step the figure is about.
 */
export async function publishOnePageChange(root: string): Promise<{ firstPublishMs: number; onePageChangeMs: number }> {
  const site = await tempSiteCopy(root);
  const env = { DOCS_LOCAL_STATE: path.join(site.dir, ".wrangler/state") };
  const publish = () =>
    measured(process.execPath, ["--import", "tsx", "scripts/publish/cli.ts", "publish", "--site", site.dir], {
      cwd: root,
      env,
      timeoutMs: 180_000,
    });
  try {
    const first = await publish();
    await editPage(site.dir, "one-page-change");
    const second = await publish();
    if (!/changed \(1\): \/devs\/getstarted\b/.test(second.output))
      throw new Error(`the one-page publish did not report the edited page as changed:\n${second.output}`);
    return { firstPublishMs: first.wallMs, onePageChangeMs: second.wallMs };
  } finally {
    await site.remove();
  }
}
