/** Publishing writes what a build needs and nothing KV already holds for the live build. */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import type { SearchRoot } from "../../common/search-index";
import type { ManifestRoot } from "../../common/stored-manifest";
import { buildSite } from "../../scripts/build/build";
import type { PendingPublish } from "../../scripts/publish/pending";
import { LastPublished, publishBuild } from "../../scripts/publish/publish";
import { readBuildValues } from "../../scripts/publish/stored-build";
import { readStoredBuild } from "../../scripts/publish/stored-manifest";
import { SearchEngine } from "../../worker/search/engine";
import { PieceCache, PieceLoader } from "../../worker/search/pieces";
import { MemoryKv } from "../helpers/memory-kv";
import { tempSite } from "../helpers/temp-site";

class RecordingKv extends MemoryKv {
  written: string[] = [];
  values = new Map<string, string>();
  bytes: number[] = [];
  override async put(key: string, value: string | Uint8Array) {
    this.written.push(key);
    this.bytes.push(typeof value === "string" ? Buffer.byteLength(value) : value.byteLength);
    if (typeof value === "string") this.values.set(key, value);
    await super.put(key, value);
  }
}

/** Records the keys read, too. */
class ReadingKv extends RecordingKv {
  read: string[] = [];
  override async get(key: string) {
    this.read.push(key);
    return super.get(key);
  }
}

describe("publishBuild", () => {
  it("with LastPublished (npm run dev), writes what a fresh publish writes without reading the live build back, until another publisher moves the channel", async () => {
    const site = await tempSite();
    try {
      const edit = (text: string) =>
        site.write(
          "docs/build/tools.mdx",
          `---\ntitle: Tools\ndescription: The tools page of the build sidebar.\nsidebar_position: 1\n---\n\n# Tools\n\n${text}\n`,
        );
      const first = await buildSite({ root: site.root });
      await edit("Install the new tools.");
      const second = await buildSite({ root: site.root });
      // The same two publishes into two stores: one remembering, one reading the live build back each time.
      const remembering = new ReadingKv();
      const fresh = new ReadingKv();
      const last = new LastPublished();
      await publishBuild(remembering, first, "production", last);
      await publishBuild(fresh, first, "production");
      remembering.read = [];
      remembering.written = [];
      fresh.written = [];
      await publishBuild(remembering, second, "production", last);
      await publishBuild(fresh, second, "production");
      expect(remembering.written).toEqual(fresh.written);
      expect(remembering.written).toContain(kvKeys.blob(second.manifest.blobs.pages["/build/tools"]!));
      expect(remembering.read).not.toContain(kvKeys.manifest(first.buildId));
      expect(remembering.read).not.toContain(kvKeys.searchIndex(first.buildId));

      // Another process publishes the first build again: the channel moved, so the live build is read back.
      await publishBuild(remembering, first, "production");
      await edit("Install the newest tools.");
      const third = await buildSite({ root: site.root });
      remembering.read = [];
      remembering.written = [];
      await publishBuild(remembering, third, "production", last);
      expect(remembering.read).toContain(kvKeys.manifest(first.buildId));
      for (const digest of Object.values(third.manifest.blobs.pages))
        expect(await remembering.get(kvKeys.blob(digest)), digest).not.toBeNull();
    } finally {
      await site.remove();
    }
  });

  it("writes a one-page change as one new page record, and both builds stay whole", async () => {
    const site = await tempSite();
    try {
      const kv = new RecordingKv();
      const first = await buildSite({ root: site.root });
      await publishBuild(kv, first, "production");
      const everything = kv.written.length;

      await site.write(
        "docs/build/tools.mdx",
        "---\ntitle: Tools\ndescription: The tools page of the build sidebar.\nsidebar_position: 1\n---\n\n# Tools\n\nInstall the new tools.\n",
      );
      const second = await buildSite({ root: site.root });
      kv.written = [];
      kv.bytes = [];
      const result = await publishBuild(kv, second, "production");

      const changedPage = second.manifest.blobs.pages["/build/tools"]!;
      expect(changedPage).not.toBe(first.manifest.blobs.pages["/build/tools"]);
      const pageBlobs = kv.written.filter((k) =>
        Object.values(second.manifest.blobs.pages).includes(k.slice("blob/".length)),
      );
      expect(pageBlobs).toEqual([kvKeys.blob(changedPage)]);
      // The pending record, the channel pointer and the history are bookkeeping, not counted.
      expect(result.keysWritten).toBe(kv.written.length - 3);
      // Its bytes are those keys' bytes: everything but the pending record (first), the pointer and the history (last two).
      expect(result.bytesWritten).toBe(kv.bytes.slice(1, -2).reduce((a, b) => a + b, 0));
      expect(result.bytesWritten).toBeGreaterThan(0);
      expect(kv.written.length).toBeLessThan(everything / 2);
      expect(kv.written[0]).toBe(`pending/${second.buildId}`);
      expect(kv.written.slice(-3)).toEqual([
        kvKeys.manifest(second.buildId),
        kvKeys.channel("production"),
        kvKeys.history("production"),
      ]);
      expect(await kv.list("pending/")).toEqual([]);
      // The pending record names the build it reuses and lists only the blobs this publish adds.
      const pending = JSON.parse(kv.values.get(`pending/${second.buildId}`)!) as PendingPublish;
      expect(pending.base).toBe(first.buildId);
      expect(pending.blobs.map(kvKeys.blob).sort()).toEqual(kv.written.filter((k) => k.startsWith("blob/")).sort());

      // Every page and file of both builds can still be read (the old one for a rollback).
      for (const build of [first, second]) {
        const stored = await readStoredBuild(kv, build.buildId);
        expect(stored?.routes).toEqual(
          Object.fromEntries(
            Object.entries(build.manifest.routes).map(([route, entry]) => [
              route,
              expect.objectContaining({ ...entry, page: build.manifest.blobs.pages[route] }),
            ]),
          ),
        );
        for (const digest of [
          ...Object.values(build.manifest.blobs.pages),
          ...Object.values(build.manifest.blobs.files),
        ])
          expect(await kv.get(kvKeys.blob(digest)), digest).not.toBeNull();
      }
      // The manifest's root is small and names one changed route shard (the edited page's), not all of them.
      const roots = [first, second].map((b) => JSON.parse(kv.values.get(kvKeys.manifest(b.buildId))!) as ManifestRoot);
      const changedShards = roots[1]!.routes.refs.filter(
        (s) => !roots[0]!.routes.refs.some((o) => o.digest === s.digest),
      );
      expect(changedShards).toHaveLength(1);
      expect(kv.written).toContain(kvKeys.blob(changedShards[0]!.digest));
      // The search index's change is one value (a segment), and the stored index finds the new words.
      const searchRoot = JSON.parse(kv.values.get(kvKeys.searchIndex(second.buildId))!) as SearchRoot;
      const [segment] = searchRoot.segments;
      const searchBlobs = new Set([...(await readBuildValues(kv, second.buildId))!.search!.blobs].map(kvKeys.blob));
      expect(kv.written.filter((k) => searchBlobs.has(k))).toEqual([kvKeys.blob(segment!.digest)]);
      const engine = new SearchEngine(searchRoot, new PieceLoader(kv, new PieceCache(1 << 26)));
      const found = await engine.search({ query: "install the new tools" });
      expect(found.hits[0]?.record.url).toMatch(/\/build\/tools$/);
      const newRecord = JSON.parse((await kv.get(kvKeys.blob(changedPage)))!);
      expect(JSON.stringify(newRecord.tree)).toContain("Install the new tools.");
    } finally {
      await site.remove();
    }
  }, 60_000);
});
