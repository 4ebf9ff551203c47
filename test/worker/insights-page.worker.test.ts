/**
 * /_insights in workerd with a real local D1: absent unless the INSIGHTS_TOKEN secret is set,
 * refused without the token, and with it the report of seeded signals, charts drawn as SVG and
 * every reader's text escaped.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "../helpers/signals-seed";
import { seedFixture } from "./seed";
import { clearSignals, send } from "./signals-helpers";

const TOKEN = "insights-token-for-tests";
const withToken = { INSIGHTS_TOKEN: TOKEN };
const basic = (password: string) => `Basic ${btoa(`operator:${password}`)}`;

beforeAll(async () => {
  await seedFixture();
  await clearSignals();
  const db = env.SIGNALS!;
  await db.batch(seedStatements(Date.now()).map((s) => db.prepare(s.sql).bind(...s.params)));
});

describe("/_insights", () => {
  it("does not exist without the INSIGHTS_TOKEN secret", async () => {
    const res = await send("/_insights", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page Not Found");
  });

  it("refuses a request without the token, or with a wrong one, and asks for it", async () => {
    for (const authorization of [undefined, "Bearer nope", basic("nope"), "Basic %%%"]) {
      const res = await send(
        "/_insights",
        { headers: authorization ? { Authorization: authorization } : {} },
        withToken,
      );
      expect(res.status).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toBe('Basic realm="Insights", charset="UTF-8"');
      expect(await res.text()).not.toContain("gas staton");
    }
  });

  it("shows the report with the token, as a Bearer token or Basic's password: charts, tables, escaped notes", async () => {
    for (const authorization of [`Bearer ${TOKEN}`, basic(TOKEN)]) {
      const res = await send("/_insights", { headers: { Authorization: authorization } }, withToken);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
      expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
      const html = await res.text();
      expect(html).toContain("<h1>What readers and agents could not find</h1>");
      expect(html.match(/<svg viewBox="[^"]+" role="img"/g)).toHaveLength(3);
      expect(html).toContain("<td>gas staton</td>");
      expect(html).toContain("How do I rotate a validator&#x27;s consensus key?");
      expect(html).toContain("The fee | table lacks &lt;b&gt;testnet&lt;/b&gt; gas");
      expect(html).not.toContain("<b>testnet</b>");
      expect(html).toContain(
        "Reasons: The information I needed is missing (2); Something is wrong or out of date (1).",
      );
      // The page's own title stays the document's: the charts' titles are inside their SVG.
      expect(html).toMatch(/<title>Insights \| [^<]+<\/title>/);
    }
  });

  it("takes a window, refuses a bad one, and says when there is no database", async () => {
    const auth = { headers: { Authorization: `Bearer ${TOKEN}` } };
    const week = await (await send("/_insights?since=2d", auth, withToken)).text();
    expect(week).toContain("gas staton");
    expect(week).not.toContain("validator rewards");
    const bad = await send("/_insights?since=%3Cscript%3E", auth, withToken);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("--since takes a number of days");
    const none = await send("/_insights", auth, { ...withToken, SIGNALS: undefined });
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("No signals database is bound to this worker");
  });
});
