/**
 * `npm run insights` arguments (node:util parseArgs, strict: an unknown option or a missing value
 * is a usage error naming it). Pure, so the rules are tested without a process.
 */
import { parseArgs } from "node:util";

export const USAGE = `usage: npm run insights -- [options]
  [--since 7d|YYYY-MM-DD] [--out dir]   the report (Markdown printed; Markdown and JSON written to dir, default insights-results/)
  --export [file]                       every signal row as JSON (default insights-results/export.json)
  --purge                               delete every signal row
  --remote                              the account's D1 (D1_DATABASE_ID, CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID) instead of local D1
  --site dir                            the local D1 of another site folder (as npm start --site serves it)`;

export class UsageError extends Error {}

/** Where the database is: the account's (remote), or a site folder's local D1 (null: this repository's). */
export interface Source {
  remote: boolean;
  site: string | null;
}

export type InsightsCommand =
  | ({ name: "report"; since: string; out: string } & Source)
  | ({ name: "export"; file: string } & Source)
  | ({ name: "purge" } & Source);

export const DEFAULT_SINCE = "30d";
export const DEFAULT_OUT = "insights-results";

export function parseInsightsArgs(args: string[]): InsightsCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        since: { type: "string" },
        out: { type: "string" },
        export: { type: "boolean" },
        purge: { type: "boolean" },
        remote: { type: "boolean" },
        site: { type: "string" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    const option = /'(--[\w-]+)/.exec((e as Error).message)?.[1];
    const code = (e as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) throw new UsageError(`${option} needs a value`);
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) throw new UsageError(`insights has no option ${option}`);
    throw new UsageError((e as Error).message);
  }
  const { values: v, positionals } = parsed;
  const remote = v.remote === true;
  if (remote && v.site !== undefined)
    throw new UsageError("--site names a local database; --remote reads the account's");
  const source: Source = { remote, site: v.site ?? null };
  if (v.export && v.purge) throw new UsageError("--export and --purge are separate runs: export first, then purge");
  if (v.export) {
    if (v.since !== undefined) throw new UsageError("--export writes every row; --since applies to the report");
    if (positionals.length > 1) throw new UsageError(`--export takes one file, got: ${positionals.join(" ")}`);
    return { name: "export", file: positionals[0] ?? `${v.out ?? DEFAULT_OUT}/export.json`, ...source };
  }
  if (positionals.length) throw new UsageError(`unexpected argument: ${positionals.join(" ")}`);
  if (v.purge) {
    if (v.since !== undefined || v.out !== undefined)
      throw new UsageError("--purge deletes every row; it takes only --remote or --site");
    return { name: "purge", ...source };
  }
  return { name: "report", since: v.since ?? DEFAULT_SINCE, out: v.out ?? DEFAULT_OUT, ...source };
}
