/**
 * An isolate's signals written together, in workerd with a real local D1: searches answered within
 * SIGNALS_FLUSH_MS of each other reach D1 as one batch, written after the window by the request
 * that opened it; none is lost, and counts add up as when each is written alone; a batch never
 * holds more than D1's Free plan allows an invocation; a failing batch is logged once and the site answers as before.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { MAX_BATCH_STATEMENTS } from "../../worker/signals/recorder";
import { build } from "./seed";
import { BASE, json, rows, signalsFixture } from "./signals-helpers";

signalsFixture();

const { indexName } = build.manifest.config.search;
/** Long enough that a test's few searches all fall in one window, even on a busy machine. */
const FLUSH_MS = 2000;

/** The real D1, with each batch it is sent noted (its statement count). */
function countingD1(): { db: D1Database; batches: number[] } {
  const real = env.SIGNALS!;
  const batches: number[] = [];
  const db = new Proxy(real, {
    get(target, key) {
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          batches.push(statements.length);
          return target.batch(statements);
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, batches };
}

/** Sends an API client's search; its waitUntil work is returned, not awaited. */
async function search(query: string, bindings: Partial<Env>): Promise<{ status: number; done: Promise<void> }> {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${BASE}/1/indexes/*/queries`, json({ requests: [{ indexName, query }] })),
    { ...env, ...bindings },
    ctx,
  );
  return { status: res.status, done: waitOnExecutionContext(ctx) };
}

describe("signals written in batches", () => {
  it("writes the searches of one window as one batch after it, none lost, counts as if alone", async () => {
    const { db, batches } = countingD1();
    const bindings = { SIGNALS: db, SIGNALS_FLUSH_MS: String(FLUSH_MS) };
    const started = Date.now();
    const sent = [];
    for (const q of ["alpha", "beta", "alpha", "gamma"]) sent.push(await search(q, bindings));
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    // The answers did not wait for D1, and nothing is written before the window ends.
    expect(batches).toEqual([]);
    expect(await rows("search_daily")).toEqual([]);
    await Promise.all(sent.map((s) => s.done));
    expect(Date.now() - started).toBeGreaterThanOrEqual(FLUSH_MS);
    expect(batches).toEqual([4]);
    const byQuery = Object.fromEntries(
      (await rows<{ query: string; searches: number; source: string }>("search_daily")).map((r) => [r.query, r]),
    );
    expect(Object.keys(byQuery).sort()).toEqual(["alpha", "beta", "gamma"]);
    expect(byQuery.alpha).toMatchObject({ searches: 2, source: "api" });
    expect(byQuery.beta).toMatchObject({ searches: 1 });

    // The next window is a batch of its own.
    const next = await search("delta", bindings);
    await next.done;
    expect(batches).toEqual([4, 1]);
    expect((await rows("search_daily")).length).toBe(4);
  });

  it("writes a full batch at once, and the search that would pass it opens the next window", async () => {
    const { db, batches } = countingD1();
    const bindings = { SIGNALS: db, SIGNALS_FLUSH_MS: "20000" };
    for (let i = 0; i <= MAX_BATCH_STATEMENTS; i++) expect((await search(`query${i}`, bindings)).status).toBe(200);
    // The first window's write would wait twenty seconds: the search past the batch's bound wrote
    // every signal before it at once, and its own waits in the next window.
    await vi.waitFor(() => expect(batches).toEqual([MAX_BATCH_STATEMENTS]), { timeout: 10_000 });
    const written = await rows<{ query: string }>("search_daily");
    expect(written).toHaveLength(MAX_BATCH_STATEMENTS);
    expect(written.map((r) => r.query)).not.toContain(`query${MAX_BATCH_STATEMENTS}`);
  });

  it("logs a failing batch once and keeps answering", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = new Proxy(env.SIGNALS!, {
      get(target, key) {
        if (key === "batch") return () => Promise.reject(new Error("D1 is down"));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const bindings = { SIGNALS: failing, SIGNALS_FLUSH_MS: "100" };
    const a = await search("alpha", bindings);
    const b = await search("beta", bindings);
    expect([a.status, b.status]).toEqual([200, 200]);
    await Promise.all([a.done, b.done]);
    const lines = errors.mock.calls
      .map((c) => String(c[0]))
      .filter((l) => l.includes('"event":"signals_write_failed"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ kind: "search" });
  });
});
