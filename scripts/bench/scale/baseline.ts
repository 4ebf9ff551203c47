/**
 * The bench's own baselines, from the real site (content/ as it is) in the same run: built with an
 * empty build cache of its own (its pages compiled, finished and highlighted, to set the synthetic
 * site's cache hit rates beside), published to a local KV of its own and served by local workerd;
 * the edited page's HTML bytes read from it ("HTML vs the 70-page site").
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SiteBuild } from "../../build/build";
import { EDITED_PAGE } from "../build-figures";
import { benchChild, nextMessage, stopChild } from "./child";
import { copySiteInputs } from "./generate";
import { buildNodeFlags } from "./node-flags";
import { serve } from "./serve";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface RealSite {
  /** HTML bytes of the route. */
  htmlBytes: number;
  /** Its cold build's work: pages compiled, finished, cached; code blocks highlighted and the memo's hits. */
  work: SiteBuild["work"];
}

/** The real site's HTML bytes of `route` (EDITED_PAGE's by default) and its build's work, built and served inside `workDir`. */
export async function realSite(workDir: string, timeoutMs: number, route = EDITED_PAGE.route): Promise<RealSite> {
  const siteDir = path.join(workDir, "site");
  const kvDir = path.join(workDir, "kv");
  await mkdir(workDir, { recursive: true });
  await copySiteInputs(root, siteDir);
  const { child, output } = benchChild(
    "build-publish.ts",
    // The edited file is the build-publish step's: never edited here (no edit message is sent).
    [siteDir, kvDir, path.join(siteDir, EDITED_PAGE.file), path.join(workDir, "build-cache")],
    buildNodeFlags(),
  );
  let work: SiteBuild["work"];
  try {
    work = (await nextMessage(child, "built", timeoutMs, output)).work;
    const published = await nextMessage(child, "published", timeoutMs, output);
    if (published.error) throw new Error(`the real site's publish failed: ${published.error}`);
  } finally {
    await stopChild(child);
  }
  const served = await serve(kvDir);
  try {
    const response = await fetch(`${served.origin}${route}`);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`the real site answered ${response.status} for ${route}`);
    return { htmlBytes: Buffer.byteLength(body), work };
  } finally {
    await served.server.dispose();
  }
}
