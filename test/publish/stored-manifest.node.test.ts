/**
 * The stored manifest at site scale: a small root whatever the site's size (its lists of route
 * shards and files in parts), bounded route shards, and a one-page change that rewrites the root,
 * one shard and the parts on its way, as many bytes at 30,000 pages as at 10,000; read back exactly
 * by the worker's own manifest.
 */
import { describe, expect, it, vi } from "vitest";
import type { Manifest, SidebarItem } from "../../common/page";
import type { SiteConfig } from "../../common/site-config";
import { blobDigest } from "../../scripts/build/blobs";
import { PART_LIMITS } from "../../scripts/publish/ref-parts";
import { ROUTE_SHARD_LIMITS, storeManifest } from "../../scripts/publish/stored-manifest";
import { allRefs, type Ref, type RefPart } from "../../common/ref-parts";
import { StoredManifest } from "../../worker/content-store/manifest";

const PAGES = 5000;

/**
 * A synthetic build of `pages` routes in 50 folders, with twins, one sidebar, a few plain files and
 * one more per 12 pages (as a large site's parts of llms-full.txt and the sitemap).
 */
function syntheticManifest(edit: (m: Manifest) => void = () => {}, count = PAGES): Manifest {
  const routes: Manifest["routes"] = {};
  const pages: Record<string, string> = {};
  const files: Record<string, string> = { "/sitemap.xml": "d-sitemap", "/llms.txt": "d-llms" };
  for (let i = 0; i < count / 12; i++) files[`/llms-full/part-${String(i).padStart(5, "0")}.txt`] = `d-part-${i}`;
  const sidebar: SidebarItem[] = [];
  for (let folder = 0; folder < 50; folder++) {
    const items: SidebarItem[] = [];
    for (let i = 0; i < count / 50; i++) {
      const route = `/devs/folder-${String(folder).padStart(2, "0")}/page-${String(i).padStart(3, "0")}`;
      routes[route] = { title: `Page ${i} of folder ${folder}`, description: `What page ${i} says.`, sidebar: "devs" };
      pages[route] = blobDigest(`record ${route}`);
      files[`${route}.md`] = blobDigest(`twin ${route}`);
      items.push({ type: "link", label: `Page ${i}`, href: route });
    }
    sidebar.push({ type: "category", label: `Folder ${folder}`, collapsed: true, items });
  }
  const manifest: Manifest = {
    buildId: "0123456789ab",
    builtAt: "2026-11-24T00:00:00.000Z",
    routes,
    sidebars: { devs: sidebar },
    redirects: { "/old": "/devs/folder-00/page-000" },
    config: { title: "Docs" } as unknown as SiteConfig,
    files: Object.keys(files).filter((p) => !p.endsWith(".md")),
    blobs: { pages, files },
  };
  edit(manifest);
  return manifest;
}

const viewOf = (stored: ReturnType<typeof storeManifest>) =>
  new StoredManifest(stored.root, async <T>(digest: string) => {
    const value = stored.blobs.get(digest);
    return value === undefined ? null : (JSON.parse(value) as T);
  });

/** The level-0 refs of one of a stored root's lists. */
const listOf = (stored: ReturnType<typeof storeManifest>, list: RefPart<string>) =>
  allRefs(list, (refs: Ref<string>[]) => refs.map((r) => JSON.parse(stored.blobs.get(r.digest)!) as RefPart<string>));

