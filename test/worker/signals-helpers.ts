/** What the signals' worker tests share: the app called with a real execution context, and the local D1's rows. */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { dayOf, SIGNAL_TABLES } from "../../common/signals";
import { kvKeys } from "../../common/page";
import type { SiteConfig } from "../../common/site-config";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { resumeSignals } from "../../worker/signals/recorder";
import { build, putVariant, seedFixture } from "./seed";

/** A signals test file's hooks: the fixture build seeded once, and each test on empty tables with a working database. */
export function signalsFixture(): void {
  beforeAll(async () => {
    await seedFixture();
  });
  beforeEach(async () => {
    resumeSignals();
    await clearSignals();
  });
  afterEach(() => vi.restoreAllMocks());
}

export const BASE = "https://docs.example.test";
export const PAGE = "/learn/Basics/alpha";
export const today = () => dayOf(Date.now());

/** The worker as Cloudflare calls it, with `bindings` overridden; returns once its waitUntil work is done. */
export async function send(path: string, init: RequestInit = {}, bindings: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`, init), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

export const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual",
});

export async function rows<T = Record<string, unknown>>(table: string): Promise<T[]> {
  return (await env.SIGNALS!.prepare(`SELECT * FROM ${table}`).all<T>()).results;
}

/** Every row of every signal table, and the row count the budget reads. */
export async function everything(): Promise<{ tables: Record<string, unknown[]>; counted: number }> {
  const tables: Record<string, unknown[]> = {};
  for (const t of SIGNAL_TABLES) tables[t] = await rows(t);
  const state = await env.SIGNALS!.prepare("SELECT rows FROM signals_state").first<{ rows: number }>();
  return { tables, counted: state!.rows };
}

export async function clearSignals(): Promise<void> {
  await env.SIGNALS!.batch(SIGNAL_TABLES.map((t) => env.SIGNALS!.prepare(`DELETE FROM ${t}`)));
  await env.SIGNALS!.prepare("UPDATE signals_state SET full_logged_at = 0").run();
}

/** Makes a variant of the fixture build live, with `signals` settings of its own; returns a function restoring the fixture. */
export async function liveWithSignals(
  id: string,
  signals: Partial<SiteConfig["signals"]>,
): Promise<() => Promise<void>> {
  const root = await putVariant(id);
  const config = { ...build.manifest.config, signals: { ...build.manifest.config.signals, ...signals } };
  await env.CONTENT.put(kvKeys.manifest(id), JSON.stringify({ ...root, config }));
  await env.CONTENT.put(kvKeys.searchIndex(id), JSON.stringify(build.searchIndex));
  await env.CONTENT.put(kvKeys.channel("production"), id);
  return () => env.CONTENT.put(kvKeys.channel("production"), build.buildId);
}
