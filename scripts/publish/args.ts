/**
 * The operations commands' arguments, parsed by node:util parseArgs (strict: an unknown option or a
 * missing value is a usage error naming it). Pure, so the rules are tested without a process.
 */
import { parseArgs } from "node:util";

export const USAGE = `usage: npm run <command> -- [options]
  publish   [--channel c] [--dry-run] [--strict] [--remote] [--site dir]   build, write the new build, flip the channel
  rollback  <build id> [--channel c] [--remote]                             point the channel at a retained build
  gc        [--retention-days n] [--dry-run] [--remote]                     delete old builds (never live, previous or in flight)
  builds    [--channel c] [--remote]                                        list the channel's publish history
  delete-channel <channel> [--remote]                                       remove a channel's pointer and history (e.g. a closed pull request's preview)
  preview   [branch] [--delete]                                             publish to preview-<branch> on Cloudflare and upload a worker version; --delete removes the channel`;

export class UsageError extends Error {}

export type Command =
  | { name: "publish"; channel: string; dryRun: boolean; strict: boolean; remote: boolean; site: string | null }
  | { name: "rollback"; channel: string; buildId: string; remote: boolean }
  | { name: "gc"; retentionDays: number; dryRun: boolean; remote: boolean }
  | { name: "builds"; channel: string; remote: boolean }
  | { name: "delete-channel"; channel: string; remote: boolean }
  | { name: "preview"; branch: string | null; delete: boolean };

const VALUE_NAMES: Record<string, string> = {
  "--channel": "a channel name",
  "--site": "a folder",
  "--retention-days": "a number of days",
};

const OPTIONS = {
  publish: {
    channel: { type: "string" },
    "dry-run": { type: "boolean" },
    strict: { type: "boolean" },
    remote: { type: "boolean" },
    site: { type: "string" },
  },
  rollback: { channel: { type: "string" }, remote: { type: "boolean" } },
  gc: { "retention-days": { type: "string" }, "dry-run": { type: "boolean" }, remote: { type: "boolean" } },
  builds: { channel: { type: "string" }, remote: { type: "boolean" } },
  "delete-channel": { remote: { type: "boolean" } },
  preview: { delete: { type: "boolean" } },
} as const;
const POSITIONALS = { publish: 0, rollback: 1, gc: 0, builds: 0, "delete-channel": 1, preview: 1 } as const;

function parse(name: keyof typeof OPTIONS, args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS[name], allowPositionals: true, strict: true });
  } catch (e) {
    const message = (e as Error).message;
    const option = /'(--[\w-]+)/.exec(message)?.[1];
    const code = (e as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option)
      throw new UsageError(`${option} needs ${VALUE_NAMES[option] ?? "a value"}`);
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) throw new UsageError(`${name} has no option ${option}`);
    throw new UsageError(message);
  }
}

function channelOf(value: string | undefined): string {
  const channel = value ?? "production";
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(channel))
    throw new UsageError(`invalid channel "${channel}" (lower-case letters, digits and "-")`);
  return channel;
}

/** `argv` without node and the script: the command, then its arguments. */
export function parseCommand(argv: string[]): Command {
  const [name, ...args] = argv;
  if (!name) throw new UsageError("no command");
  if (!Object.hasOwn(OPTIONS, name)) throw new UsageError(`unknown command "${name}"`);
  const command = name as keyof typeof OPTIONS;
  const { values, positionals } = parse(command, args);
  const v = values as Record<string, string | boolean | undefined>;
  if (positionals.length > POSITIONALS[command])
    throw new UsageError(`${command} takes ${POSITIONALS[command] || "no"} argument(s), got: ${positionals.join(" ")}`);
  const remote = v.remote === true;
  switch (command) {
    case "publish":
      return {
        name: "publish",
        channel: channelOf(v.channel as string | undefined),
        dryRun: v["dry-run"] === true,
        strict: v.strict === true,
        remote,
        site: (v.site as string | undefined) ?? null,
      };
    case "rollback":
      if (!positionals[0]) throw new UsageError("rollback needs a build id (npm run builds lists them)");
      return { name: "rollback", channel: channelOf(v.channel as string | undefined), buildId: positionals[0], remote };
    case "gc": {
      const text = (v["retention-days"] as string | undefined) ?? "14";
      const days = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(days))
        throw new UsageError(`--retention-days needs a number of days, not "${text}"`);
      return { name: "gc", retentionDays: days, dryRun: v["dry-run"] === true, remote };
    }
    case "builds":
      return { name: "builds", channel: channelOf(v.channel as string | undefined), remote };
    case "delete-channel":
      if (!positionals[0]) throw new UsageError("delete-channel needs a channel name, e.g. preview-my-branch");
      if (positionals[0] === "production") throw new UsageError("delete-channel refuses production");
      return { name: "delete-channel", channel: channelOf(positionals[0]), remote };
    case "preview":
      return { name: "preview", branch: positionals[0] ?? null, delete: v.delete === true };
  }
}
