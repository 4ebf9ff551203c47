/**
 * The operations commands (scripts/publish/args.ts lists them): local KV by default, Cloudflare KV
 * with `--remote` (scripts/publish/target.ts). Exit codes: 0 done, 1 failed (nothing changed unless
 * said), 2 bad usage.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCommand, USAGE, UsageError, type Command } from "./args";
import type { KvTarget } from "./kv-target";
import { kvKeys } from "../../common/page";
import { collectGarbage } from "./gc";
import { withLease, type Lease } from "./lease";
import { deleteChannel, diffAgainstLive, history, liveBuildId, rollback, routeLine } from "./operations";
import { pageDigests, publishBuild } from "./publish";
import { purgeUrls } from "./purge";
import { kvTargetFor } from "./target";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function publish(
  kv: KvTarget,
  where: string,
  command: Extract<Command, { name: "publish" }>,
  lease: Lease,
): Promise<void> {
  const { channel } = command;
  // The build's toolchain (MDX, Shiki, the API reference) is loaded only by the command that builds.
  const { buildSite, defaultCacheDir } = await import("../build/build");
  const build = await buildSite({
    root: command.site ? path.resolve(command.site) : root,
    strict: command.strict,
    cacheDir: defaultCacheDir(),
    warn: (m) => console.warn(`warning: ${m}`),
    progress: (line) => console.log(line),
  });
  const diff = await diffAgainstLive(kv, channel, pageDigests(build));
  const live = await liveBuildId(kv, channel);
  console.log(`build ${build.buildId} → channel ${channel} on ${where} (live: ${live ?? "none"})`);
  for (const [label, routes] of Object.entries(diff)) console.log(routeLine(label, routes));
  if (command.dryRun) return console.log("dry run: nothing written");
  if (live === build.buildId) return console.log("the channel already serves this build");
  const result = await publishBuild(kv, build, channel, undefined, () => lease.check());
  console.log(
    `published ${result.keysWritten} keys (${result.bytesWritten} bytes); channel ${channel} now serves ${build.buildId} (rollback: npm run rollback -- ${live ?? "<id>"})`,
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
}

type KvCommand = Exclude<Command, { name: "preview" }>;

/** The commands that write KV hold the write lease (scripts/publish/lease.ts) while they run. */
async function run(kv: KvTarget, where: string, command: KvCommand): Promise<void> {
  switch (command.name) {
    case "publish":
      if (command.dryRun) return publish(kv, where, command, { check: async () => {}, release: async () => {} });
      return withLease(kv, `publish to ${command.channel}`, (lease) => publish(kv, where, command, lease));
    case "rollback": {
      const { from, to } = await withLease(kv, `rollback of ${command.channel}`, () =>
        rollback(kv, command.channel, command.buildId),
      );
      return console.log(`channel ${command.channel}: ${from ?? "none"} → ${to}`);
    }
    case "gc": {
      const collect = () => collectGarbage(kv, command.retentionDays, Date.now(), command.dryRun);
      const result = command.dryRun ? await collect() : await withLease(kv, "gc", collect);
      return console.log(
        `${command.dryRun ? "would delete" : "deleted"} ${result.deleted.length} build(s) (${result.keysDeleted} keys): ${result.deleted.join(", ") || "none"}; kept ${result.kept.join(", ") || "none"}; being published: ${result.inFlight.join(", ") || "none"}; channels removed: ${result.channelsRemoved.join(", ") || "none"}`,
      );
    }
    case "builds": {
      const live = await liveBuildId(kv, command.channel);
      for (const h of await history(kv, command.channel)) {
        const gone = (await kv.get(kvKeys.manifest(h.buildId))) === null;
        console.log(`${h.buildId}  ${h.at}${h.buildId === live ? "  (live)" : ""}${gone ? "  (collected)" : ""}`);
      }
      return;
    }
    case "delete-channel": {
      const keys = await withLease(kv, `delete-channel ${command.channel}`, () => deleteChannel(kv, command.channel));
      return console.log(
        keys.length
          ? `channel ${command.channel} removed (${keys.join(", ")}); npm run gc collects its builds`
          : `channel ${command.channel} has no pointer or history`,
      );
    }
  }
}

async function main(): Promise<void> {
  let command: KvCommand;
  try {
    const parsed = parseCommand(process.argv.slice(2));
    if (parsed.name === "preview") throw new UsageError("preview has its own script: npm run preview");
    command = parsed;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n${USAGE}`);
    process.exit(2);
  }
  const target = await kvTargetFor(root, command.remote);
  try {
    await run(target.kv, target.where, command);
  } finally {
    await target.close();
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
