/**
 * `npm run insights`: on seeded signals in a local D1 it prints the expected report (and writes it
 * as Markdown and JSON); `--export` and `--purge`; the arguments; and `--remote`, read through the
 * cloudflare SDK from a recorded D1 query response (no account is reachable here), gives the same
 * report as the local database with the same rows.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insightsReport, insightsWindow, type Statement } from "../../common/insights";
import { dayOf } from "../../common/signals";
import { seedStatements } from "../../test/helpers/signals-seed";
import { localD1PersistDir, openLocalSignals, type LocalD1 } from "../signals/local-d1";
import { parseInsightsArgs, UsageError } from "./args";
import { DatabaseError, localRunner, openRemote } from "./database";
import { exportSignals } from "./maintenance";

const ROOT = path.resolve(import.meta.dirname, "../..");
const RESPONSE = path.join(ROOT, "test/fixtures/insights/d1-query-response.json");
/** The recorded response's day: its rows are seeded from it. */
const RECORDED_AT = Date.UTC(2026, 6, 1, 12);
const run = promisify(execFile);

async function seeded(persist: string, today: number): Promise<{ db: LocalD1; dispose: () => Promise<void> }> {
  const local = await openLocalSignals(ROOT, persist);
  await local.db.batch(seedStatements(today).map((s) => local.db.prepare(s.sql).bind(...s.params)));
  return local;
}

let site: string;
beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), "insights-site-"));
  const { dispose } = await seeded(localD1PersistDir(site), Date.now());
  await dispose();
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
});

const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "scripts/insights/cli.ts", "--site", site, ...args], {
    cwd: ROOT,
    timeout: 120_000,
  });

describe("npm run insights", () => {
  it("prints the report of the last 30 days and writes it as Markdown and JSON", async () => {
    const out = path.join(site, "out");
    const { stdout } = await cli("--out", out);
    const d = (ago: number) => dayOf(Date.now() - ago * 86_400_000);
    const expected = `# What readers and agents could not find, ${d(29)} to ${d(0)}

15 searches, 6 with no result (40.0%); 6 "yes" and 4 "no" votes; 1 agent reports.

## Top zero-result queries

| query | searches with no result | from |
|---|---|---|
| gas staton | 3 | modal |
| zzqxv | 3 | agent, api |

## Queries whose results nobody opened

| query | searches | results |
|---|---|---|
| validator rewards | 4 | 12 |

## Pages with the most "no" votes

### /devs/faq: 3 no, 1 yes

Reasons: The information I needed is missing (2); Something is wrong or out of date (1).

> ${d(0)}, no, missing: The fee \\| table lacks &lt;b&gt;testnet&lt;/b&gt; gas

### /general/UsingMovement/faucet: 1 no, 5 yes

## Agent reports

| day | question | tried | page |
|---|---|---|---|
| ${d(1)} | How do I rotate a validator's consensus key? | search\\_docs: rotate consensus key | /devs/fullnode |

## Suggested synonyms

A query that found nothing, then one whose result the reader opened, in the same search session.

| searched | then found with | times |
|---|---|---|
| gas staton | gas fee | 2 |

As entries for content/search/synonyms.json, to review before adding:

\`\`\`json
[
  {
    "objectID": "gas-staton-gas-fee",
    "type": "oneWaySynonym",
    "input": "gas staton",
    "synonyms": [
      "gas fee"
    ]
  }
]
\`\`\`
`;
    expect(stdout.startsWith(expected)).toBe(true);
    expect(await readFile(path.join(out, "insights.md"), "utf8")).toBe(expected);
    const json = JSON.parse(await readFile(path.join(out, "insights.json"), "utf8"));
    expect(json).toMatchObject({
      days: 30,
      totals: { searches: 15, zeroHitSearches: 6, yes: 6, no: 4, agentReports: 1 },
    });
    expect(json.daily).toHaveLength(30);
  }, 120_000);

  it("--since 2d leaves out the older days; a bad --since or option exits 2 naming it", async () => {
    const { stdout } = await cli("--since", "2d", "--out", path.join(site, "out2"));
    expect(stdout).toContain("| gas staton | 2 | modal |");
    expect(stdout).not.toContain("validator rewards");
    const bad = await cli("--since", "last week").catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--since takes a number of days ("7d", "90d") or a past date'),
    });
    // An unknown option is the same usage error (exit 2, said on stderr), from the argument parser.
    expect(() => parseInsightsArgs(["--sinse", "7d"])).toThrow(new UsageError("insights has no option --sinse"));
  }, 120_000);

  it("--export writes every row; --purge deletes them all", async () => {
    const file = path.join(site, "export.json");
    expect((await cli("--export", file)).stdout).toContain("15 rows of local D1");
    const exported = JSON.parse(await readFile(file, "utf8"));
    expect(exported.tables.search_daily).toHaveLength(7);
    expect(exported.tables.feedback_notes[0].note).toBe("The fee | table lacks <b>testnet</b> gas");
    expect((await cli("--purge")).stdout).toContain("deleted 15 rows");
    // What is left, read from the same database in this process (--export itself is proven above).
    const after = await openLocalSignals(ROOT, localD1PersistDir(site));
    try {
      const left = await exportSignals(localRunner(after.db), new Date());
      expect(Object.values(left.tables).flat()).toEqual([]);
    } finally {
      await after.dispose();
    }
  }, 120_000);
});

