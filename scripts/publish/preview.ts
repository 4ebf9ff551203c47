/**
 * `npm run preview -- [branch]`: publishes the content to channel `preview-<branch>` on Cloudflare KV
 * and uploads a worker version with the preview alias <branch> serving that channel. Prints the
 * preview URL. `--delete` removes the branch's channel instead (a closed pull request), so gc can
 * collect its builds. Needs KV_NAMESPACE_ID, CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID; the URL's
 * host comes from WORKERS_SUBDOMAIN (your <name>.workers.dev subdomain).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildSite } from "../build/build";
import { parseCommand, USAGE, UsageError } from "./args";
import { withLease } from "./lease";
import { deleteChannel, diffAgainstLive } from "./operations";
import { pageDigests, publishBuild } from "./publish";
import { kvTargetFor } from "./target";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A branch name as a preview alias: lower-case letters, digits and "-", at most 40 characters. */
function previewAlias(branch: string): string {
  const alias = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  if (!alias || !/^[a-z]/.test(alias)) return `b-${alias || "preview"}`.slice(0, 40);
  return alias;
}

async function currentBranch(): Promise<string> {
  if (process.env.GITHUB_HEAD_REF) return process.env.GITHUB_HEAD_REF;
  const { stdout } = await run("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: root });
  return stdout.trim();
}

async function main(): Promise<void> {
  let branch: string | null;
  let remove = false;
  try {
    const command = parseCommand(["preview", ...process.argv.slice(2)]);
    branch = command.name === "preview" ? command.branch : null;
    remove = command.name === "preview" && command.delete;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n${USAGE}`);
    process.exit(2);
  }
  const alias = previewAlias(branch ?? (await currentBranch()));
  const channel = `preview-${alias}`;
  const { kv, where } = await kvTargetFor(root, true);
  if (remove) {
    const keys = await withLease(kv, `delete-channel ${channel}`, () => deleteChannel(kv, channel));
    return console.log(`removed channel ${channel} on ${where}: ${keys.join(", ") || "it had no keys"}`);
  }
  const build = await buildSite({ root, strict: true });
  const diff = await diffAgainstLive(kv, "production", pageDigests(build));
  await withLease(kv, `preview publish to ${channel}`, (lease) =>
    publishBuild(kv, build, channel, undefined, () => lease.check()),
  );
  console.log(`published build ${build.buildId} to ${channel} on ${where}`);
  const wrangler = path.join(root, "node_modules/.bin/wrangler");
  const { stdout } = await run(
    wrangler,
    [
      "versions",
      "upload",
      "--preview-alias",
      alias,
      "--var",
      `CONTENT_CHANNEL:${channel}`,
      "--message",
      `preview ${alias} ${build.buildId}`,
    ],
    {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  const url =
    /https:\/\/\S+\.workers\.dev\S*/.exec(stdout)?.[0] ??
    (process.env.WORKERS_SUBDOMAIN
      ? `https://${alias}-movement-docs.${process.env.WORKERS_SUBDOMAIN}.workers.dev`
      : "(see the wrangler output above)");
  console.log(stdout.trim());
  console.log(`preview: ${url}`);
  console.log(`changed against production: ${JSON.stringify(diff)}`);
  if (process.env.GITHUB_OUTPUT) {
    const { appendFile } = await import("node:fs/promises");
    const list = [...diff.added, ...diff.changed].map((r) => `- ${url.replace(/\/$/, "")}${r}`).join("%0A");
    await appendFile(process.env.GITHUB_OUTPUT, `url=${url}\nchanged=${list || "none"}\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}
