/**
 * The Agent-Friendly Documentation Spec's own checker (`afdocs`, pinned) against the real site in
 * the real worker bundle on local workerd: every check passes on every page of every docs version
 * (llms.txt lists them all, with each version's own llms.txt, and the run samples none away), page
 * sizes included (every page, HTML and Markdown, under 50K characters); the two checks that cannot apply here say so (no headings inside tab panels, no
 * sign-in to work around). A second run through a client that spoils what the site serves proves
 * the checks it relies on fail when the site regresses.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { computeScore, runChecks, type ReportResult, type RunnerOptions } from "afdocs";
import { Agent, fetch as undiciFetch } from "undici";
import { REPO_ROOT, serveSite, type RunningSite } from "../helpers/local-site";

/** Checks that do not apply to this site, and the reason afdocs gives. */
const NOT_APPLICABLE: Record<string, RegExp> = {
  "section-header-quality": /no section headers inside tab panels/,
  "auth-alternative-access": /publicly accessible/,
};

let site: RunningSite;
let publicUrl: string;

before(async () => {
  site = await serveSite(REPO_ROOT);
  publicUrl = site.build.manifest.config.url;
});
after(async () => {
  await site?.stop();
});

/** A fetch that spoils a response before afdocs reads it. */
type Spoil = (url: URL, body: string, type: string) => string;

/**
 * Runs afdocs with `fetch` as the only way out. Each request gets a connection of its own: afdocs
 * parses pages synchronously for seconds at a time, and undici would then reuse a kept-alive socket
 * that local workerd closed meanwhile ("other side closed"), a failure of the test's client, not of
 * the site. A connection refused or reset before any answer is tried once more, and said.
 */
async function check(options: Partial<RunnerOptions>, spoil?: Spoil): Promise<ReportResult> {
  const dispatcher = new Agent({ pipelining: 0 });
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
    const send = () => undiciFetch(input, { ...(init as object), dispatcher });
    const res = await send().catch((error: unknown) => {
      console.log(`retrying ${String(input)} once after ${String((error as Error).cause ?? error)}`);
      return send();
    });
    if (!spoil) return res as unknown as Response;
    const body = spoil(new URL(String(input)), await res.text(), res.headers.get("content-type") ?? "");
    const headers = new Headers(res.headers as unknown as Headers);
    for (const name of ["content-length", "content-encoding"]) headers.delete(name);
    return new Response(init?.method === "HEAD" ? null : body, { status: res.status, headers });
  }) as typeof fetch;
  try {
    return await runChecks(site.origin, {
      canonicalOrigin: publicUrl,
      requestDelay: 0,
      samplingStrategy: "deterministic",
      maxLinksToTest: 10_000,
      ...options,
    });
  } finally {
    globalThis.fetch = original;
    await dispatcher.close();
  }
}

const statusOf = (report: ReportResult, id: string) => report.results.find((r) => r.id === id)?.status;

describe("the Agent-Friendly Documentation Spec (afdocs)", () => {
  it("passes every check on every page, with a score of 100", { timeout: 600_000 }, async () => {
    const report = await check({});
    // llms.txt links every docs version's own llms.txt, so the legacy versions' pages are checked too.
    const pages = site.build.versions.reduce((n, v) => n + v.pages.size, site.build.pages.size);
    assert.ok(site.build.versions.length > 0);
    assert.equal(report.testedPages, pages, "every page of every docs version is tested, none sampled away");
    const failing = report.results.filter(
      (r) => r.status !== "pass" && !(r.status === "skip" && NOT_APPLICABLE[r.id]?.test(r.message)),
    );
    assert.deepEqual(
      failing.map((r) => `${r.status} ${r.id}: ${r.message}`),
      [],
    );
    for (const id of Object.keys(NOT_APPLICABLE)) assert.ok(statusOf(report, id), `${id} ran`);
    for (const id of ["llms-txt-directive-html", "llms-txt-directive-md", "markdown-content-parity"])
      assert.match(
        report.results.find((r) => r.id === id)!.message,
        new RegExp(`all ${pages} pages|All ${pages} pages`),
      );
    assert.equal(computeScore(report).overall, 100);
  });

  it(
    "fails those checks when the site regresses: no directives, relative links, a cut twin",
    { timeout: 300_000 },
    async () => {
      const pages = ["/devs/faq", "/general/Introduction/", "/api/node/get-account"];
      const spoil: Spoil = (url, body, type) => {
        if (type.startsWith("text/html")) return body.replace(/<p[^>]*data-agent-directive[^>]*>[^<]*<\/p>/, "");
        if (!type.startsWith("text/markdown")) return body;
        const twin = body.slice(body.indexOf("\n\n") + 2).replaceAll(`](${publicUrl}/`, "](/");
        return twin.slice(0, Math.floor(twin.length / 3));
      };
      const report = await check(
        {
          samplingStrategy: "curated",
          curatedPages: pages.map((p) => `${site.origin}${p}`),
          checkIds: [
            "llms-txt-exists",
            "llms-txt-directive-html",
            "llms-txt-directive-md",
            "markdown-url-support",
            "markdown-link-portability",
            "markdown-content-parity",
          ],
        },
        spoil,
      );
      assert.equal(report.testedPages, pages.length);
      const result = (id: string) => {
        const r = report.results.find((x) => x.id === id)!;
        return `${r.status} ${r.message}`;
      };
      assert.match(result("llms-txt-directive-html"), /^fail No llms\.txt directive found in HTML of any of 3 pages$/);
      assert.match(
        result("llms-txt-directive-md"),
        /^fail No llms\.txt directive found in markdown of any of 3 pages$/,
      );
      assert.match(result("markdown-link-portability"), /^warn [1-3] of 3 markdown pages .*root-relative links/);
      assert.match(result("markdown-content-parity"), /^fail 3 of 3 pages have substantive content differences/);
      assert.equal(report.requestSummary?.fetchErrors, 0);
    },
  );
});
