/**
 * Operations commands (local KV by default; `--remote` for Cloudflare KV, see scripts/publish/target.ts):
 *
 *   npm run publish -- [--channel production] [--dry-run] [--remote]   build, write the new build, flip the channel
 *                      [--site <dir>]                                  build another site folder (holding content/)
 *   npm run rollback -- <build id> [--channel production] [--remote]    point the channel at a retained build
 *   npm run gc -- [--retention-days 14] [--dry-run] [--remote]          delete old builds (never live or previous)
 *   npm run builds -- [--channel production] [--remote]                 list the channel's publish history
 *
 * Exit codes: 0 done, 1 failed (nothing changed unless said), 2 bad usage.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite } from "../build/build";
import { collectGarbage, diffAgainstLive, history, liveBuildId, rollback } from "./operations";
import { pageDigests, publishBuild } from "./publish";
import { purgeUrls } from "./purge";
import type { KvTarget } from "./kv-target";
import { kvTargetFor, option } from "./target";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const [command, ...args] = process.argv.slice(2);
const channel = option(args, "--channel") ?? "production";
const dryRun = args.includes("--dry-run");
/** Another site folder (holding content/) to build instead of this repository's; the benchmark uses it. */
const site = option(args, "--site");
const siteRoot = site ? path.resolve(site) : root;

function usage(message: string): never {
  console.error(
    `${message}\nusage: publish [--channel c] [--dry-run] [--remote] [--site dir] | rollback <build id> | gc [--retention-days n] | builds`,
  );
  process.exit(2);
}

if (args.includes("--site") && (!site || site.startsWith("--"))) usage("--site needs a folder");
if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(channel))
  usage(`invalid channel "${channel}" (lower-case letters, digits and "-")`);

async function main(): Promise<void> {
  const target = await kvTargetFor(root, args);
  try {
    await run(target.kv, target.where);
  } finally {
    await target.close();
  }
}

async function run(kv: KvTarget, where: string): Promise<void> {
  switch (command) {
    case "publish": {
      const build = await buildSite({
        root: siteRoot,
        strict: args.includes("--strict"),
        warn: (m) => console.warn(`warning: ${m}`),
      });
      const diff = await diffAgainstLive(kv, channel, pageDigests(build));
      const live = await liveBuildId(kv, channel);
      console.log(`build ${build.buildId} → channel ${channel} on ${where} (live: ${live ?? "none"})`);
      for (const [label, routes] of Object.entries(diff))
        console.log(`  ${label}: ${routes.length ? routes.join(", ") : "none"}`);
      if (dryRun) return console.log("dry run: nothing written");
      if (live === build.buildId) return console.log("the channel already serves this build");
      const result = await publishBuild(kv, build, channel);
      console.log(
        `published ${result.keysWritten} keys; channel ${channel} now serves ${build.buildId} (rollback: npm run rollback -- ${live ?? "<id>"})`,
      );
      const urls = [...diff.changed, ...diff.removed].map((r) => `${build.manifest.config.url}${r}`);
      const purge = await purgeUrls(urls, {
        zoneId: process.env.CLOUDFLARE_ZONE_ID,
        apiToken: process.env.CLOUDFLARE_API_TOKEN,
        apiBase: process.env.CLOUDFLARE_API_BASE_URL,
      });
      console.log(
        purge.skipped ? `cache purge skipped: ${purge.skipped}` : `purged ${purge.purged} URLs from the edge cache`,
      );
      return;
    }
    case "rollback": {
      const id = args.find((a) => !a.startsWith("--") && a !== option(args, "--channel"));
      if (!id) usage("rollback needs a build id (npm run builds lists them)");
      const { from, to } = await rollback(kv, channel, id);
      console.log(`channel ${channel}: ${from ?? "none"} → ${to}`);
      return;
    }
    case "gc": {
      const days = Number(option(args, "--retention-days") ?? 14);
      if (!Number.isFinite(days) || days < 0) usage("--retention-days must be a number of days");
      const result = await collectGarbage(kv, days, Date.now(), dryRun);
      console.log(
        `${dryRun ? "would delete" : "deleted"} ${result.deleted.length} build(s) (${result.keysDeleted} keys): ${result.deleted.join(", ") || "none"}; kept ${result.kept.join(", ") || "none"}; being published: ${result.inFlight.join(", ") || "none"}`,
      );
      return;
    }
    case "builds": {
      const live = await liveBuildId(kv, channel);
      for (const h of await history(kv, channel))
        console.log(`${h.buildId}  ${h.at}${h.buildId === live ? "  (live)" : ""}`);
      return;
    }
    default:
      usage(command ? `unknown command "${command}"` : "no command");
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
