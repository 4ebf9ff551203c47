/**
 * /_insights: the signals report (common/insights.ts) as a page, for the operator. It
 * does not exist (404) unless the INSIGHTS_TOKEN secret is set; with it, a request must carry the
 * token (`Authorization: Bearer <token>`, or as the password of HTTP Basic, which a browser asks
 * for) or is refused with 401. The only route that reads D1; never cached.
 */
import { Hono, type Context } from "hono";
import { insightsReport, insightsWindow, type RunQueries } from "../../common/insights";
import type { BuildManifest } from "../content-store";
import type { Env, StoreVars } from "../env";
import { log } from "../log";
import { renderInsights, renderNotFound } from "../render";
import { html } from "../routes/responses";

type InsightsEnv = { Bindings: Env; Variables: StoreVars };

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/** The token a request carries: a Bearer token, or Basic's password (any user name). */
function tokenOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const [scheme, value = ""] = authorization.split(/\s+/, 2);
  if (scheme?.toLowerCase() === "bearer") return value;
  if (scheme?.toLowerCase() !== "basic") return null;
  try {
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(value), (ch) => ch.charCodeAt(0)));
    return decoded.slice(decoded.indexOf(":") + 1);
  } catch {
    return null;
  }
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
async function sameToken(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return crypto.subtle.timingSafeEqual(a, b);
}

/** D1 statements in one batch. */
const d1Runner =
  (db: D1Database): RunQueries =>
  async (statements) =>
    (await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)))).map(
      (r) => (r.results ?? []) as Record<string, unknown>[],
    );

async function page(c: Context<InsightsEnv>): Promise<Response> {
  const manifest: BuildManifest | null = await c.var.store.manifest(await c.var.store.liveBuildId()).catch(() => null);
  const token = c.env.INSIGHTS_TOKEN;
  if (!token) {
    if (!manifest) return new Response("Not Found", { status: 404, headers: PRIVATE });
    return html(c, await renderNotFound(new URL(c.req.url).pathname, manifest), 404, PRIVATE);
  }
  const given = tokenOf(c.req.header("Authorization"));
  if (given === null || !(await sameToken(given, token)))
    return new Response("This page needs the insights access token (INSIGHTS_TOKEN).\n", {
      status: 401,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "WWW-Authenticate": 'Basic realm="Insights", charset="UTF-8"',
        ...PRIVATE,
      },
    });
  let window;
  try {
    window = insightsWindow(c.req.query("since") ?? "30d", Date.now());
  } catch (e) {
    return html(c, await renderInsights(null, (e as Error).message, manifest), 400, PRIVATE);
  }
  if (!c.env.SIGNALS) {
    const notice =
      "No signals database is bound to this worker (SIGNALS in wrangler.toml), so there is nothing to show.";
    return html(c, await renderInsights(null, notice, manifest), 200, PRIVATE);
  }
  try {
    const report = await insightsReport(d1Runner(c.env.SIGNALS), window);
    return html(c, await renderInsights(report, null, manifest), 200, PRIVATE);
  } catch (error) {
    log.error("insights_unavailable", { error });
    const notice = "The signals database could not be read just now; try again in a minute.";
    return html(c, await renderInsights(null, notice, manifest), 503, { ...PRIVATE, "Retry-After": "60" });
  }
}

export const insightsPage = new Hono<InsightsEnv>();
insightsPage.get("/", page);