describe("arguments", () => {
  it("are checked strictly", () => {
    expect(parseInsightsArgs([])).toEqual({
      name: "report",
      since: "30d",
      out: "insights-results",
      remote: false,
      site: null,
    });
    expect(parseInsightsArgs(["--export", "--remote"])).toMatchObject({
      name: "export",
      file: "insights-results/export.json",
    });
    expect(() => parseInsightsArgs(["--purge", "--since", "7d"])).toThrow(UsageError);
    expect(() => parseInsightsArgs(["--export", "--purge"])).toThrow(/separate runs/);
    expect(() => parseInsightsArgs(["--remote", "--site", "x"])).toThrow(/--site names a local database/);
    expect(() => insightsWindow("0d", Date.now())).toThrow(/--since/);
    expect(insightsWindow("2026-06-25", RECORDED_AT)).toEqual({ since: "2026-06-25", until: "2026-07-01", days: 7 });
  });
});

describe("--remote", () => {
  const window = insightsWindow("30d", RECORDED_AT);
  let local: { db: LocalD1; dispose: () => Promise<void> };
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "insights-remote-"));
    local = await seeded(dir, RECORDED_AT);
    // INSIGHTS_RECORD=1 records the response again from the seeded rows, in the D1 API's envelope.
    if (process.env.INSIGHTS_RECORD === "1") {
      const captured: Statement[][] = [];
      await insightsReport(async (statements) => (captured.push(statements), []), window);
      const results = await local.db.batch(captured[0]!.map((s) => local.db.prepare(s.sql).bind(...s.params)));
      const body = {
        result: results.map((r) => ({ meta: r.meta, results: r.results, success: true })),
        success: true,
        errors: [],
        messages: [],
      };
      await writeFile(RESPONSE, `${JSON.stringify(body, null, 2)}\n`);
    }
  });
  afterAll(async () => {
    await local.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it("reads the account's D1 through the SDK: one batch request, the same report as the local rows give", async () => {
    const recorded = await readFile(RESPONSE, "utf8");
    const requests: { url: string; auth: string | null; body: { batch: Statement[] } }[] = [];
    const fakeFetch = (async (url: string | URL, init?: RequestInit) => {
      requests.push({
        url: String(url),
        auth: new Headers(init?.headers).get("Authorization"),
        body: JSON.parse(String(init?.body)),
      });
      return new Response(recorded, { headers: { "Content-Type": "application/json" } });
    }) as typeof fetch;
    const db = openRemote(
      { D1_DATABASE_ID: "db-uuid", CLOUDFLARE_API_TOKEN: "token-x", CLOUDFLARE_ACCOUNT_ID: "acct-1" },
      fakeFetch,
    );
    const remote = await insightsReport(db.run, window);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe("https://api.cloudflare.com/client/v4/accounts/acct-1/d1/database/db-uuid/query");
    expect(requests[0]!.auth).toBe("Bearer token-x");
    expect(requests[0]!.body.batch.every((s) => s.params.every((p) => typeof p === "string"))).toBe(true);
    expect(remote).toEqual(await insightsReport(localRunner(local.db), window));
    expect(remote.pages[0]).toMatchObject({ page: "/devs/faq", no: 3, yes: 1 });
  });

  it("names what is missing, and a refused statement", async () => {
    expect(() => openRemote({ CLOUDFLARE_API_TOKEN: "t" })).toThrow(
      /--remote needs D1_DATABASE_ID, CLOUDFLARE_ACCOUNT_ID/,
    );
    const refused = openRemote(
      { D1_DATABASE_ID: "d", CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_ACCOUNT_ID: "a" },
      (async () =>
        Response.json({
          result: [{ results: [], success: false }],
          success: true,
          errors: [],
          messages: [],
        })) as typeof fetch,
    );
    await expect(insightsReport(refused.run, window)).rejects.toThrow(DatabaseError);
  });
});
