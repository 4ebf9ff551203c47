/**
 * The stored manifest at site scale: a small root, bounded route shards, and a one-page change
 * that rewrites the root plus one shard, read back exactly by the worker's own BuildManifest.
 */
import { describe, expect, it, vi } from "vitest";
import type { Manifest, SidebarItem } from "../../client/contracts/page";
import type { SiteConfig } from "../../client/contracts/site-config";
import { blobDigest } from "../../scripts/build/blobs";
import { ROUTE_SHARD_LIMITS, storeManifest } from "../../scripts/publish/stored-manifest";
import { BuildManifest } from "../../worker/content-store/manifest";

const PAGES = 5000;

/** A synthetic build of `PAGES` routes in 50 folders, with twins, one sidebar and a few plain files. */
function syntheticManifest(edit: (m: Manifest) => void = () => {}): Manifest {
  const routes: Manifest["routes"] = {};
  const pages: Record<string, string> = {};
  const files: Record<string, string> = { "/sitemap.xml": "d-sitemap", "/llms.txt": "d-llms" };
  const sidebar: SidebarItem[] = [];
  for (let folder = 0; folder < 50; folder++) {
    const items: SidebarItem[] = [];
    for (let i = 0; i < PAGES / 50; i++) {
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
  new BuildManifest(stored.root, async <T>(digest: string) => {
    const value = stored.blobs.get(digest);
    return value === undefined ? null : (JSON.parse(value) as T);
  });

describe("the stored manifest", () => {
  it("keeps the root small and every value bounded, and reads every route back", async () => {
    const manifest = syntheticManifest();
    const stored = storeManifest(manifest);
    const rootBytes = JSON.stringify(stored.root).length;
    // The whole manifest is about 1.4 MB; the root a cold isolate parses is a few KB.
    expect(JSON.stringify(manifest).length).toBeGreaterThan(1_000_000);
    expect(rootBytes).toBeLessThan(16 * 1024);
    const shardSizes = stored.root.routeShards.map((s) => stored.blobs.get(s.digest)!.length);
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
    expect(view.files.sort()).toEqual(["/llms.txt", "/sitemap.xml"]);
    expect(await view.fileDigest("/llms.txt", null)).toBe("d-llms");
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
