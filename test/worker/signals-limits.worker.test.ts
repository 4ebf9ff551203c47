/**
 * What keeps signals from hurting the site or growing without end, in workerd with a real local
 * D1: the rate limits per connecting address (votes and signals, /mcp), a failing or missing
 * database (pages, search and votes answer as before; one log line), the daily retention run and
 * the row budget (new rows dropped, counts of existing rows still grow, one log line an hour).
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { dayOf } from "../../common/signals";
import worker from "../../worker/index";
import { build } from "./seed";
import { everything, json, liveWithSignals, PAGE, rows, send, today, signalsFixture } from "./signals-helpers";

signalsFixture();

const { indexName } = build.manifest.config.search;
const vote = (address: string) => json({ page: PAGE, vote: "yes" }, { "CF-Connecting-IP": address });
const logLines = (spy: { mock: { calls: unknown[][] } }, event: string) =>
  spy.mock.calls.map((c) => String(c[0])).filter((line) => line.includes(`"event":"${event}"`));

describe("rate limits per connecting address", () => {
  it("answers a vote past 30 a minute with 429 and Retry-After; another address still votes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send("/_signals/feedback", vote("198.51.100.1"))).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await send("/_signals/feedback", vote("198.51.100.1"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(((await limited.json()) as { message: string }).message).toMatch(/try again in a minute/);
    expect((await send("/_signals/feedback", vote("198.51.100.2"))).status).toBe(200);
    expect(await rows("feedback_daily")).toEqual([expect.objectContaining({ yes: 31 })]);
    // The address is the limiter's key and nothing more.
    expect(JSON.stringify((await everything()).tables)).not.toContain("198.51.100");
  });

  it("limits search signals the same way, and /mcp past 120 a minute", async () => {
    const signal = json(
      { event: "query", source: "modal", query: "faucet", hits: 3, opened: false },
      { "CF-Connecting-IP": "198.51.100.3" },
    );
    for (let i = 0; i < 30; i++) await send("/_signals/search", signal);
    expect((await send("/_signals/search", signal)).status).toBe(429);

    const ping = () =>
      send(
        "/mcp",
        json(
          { jsonrpc: "2.0", id: 1, method: "ping" },
          { Accept: "application/json", "CF-Connecting-IP": "198.51.100.4" },
        ),
      );
    for (let i = 0; i < 120; i++) expect((await ping()).status).toBe(200);
    const limited = await ping();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { message: expect.stringMatching(/Too many requests/) },
    });
  });
});

describe("a failing or missing database", () => {
  const failing = {
    prepare: () => ({ bind: () => ({}) }),
    batch: () => Promise.reject(new Error("D1 is down")),
  } as unknown as D1Database;

  it("leaves pages, search and votes answering as before, and logs one line", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const page = await send(PAGE, {}, { SIGNALS: failing, DISABLE_PAGE_CACHE: "1" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Was this page helpful?");
    const search = await send("/1/indexes/*/queries", json({ requests: [{ indexName, query: "alpha" }] }), {
      SIGNALS: failing,
    });
    expect(search.status).toBe(200);
    expect(((await search.json()) as { results: { nbHits: number }[] }).results[0]!.nbHits).toBeGreaterThan(0);
    expect((await send("/search?q=alpha", {}, { SIGNALS: failing })).status).toBe(200);
    expect((await send("/_signals/feedback", json({ page: PAGE, vote: "no" }), { SIGNALS: failing })).status).toBe(200);
    expect(logLines(errors, "signals_write_failed")).toHaveLength(1);
  });

  it("without the binding records nothing, answers as before and says so once", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const none = { SIGNALS: undefined };
    expect((await send(PAGE, {}, none)).status).toBe(200);
    expect((await send("/search?q=alpha", {}, none)).status).toBe(200);
    expect(await (await send("/_signals/feedback", json({ page: PAGE, vote: "no" }), none)).json()).toEqual({
      recorded: false,
    });
    expect(logLines(errors, "signals_disabled")).toHaveLength(1);
  });

  it("site.yaml's switch turns the form and the routes off", async () => {
    const restore = await liveWithSignals("signalsoff01", { enabled: false });
    try {
      expect(await (await send(PAGE)).text()).not.toContain("Was this page helpful?");
      expect((await send("/_signals/feedback", json({ page: PAGE, vote: "no" }))).status).toBe(404);
      await send("/1/indexes/*/queries", json({ requests: [{ indexName, query: "alpha" }] }));
      expect(Object.values((await everything()).tables).flat()).toEqual([]);
    } finally {
      await restore();
    }
  });
});

const DAY = 86_400_000;

async function seedDays(days: number[]): Promise<void> {
  const db = env.SIGNALS!;
  await db.batch(
    days.flatMap((ago) => {
      const day = dayOf(Date.now() - ago * DAY);
      return [
        db
          .prepare("INSERT INTO feedback_daily (day, version, page, yes, no) VALUES (?1, 'current', ?2, 1, 0)")
          .bind(day, PAGE),
        db
          .prepare(
            "INSERT INTO search_daily (day, version, source, query, searches) VALUES (?1, 'current', 'api', 'q', 1)",
          )
          .bind(day),
        db
          .prepare("INSERT INTO agent_reports (day, version, question, tried) VALUES (?1, 'current', 'q?', 't')")
          .bind(day),
      ];
    }),
  );
}

async function runScheduled(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 3 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("retention and the row budget", () => {
  it("the daily run deletes what is older than retentionDays (90 by default), and the budget's count follows", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await seedDays([0, 30, 89, 91, 400]);
    await runScheduled();
    const { tables, counted } = await everything();
    expect((tables.feedback_daily as { day: string }[]).map((r) => r.day).sort()).toEqual(
      [89, 30, 0].map((ago) => dayOf(Date.now() - ago * DAY)),
    );
    expect(tables.search_daily).toHaveLength(3);
    expect(tables.agent_reports).toHaveLength(3);
    expect(counted).toBe(9);

    const restore = await liveWithSignals("retention007", { retentionDays: 7 });
    try {
      await runScheduled();
      expect(await rows("feedback_daily")).toEqual([expect.objectContaining({ day: today() })]);
    } finally {
      await restore();
    }
  });

  it("past the budget drops new rows, still counts existing ones, and logs one line an hour", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const restore = await liveWithSignals("budget000003", { rowBudget: 2 });
    try {
      const query = (q: string) => send("/1/indexes/*/queries", json({ requests: [{ indexName, query: q }] }));
      await query("alpha");
      await send("/_signals/feedback", json({ page: PAGE, vote: "yes" }));
      await query("beta");
      await send("/_signals/feedback", json({ page: PAGE, vote: "no", note: "a note" }));
      await query("alpha");
      const { tables, counted } = await everything();
      expect(counted).toBe(2);
      expect(tables.search_daily).toEqual([expect.objectContaining({ query: "alpha", searches: 2 })]);
      expect(tables.feedback_daily).toEqual([expect.objectContaining({ yes: 1, no: 1 })]);
      expect(tables.feedback_notes).toEqual([]);
      const full = logLines(errors, "signals_row_budget_full");
      expect(full).toHaveLength(1);
      expect(JSON.parse(full[0]!)).toMatchObject({ rows: 2, rowBudget: 2 });
    } finally {
      await restore();
    }
  });
});