describe("the stored manifest", () => {
  it("keeps the root small and every value bounded, and reads every route back", async () => {
    const manifest = syntheticManifest();
    const stored = storeManifest(manifest);
    const rootBytes = JSON.stringify(stored.root).length;
    // The whole manifest is about 1.4 MB; the root a cold isolate parses is a few KB.
    expect(JSON.stringify(manifest).length).toBeGreaterThan(1_000_000);
    expect(rootBytes).toBeLessThan(16 * 1024);
    const shardSizes = (await listOf(stored, stored.root.routes)).refs.map((s) => stored.blobs.get(s.digest)!.length);
    expect(Math.max(...shardSizes)).toBeLessThanOrEqual(ROUTE_SHARD_LIMITS.maxBytes);
    expect(stored.root.routeCount).toBe(PAGES);

    const view = viewOf(stored);
    expect((await view.allRoutes()).map(([r]) => r)).toEqual(Object.keys(manifest.routes).sort());
    for (const route of ["/devs/folder-00/page-000", "/devs/folder-27/page-042", "/devs/folder-49/page-099"]) {
      expect(await view.route(route)).toEqual({
        ...manifest.routes[route],
        page: manifest.blobs.pages[route],
        twin: manifest.blobs.files[`${route}.md`],
      });
      expect(await view.fileDigest(`${route}.md`, route)).toBe(manifest.blobs.files[`${route}.md`]);
    }
    for (const missing of ["/", "/devs", "/devs/folder-27/page-042/", "/zzz", "constructor", "/__proto__"])
      expect(await view.route(missing)).toBeNull();
    const files = Object.keys(manifest.blobs.files).filter((p) => !p.endsWith(".md"));
    expect((await view.filePaths()).sort()).toEqual(files.sort());
    expect(await view.fileDigest("/llms.txt", null)).toBe("d-llms");
    expect(await view.fileDigest("/llms-full/part-00321.txt", null)).toBe("d-part-321");
    expect(await view.hasFile("/llms-full/part-00321.txt")).toBe(true);
    expect(await view.hasFile("/llms-full/part-00321.tx")).toBe(false);
    expect(await view.hasFile("/devs/folder-27/page-042")).toBe(false);
    expect(await view.sidebar("devs")).toEqual(manifest.sidebars.devs);
    expect(view.sidebarHomes()).toEqual({ devs: "/devs/folder-00/page-000" });
  });

  it("stores each manifest as it is, after storing another (npm run dev stores one on every save)", async () => {
    const route = "/devs/folder-27/page-042";
    const original = syntheticManifest();
    const edited = syntheticManifest((m) => {
      m.routes[route] = { title: "Renamed", description: "", sidebar: "devs" };
      m.blobs.pages[route] = blobDigest("record, edited");
      delete m.blobs.files[`${route}.md`];
    });
    storeManifest(original);
    expect(await viewOf(storeManifest(edited)).route(route)).toEqual({
      title: "Renamed",
      description: "",
      sidebar: "devs",
      page: blobDigest("record, edited"),
      twin: null,
    });
    const back = viewOf(storeManifest(original));
    expect(await back.route(route)).toEqual({
      ...original.routes[route],
      page: original.blobs.pages[route],
      twin: original.blobs.files[`${route}.md`],
    });
    // What a process that stored nothing before makes of it.
    storeManifest(original);
    const afterOriginal = storeManifest(edited);
    vi.resetModules();
    const fresh = (await import("../../scripts/publish/stored-manifest")).storeManifest(edited);
    expect(afterOriginal.root).toEqual(fresh.root);
    expect([...afterOriginal.blobs]).toEqual([...fresh.blobs]);
  });

  it("keeps its root within a few kilobytes, its lists in parts, however large the site", async () => {
    for (const count of [10_000, 30_000]) {
      const stored = storeManifest(syntheticManifest(() => {}, count));
      // Each of its two lists is in the root while it takes at most PART_LIMITS.minBytes.
      expect(JSON.stringify(stored.root).length).toBeLessThan(2 * PART_LIMITS.minBytes + 1024);
      expect(stored.root.files.level).toBeGreaterThan(0);
      if (count === 30_000) expect(stored.root.routes.level).toBeGreaterThan(0);
      const sidebar = stored.root.sidebars.devs!.digest;
      for (const [digest, text] of stored.blobs)
        if (digest !== sidebar) expect(text.length).toBeLessThan(ROUTE_SHARD_LIMITS.maxBytes + 1024);
      expect((await listOf(stored, stored.root.files)).refs).toHaveLength(2 + Math.ceil(count / 12));
    }
  });

  it("writes as much for a changed page and a changed file at 30,000 pages as at 10,000", () => {
    const written = (count: number) => {
      const before = storeManifest(syntheticManifest(() => {}, count));
      const after = storeManifest(
        syntheticManifest((m) => {
          m.blobs.pages["/devs/folder-27/page-042"] = blobDigest("record, edited");
          m.blobs.files["/llms-full/part-00321.txt"] = "d-part-321, edited";
        }, count),
      );
      const fresh = [...after.blobs.keys()].filter((d) => !before.blobs.has(d));
      return fresh.reduce((n, d) => n + after.blobs.get(d)!.length, JSON.stringify(after.root).length);
    };
    const [small, large] = [written(10_000), written(30_000)];
    // The root, the page's shard and the parts naming it and the file, each bounded.
    expect(large).toBeLessThan(ROUTE_SHARD_LIMITS.maxBytes + 4 * PART_LIMITS.maxBytes);
    expect(large).toBeLessThan(1.5 * small);
  });

  it("rewrites the root and one shard when a page changes, and at most two when one is added", () => {
    const before = storeManifest(syntheticManifest());
    const changed = (m: Manifest) => {
      m.blobs.pages["/devs/folder-27/page-042"] = blobDigest("record, edited");
    };
    const added = (m: Manifest) => {
      m.routes["/devs/folder-27/page-042b"] = { title: "A new page", description: "", sidebar: "devs" };
      m.blobs.pages["/devs/folder-27/page-042b"] = blobDigest("new record");
    };
    for (const [edit, most] of [
      [changed, 1],
      [added, 2],
    ] as const) {
      const after = storeManifest(syntheticManifest(edit));
      const fresh = [...after.blobs.keys()].filter((d) => !before.blobs.has(d));
      expect(fresh.length).toBeGreaterThanOrEqual(1);
      expect(fresh.length).toBeLessThanOrEqual(most);
      const bytes = fresh.reduce((n, d) => n + after.blobs.get(d)!.length, JSON.stringify(after.root).length);
      expect(bytes).toBeLessThan(2 * ROUTE_SHARD_LIMITS.maxBytes + 16 * 1024);
    }
  });
});
