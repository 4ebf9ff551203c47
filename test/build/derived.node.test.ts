/** Derived files stay bounded as the site grows: llms-full.txt per section past its limit, a sitemap index past the limits. */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, defaultCacheDir, type SiteBuild } from "../../scripts/build/build";
import { dataFilesOf } from "../../scripts/build/derived";
import { llmsFiles } from "../../scripts/build/llms";
import { Memo } from "../../scripts/dev/build-cache";
import { blobDigest } from "../../scripts/build/blobs";
import { llmsFullFiles, type LlmsEntry, type TwinOfRoute } from "../../scripts/build/llms-full";
import { sitemapFiles } from "../../scripts/build/sitemap";
import { FIXTURE_ROOT } from "../helpers/temp-site";

/** The fixture site, built once: the cases read its output, and manifestWith changes a copy of its manifest. */
let fixture: SiteBuild;
beforeAll(async () => {
  fixture = await buildSite({ root: FIXTURE_ROOT });
});

describe("llms-full.txt", () => {
  it("is the full text of a small site: every page's twin, section by section, under a short head", async () => {
    const build = fixture;
    const file = (p: string) => build.files.find((f) => f.path === p)?.body;
    const full = file("/llms-full.txt")!;
    expect(full).toMatch(/^# Fixture documentation, in full\n/);
    expect(full).toContain("The index of every page: https://docs.example.test/llms.txt");
    const twins = build.files.filter((f) => f.path.endsWith(".md"));
    expect(twins.length).toBeGreaterThan(3);
    for (const twin of twins) expect(full).toContain(twin.body);
    const order = [...full.matchAll(/^> Markdown version of <https:\/\/docs\.example\.test(\/[^>]*)>/gm)].map(
      (m) => m[1],
    );
    expect(order.length).toBe(twins.length);
    expect(order.findIndex((r) => r!.startsWith("/build/"))).toBeGreaterThan(
      order.findIndex((r) => r!.startsWith("/learn/")),
    );
    expect(build.manifest.files.filter((f) => f.startsWith("/llms-full/"))).toEqual([]);
    expect(file("/llms.txt")).toContain(
      "The whole site as Markdown in one file: https://docs.example.test/llms-full.txt",
    );
  });

  /** A twin as the build hands it over: read on demand, with its digest and size. */
  const asTwin = (t: { route: string; source: string; body: string }): TwinOfRoute => ({
    ...t,
    body: () => t.body,
    digest: blobDigest(t.body),
    bytes: Buffer.byteLength(t.body),
  });
  const page = (i: number) => ({
    route: `/learn/p${String(i).padStart(3, "0")}`,
    source: `content/docs/learn/p${i}.mdx`,
    body: `> Markdown version of <https://docs.example.test/learn/p${String(i).padStart(3, "0")}>.\n\n# Page ${i}\n\n${"word ".repeat(40)}`,
  });
  const twin = (i: number) => asTwin(page(i));
  /** Past 4,000 bytes of pages, llms-full.txt is an index of parts. */
  const limits = { wholeBytes: 4_000, singleBytes: 2_000, part: { minBytes: 600, maxBytes: 1_500, everyNth: 4 } };

  it("stays the full text up to its limit and becomes an index of per-section files past it", async () => {
    const { manifest } = fixture;
    const small = llmsFullFiles(manifest, [twin(0), twin(1)], limits);
    expect(small.map((f) => f.path)).toEqual(["/llms-full.txt"]);
    expect(small[0]!.body).toContain(`\n\n${twin(0).body()}\n\n${twin(1).body()}`);
    const index = llmsFullFiles(manifest, [twin(0), twin(1)], { ...limits, wholeBytes: 100 });
    expect(index.map((f) => f.path)).toEqual(["/llms-full.txt", "/llms-full/learn.txt"]);
    expect(index[0]!.body).toContain("- Learn (2 pages): https://docs.example.test/llms-full/learn.txt");
    expect(index[0]!.body).not.toContain("# Page 0");
    expect(index[1]!.body).toBe(`${twin(0).body()}\n\n${twin(1).body()}`);
  });

  it("splits a large section into bounded, numbered parts at page boundaries, every page once and in order", async () => {
    const { manifest } = fixture;
    const twins = Array.from({ length: 60 }, (_, i) => twin(i));
    const files = llmsFullFiles(manifest, twins, limits);
    const parts = files.slice(1);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.map((f) => f.path)).toEqual(parts.map((_, i) => `/llms-full/learn-${i + 1}.txt`));
    for (const f of parts) {
      expect(Buffer.byteLength(f.body)).toBeLessThanOrEqual(1_500);
      expect(f.body).toMatch(/^> Markdown version of <https:\/\/docs\.example\.test\/learn\/p\d{3}>\.\n\n# Page/);
    }
    const order = parts.flatMap((f) => [...f.body.matchAll(/# Page (\d+)/g)].map((m) => Number(m[1])));
    expect(order).toEqual(twins.map((_, i) => i));
    expect(files[0]!.body).toContain("Learn (60 pages): https://docs.example.test/llms-full/learn-1.txt, ");
  });

  it("rewrites only the part holding a page when that page changes or a page is added", async () => {
    const { manifest } = fixture;
    const twins = Array.from({ length: 120 }, (_, i) => twin(i));
    const before = new Set(llmsFullFiles(manifest, twins, limits).map((f) => f.body));
    const edited = twins.map((t, i) =>
      i === 57 ? asTwin({ ...page(i), body: `${t.body()}\n\nOne more sentence.` }) : t,
    );
    const afterEdit = llmsFullFiles(manifest, edited, limits).slice(1);
    expect(afterEdit.filter((f) => !before.has(f.body))).toHaveLength(1);
    const added = [...twins, asTwin({ ...page(0), route: "/learn/p057b" })].sort((a, b) =>
      a.route.localeCompare(b.route),
    );
    const afterAdd = llmsFullFiles(manifest, added, limits).slice(1);
    expect(afterAdd.filter((f) => !before.has(f.body)).length).toBeLessThanOrEqual(2);
  });

  it("with npm run dev's memo, gives the same files and rebuilds only the edited page's part", async () => {
    const { manifest } = fixture;
    const parts = new Memo<{ entries: LlmsEntry[]; digest: string }>();
    let made = 0;
    const memo = {
      entries: new Memo<LlmsEntry>(),
      parts: {
        get: (k: string) => parts.get(k),
        set: (k: string, v: { entries: LlmsEntry[]; digest: string }) => (made++, parts.set(k, v)),
      },
    };
    const twins = Array.from({ length: 120 }, (_, i) => twin(i));
    const first = llmsFullFiles(manifest, twins, limits, memo);
    expect(first).toEqual(llmsFullFiles(manifest, twins, limits));
    expect(made).toBe(first.length - 1);
    made = 0;
    const edited = twins.map((t, i) =>
      i === 57 ? asTwin({ ...page(i), body: `${t.body()}\n\nOne more sentence.` }) : t,
    );
    const second = llmsFullFiles(manifest, edited, limits, memo);
    expect(second).toEqual(llmsFullFiles(manifest, edited, limits));
    expect(second.find((f) => f.body.includes("One more sentence."))).toBeDefined();
    expect(made).toBe(1);
    // The full text's head names the site: another address is another text, not the remembered one.
    const few = twins.slice(0, 2);
    expect(llmsFullFiles(manifest, few, limits, memo)[0]!.body).toContain("https://docs.example.test/llms.txt");
    const moved = { ...manifest, config: { ...manifest.config, url: "https://moved.example.test" } };
    const movedFull = llmsFullFiles(moved, few, limits, memo)[0]!;
    expect(movedFull.body).toContain("https://moved.example.test/llms.txt");
    expect(movedFull.digest).toBe(blobDigest(movedFull.body));
  });
});

describe("llms.txt", () => {
  /** The fixture's manifest with `n` more pages in the Learn sidebar. */
  function manifestWith(n: number, rename?: number) {
    const manifest = structuredClone(fixture.manifest);
    const learn = manifest.config.sections.find((s) => s.folder === "learn")!;
    const extra = Array.from({ length: n }, (_, i) => {
      const href = `/learn/p${String(i).padStart(4, "0")}`;
      manifest.routes[href] = { title: `Page ${i}`, description: `What page ${i} explains.`, sidebar: learn.id };
      return { type: "link" as const, label: i === rename ? `Renamed page ${i}` : `Page ${i}`, href };
    });
    manifest.sidebars[learn.id] = [...(manifest.sidebars[learn.id] ?? []), ...extra];
    return manifest;
  }
  const limits = { singleBytes: 4_000, part: { minBytes: 1_000, maxBytes: 3_000, everyNth: 4 } };

  it("lists every page itself while small", async () => {
    const files = llmsFiles(manifestWith(3), undefined, limits);
    expect(files.map((f) => f.path)).toEqual(["/llms.txt"]);
    expect(files[0]!.body).toContain("- [Page 2](https://docs.example.test/learn/p0002.md): What page 2 explains.");
  });

  it("past the limit, names bounded parts per section that hold every page once, and a rename rewrites one part", async () => {
    const data = dataFilesOf(manifestWith(0).config, ["/networks.json"]);
    const files = llmsFiles(manifestWith(300), { fullText: "index", data }, limits);
    const [index, ...parts] = files;
    expect(index!.path).toBe("/llms.txt");
    expect(index!.body).toContain("The whole site as Markdown, one file per section");
    expect(index!.body).toMatch(
      /^- \[Learn pages, part 1\]\(https:\/\/docs\.example\.test\/llms\/learn-1\.txt\): \d+ pages$/m,
    );
    expect(index!.body).not.toContain("[Page 2]");
    expect(index!.body).toMatch(/## Data files\n\n- Networks: <https:\/\/docs\.example\.test\/networks\.json>\. /);
    expect(parts.length).toBeGreaterThan(5);
    for (const p of parts) expect(Buffer.byteLength(p.body)).toBeLessThanOrEqual(3_000);
    const listed = parts.flatMap((p) =>
      [...p.body.matchAll(/\(https:\/\/docs\.example\.test\/learn\/p(\d{4})\.md\)/g)].map((m) => Number(m[1])),
    );
    expect(listed).toEqual(Array.from({ length: 300 }, (_, i) => i));
    for (const part of parts) expect(index!.body).toContain(`(https://docs.example.test${part.path})`);

    const renamed = llmsFiles(manifestWith(300, 150), { fullText: "index", data }, limits);
    const before = new Set(parts.map((p) => p.body));
    const changed = renamed.slice(1).filter((p) => !before.has(p.body));
    expect(changed).toHaveLength(1);
    expect(changed[0]!.body).toContain("[Renamed page 150]");
  });
});

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

describe("llms.txt of the real site", () => {
  it("lists each page once, the API document and the network table, and llms-full.txt as the full text", async () => {
    // The persistent build cache (filled by npm run build) gives the pages; llms.txt is derived anew from them.
    const build = await buildSite({ root: REPO_ROOT, cacheDir: defaultCacheDir() });
    const llms = build.files.find((f) => f.path === "/llms.txt")!.body;
    const links = [...llms.matchAll(/\]\((https:\/\/[^)]+)\)|<(https:\/\/[^>]+)>/g)].map((m) => m[1] ?? m[2]!);
    expect(links.filter((l, i) => links.indexOf(l) !== i)).toEqual([]);
    expect(links.filter((l) => l.endsWith(".md")).length).toBe(build.pages.size);
    expect(links).toContain("https://docs.movementnetwork.xyz/api/node/view.md");
    const data = llms.slice(llms.indexOf("## Data files"));
    for (const path of ["/api/node/openapi.yaml", "/api/node/openapi.json", "/networks.json"]) {
      expect(data).toContain(`: <https://docs.movementnetwork.xyz${path}>. `);
      expect(build.manifest.files).toContain(path);
    }
    expect(llms).toContain("The whole site as Markdown in one file: https://docs.movementnetwork.xyz/llms-full.txt");
    const full = build.files.find((f) => f.path === "/llms-full.txt")!.body;
    expect(Buffer.byteLength(full)).toBeGreaterThan(500_000);
    expect(full).toContain("> Markdown version of <https://docs.movementnetwork.xyz/api/node/get-account>.");
  });
});

describe("sitemap.xml", () => {
  const routes = Array.from({ length: 7 }, (_, i) => `/p${i}`);
  const lastmod = (r: string) => `2026-01-0${r.slice(2)}`;

  it("stays one urlset within the limits", () => {
    const files = sitemapFiles("https://x.test", routes, lastmod);
    expect(files.map((f) => f.path)).toEqual(["/sitemap.xml"]);
    expect(files[0]!.body).toContain("<urlset");
    expect(files[0]!.body.match(/<url>/g)).toHaveLength(7);
  });

  const limits = {
    single: { urls: 3, bytes: 1_000_000 },
    part: { minBytes: 300, maxBytes: 1_200, everyNth: 3 },
  };

  it("becomes a sitemap index of bounded parts past the single-file limit, every URL once and in order", () => {
    const many = Array.from({ length: 200 }, (_, i) => `/p${String(i).padStart(3, "0")}`);
    const files = sitemapFiles("https://x.test", many, () => "2026-01-02", limits);
    expect(files[0]!.path).toBe("/sitemap.xml");
    expect(files[0]!.body).toContain("<sitemapindex");
    const parts = files.slice(1);
    expect(parts.map((f) => f.path)).toEqual(parts.map((_, i) => `/sitemap-${i + 1}.xml`));
    for (const f of parts) expect(Buffer.byteLength(f.body)).toBeLessThanOrEqual(1_200);
    const locs = parts.flatMap((f) => [...f.body.matchAll(/<loc>https:\/\/x\.test(\/p\d+)<\/loc>/g)].map((m) => m[1]));
    expect(locs).toEqual(many);
    expect(files[0]!.body).toContain(
      "<sitemap><loc>https://x.test/sitemap-2.xml</loc><lastmod>2026-01-02</lastmod></sitemap>",
    );
  });

  it("gives each part the newest lastmod of its URLs, and a page's new date rewrites one part", () => {
    const many = Array.from({ length: 200 }, (_, i) => `/p${String(i).padStart(3, "0")}`);
    const before = sitemapFiles("https://x.test", many, () => "2026-01-02", limits);
    const after = sitemapFiles("https://x.test", many, (r) => (r === "/p123" ? "2026-03-04" : "2026-01-02"), limits);
    const bodies = new Set(before.slice(1).map((f) => f.body));
    const changed = after.slice(1).filter((f) => !bodies.has(f.body));
    expect(changed).toHaveLength(1);
    expect(changed[0]!.body).toContain("<loc>https://x.test/p123</loc><lastmod>2026-03-04</lastmod>");
    expect(after[0]!.body).toContain(`<loc>https://x.test${changed[0]!.path}</loc><lastmod>2026-03-04</lastmod>`);
  });

  it("gives the same files when it reuses the parts of the call before (npm run dev's saves) as when it makes them all", () => {
    const many = Array.from({ length: 200 }, (_, i) => `/p${String(i).padStart(3, "0")}`);
    const edited = (r: string) => (r === "/p050" ? "2026-05-06" : "2026-01-02");
    sitemapFiles("https://x.test", many, () => "2026-01-02", limits);
    const reused = sitemapFiles("https://x.test", many, edited, limits);
    // Another site in between: nothing of the earlier calls matches, so every part is made.
    sitemapFiles("https://other.test", ["/"], () => "2026-01-01", limits);
    expect(sitemapFiles("https://x.test", many, edited, limits)).toEqual(reused);
    expect(
      reused
        .slice(1)
        .map((f) => f.body)
        .join(""),
    ).toContain("<loc>https://x.test/p050</loc><lastmod>2026-05-06</lastmod>");
  });
});
