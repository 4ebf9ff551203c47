/**
 * The bench's steps that run in a fresh process with the build cache the earlier builds left, as
 * CI runs them: a content build with one page changed (cached-build.ts, reported, not budgeted),
 * and a one-page release exactly as the deploy workflow runs it, `npm run publish -- --strict`
 * spawned through npm, against local KV, timed from the spawn to the channel flip, the memory of
 * its whole process tree sampled.
 */
import { spawn } from "node:child_process";
import { appendFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EDITED_PAGE } from "../build-figures";
import { sampleTreeMemory } from "../procfs";
import type { SiteBuild } from "../../build/build";
import { benchChild, nextMessage } from "./child";
import { buildNodeFlags } from "./node-flags";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface CachedBuildFigures {
  wallMs: number;
  peakRssBytes: number;
  pages?: number;
  work?: SiteBuild["work"];
  phases?: SiteBuild["phases"];
  phasesCpu?: SiteBuild["phasesCpu"];
  /** Writing dist/content/<id>/ (inside wallMs). */
  writeMs?: number;
  error?: string;
}

export interface CiReleaseFigures {
  /** From the spawn of `npm run publish` to its line saying the channel serves the new build. */
  toFlipMs: number;
  /** From the spawn to the process's exit. */
  wallMs: number;
  /** The process tree's (npm, its shell, tsx, the build and its threads) peak resident memory. */
  peakRssBytes: number;
  /** The keys of the build the publish wrote, and their bytes (its own line: bookkeeping not counted). */
  keys?: number;
  bytes?: number;
  error?: string;
}

/** A build with the cache in a fresh process, one page changed since (cached-build.ts). */
export async function cachedBuild(siteDir: string, cacheDir: string, timeoutMs: number): Promise<CachedBuildFigures> {
  const started = performance.now();
  const { child, output } = benchChild(
    "cached-build.ts",
    [siteDir, cacheDir, path.join(siteDir, EDITED_PAGE.file)],
    buildNodeFlags(),
  );
  const memory = sampleTreeMemory(child.pid!, 100);
  const killTimer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    const message = await nextMessage(child, "cached", timeoutMs, output);
    const wallMs = Math.round(performance.now() - started);
    if ("error" in message) return { wallMs, peakRssBytes: memory.stop(), error: message.error };
    const { pages, work, phases, phasesCpu, writeMs } = message;
    return { wallMs, peakRssBytes: memory.stop(), pages, work, phases, phasesCpu, writeMs };
  } catch (e) {
    return {
      wallMs: Math.round(performance.now() - started),
      peakRssBytes: memory.stop(),
      error: (e as Error).message,
    };
  } finally {
    clearTimeout(killTimer);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/** The publish command's line once the channel has moved (scripts/publish/cli.ts). */
const FLIPPED = /published (\d+) keys \((\d+) bytes\); channel \S+ now serves /;

/**
 * Appends a paragraph to `file` of the site, then runs `npm run publish -- --site <site> --strict`
 * as the deploy workflow does, with BUILD_CACHE_DIR the cache the earlier builds left and
 * DOCS_LOCAL_STATE the local state whose v3/kv the site was published to.
 */
export async function ciRelease(
  siteDir: string,
  stateDir: string,
  cacheDir: string,
  file: string,
  timeoutMs: number,
): Promise<CiReleaseFigures> {
  await appendFile(file, `\n\nScale benchmark CI release ${Date.now().toString(36)}.\n`);
  const started = performance.now();
  const child = spawn("npm", ["run", "publish", "--", "--site", siteDir, "--strict"], {
    cwd: root,
    env: { ...process.env, BUILD_CACHE_DIR: cacheDir, DOCS_LOCAL_STATE: stateDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const memory = sampleTreeMemory(child.pid!, 50);
  let output = "";
  let flipped: { ms: number; keys: number; bytes: number } | null = null;
  child.stdout.on("data", (d: Buffer) => {
    output += d;
    const m = flipped ? null : FLIPPED.exec(output);
    if (m) flipped = { ms: performance.now() - started, keys: Number(m[1]), bytes: Number(m[2]) };
  });
  child.stderr.on("data", (d: Buffer) => (output += d));
  const killTimer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | string>((done) =>
    child.on("close", (c, signal) => done(c ?? signal ?? "unknown")),
  );
  clearTimeout(killTimer);
  const wallMs = Math.round(performance.now() - started);
  const peakRssBytes = memory.stop();
  const flip = flipped as { ms: number; keys: number; bytes: number } | null;
  if (code !== 0 || !flip)
    return {
      toFlipMs: wallMs,
      wallMs,
      peakRssBytes,
      error: `npm run publish ended (${code}) ${flip ? "after" : "before"} the flip:\n${output.slice(-2000)}`,
    };
  return { toFlipMs: Math.round(flip.ms), wallMs, peakRssBytes, keys: flip.keys, bytes: flip.bytes };
}
