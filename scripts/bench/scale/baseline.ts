/**
 * The bench's own baseline for "HTML vs the 70-page site": the real site (content/ as it is) built,
 * published to a local KV of its own and served by local workerd in the same run, and the edited
 * page's HTML bytes read from it. It uses the checkout's build cache (what `npm run build:content`
 * fills), so that in a checkout that has built once it costs seconds; in a fresh one it builds.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultCacheDir } from "../../build/build";
import { EDITED_PAGE } from "../build-figures";
import { benchChild, nextMessage, stopChild } from "./child";
import { copySiteInputs } from "./generate";
import { buildNodeFlags } from "./node-flags";
import { serve } from "./serve";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The real site's HTML bytes of `route` (EDITED_PAGE's by default), built and served inside `workDir`. */
export async function realSiteHtmlBytes(
  workDir: string,
  timeoutMs: number,
  route = EDITED_PAGE.route,
): Promise<number> {
  const siteDir = path.join(workDir, "site");
  const kvDir = path.join(workDir, "kv");
  await mkdir(workDir, { recursive: true });
  await copySiteInputs(root, siteDir);
  const { child, output } = benchChild(
    "build-publish.ts",
    // The edited file is the build-publish step's: never edited here (no edit message is sent).
    [siteDir, kvDir, path.join(siteDir, EDITED_PAGE.file), defaultCacheDir()],
    buildNodeFlags(),
  );
  try {
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
    return Buffer.byteLength(body);
  } finally {
    await served.server.dispose();
  }
}
