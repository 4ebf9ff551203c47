/**
 * The build's per-page work on worker threads gives exactly what doing it in the build's own thread
 * gives: the same stored records, twins and search records, the same error messages with file and
 * position, the same warnings in the same order.
 */
import { describe, expect, it } from "vitest";
import type { SiteContext } from "../../scripts/build/finish";
import type { PageJob } from "../../scripts/build/page-pass";
import { runHere, threadPool, type RunContext } from "../../scripts/build/page-pool";
import { textOf } from "../../scripts/build/page-texts";
import { progressLines, PROGRESS_MIN_PAGES } from "../../scripts/build/stages/finish-pages";
import { loadSiteConfig } from "../../scripts/config/load";
import { FIXTURE_ROOT } from "../helpers/temp-site";

const source = (n: number) =>
  `# Page ${n}\n\nSome **text** on page ${n}, see [another](/build/page-${n + 2}#page-${n + 2}) and [a missing one](/build/nowhere).\n\n\`\`\`ts\nconst page = ${n};\n\`\`\`\n\n<Tabs>\n<TabItem value="a" label="A">\n\nInside.\n\n</TabItem>\n</Tabs>\n`;

const job = (n: number, name = `page-${n}`, body = source(n)): PageJob => ({
  info: {
    route: `/build/${name}`,
    title: `Page ${n}`,
    description: "A page.",
    sidebar: "buildSidebar",
    source: `build/${name}.mdx`,
  },
  treeKey: `${n}`.padStart(32, "0"),
  compile: { source: body, bodyAt: 0, bodyLines: 0, file: `content/docs/build/${name}.mdx`, format: "mdx" },
});

const JOBS: PageJob[] = [
  job(1),
  job(2, "bad", "# Bad\n\n<Carousel />\n"),
  job(3),
  job(4, "broken", "# Broken\n\n<div>\n\nnever closed\n"),
  job(5, "odd", "# Odd\n\n```cobol\nDISPLAY 'HI'.\n```\n"),
  ...Array.from({ length: 6 }, (_, i) => job(6 + i)),
];

async function context(): Promise<RunContext> {
  const config = await loadSiteConfig(`${FIXTURE_ROOT}/content/site.yaml`);
  const routes = Object.fromEntries(
    JOBS.map((j) => [j.info.route, { title: j.info.title, description: "A page.", sidebar: "buildSidebar" }]),
  );
  const site: SiteContext = {
    config,
    sidebars: { buildSidebar: JOBS.map((j) => ({ type: "link" as const, label: j.info.title, href: j.info.route })) },
    routes,
    categoryDescriptions: {},
    networks: { networks: [] } as unknown as SiteContext["networks"],
    files: [],
    sources: {},
    redirects: {},
    dirs: { docs: `${FIXTURE_ROOT}/content/docs`, publicDir: `${FIXTURE_ROOT}/client/public` },
  };
  return { site, cacheDir: null };
}

describe("the page pool", () => {
  it(
    "gives the same results, errors and warnings as the build's own thread, in job order",
    { timeout: 120_000 },
    async () => {
      const ctx = await context();
      const here = [];
      for (const j of JOBS) here.push(await runHere(j, ctx));
      const pool = threadPool(2);
      let done = 0;
      const threads = await pool.run(JOBS, ctx, () => done++);
      await pool.close();
      expect(threads).toEqual(here);
      expect(done).toBe(JOBS.length);

      const first = here[0]!;
      if (!("page" in first)) throw new Error("page 1 did not build");
      expect(textOf(first.page, "markdown")).toContain("Some **text** on page 1");
      const record = JSON.parse(textOf(first.page, "value"));
      expect(record.tree).toContainEqual(["h1", { id: "page-1" }, "Page 1"]);
      expect(record.next).toEqual({ label: "Page 2", href: "/build/bad" });
      expect(first.page.records.map((r) => r.type)).toContain("lvl1");
      expect(first.page.anchorChecks).toEqual([
        { where: "build/page-1.mdx", href: "/build/page-3#page-3", target: "/build/page-3", hash: "page-3" },
      ]);
      expect(first.page.warnings).toEqual(["build/page-1.mdx: broken link to /build/nowhere"]);
      expect(here[1]).toMatchObject({
        errors: [expect.stringMatching(/^content\/docs\/build\/bad\.mdx: unknown component <Carousel>/)],
      });
      expect(here[3]).toMatchObject({
        errors: [
          expect.stringMatching(/^content\/docs\/build\/broken\.mdx: line 3:1: Expected a closing tag for `<div>`/),
        ],
      });
      expect(here[4]).toMatchObject({
        page: { warnings: [expect.stringMatching(/odd\.mdx: code block language "cobol" is not loaded/)] },
      });
    },
  );

  it("prints a progress line at each tenth of a long pages stage, and none for a short one", () => {
    const lines: string[] = [];
    let clock = 0;
    const onPage = progressLines(
      1000,
      (line) => lines.push(line),
      () => clock,
    )!;
    for (let i = 0; i < 1000; i++) {
      clock += 10;
      onPage();
    }
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe("pages: 100 of 1000 compiled or finished (10%), 1 s");
    expect(lines[9]).toBe("pages: 1000 of 1000 compiled or finished (100%), 10 s");
    expect(progressLines(PROGRESS_MIN_PAGES - 1, (line) => lines.push(line))).toBeNull();
  });
});
