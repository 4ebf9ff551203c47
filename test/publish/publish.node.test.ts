/** Publishing writes what a build needs and nothing KV already holds for the live build. */
import { describe, expect, it } from "vitest";
import { kvKeys, type Manifest } from "../../client/contracts/page";
import { buildSite } from "../../scripts/build/build";
import type { PendingPublish } from "../../scripts/publish/pending";
import { publishBuild } from "../../scripts/publish/publish";
import { MemoryKv } from "../helpers/memory-kv";
import { tempSite } from "../helpers/temp-site";

class RecordingKv extends MemoryKv {
  written: string[] = [];
  values = new Map<string, string>();
  override async put(key: string, value: string | Uint8Array) {
    this.written.push(key);
    if (typeof value === "string") this.values.set(key, value);
    await super.put(key, value);
  }
}

describe("publishBuild", () => {
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
      const result = await publishBuild(kv, second, "production");

      const changedPage = second.manifest.blobs.pages["/build/tools"]!;
      expect(changedPage).not.toBe(first.manifest.blobs.pages["/build/tools"]);
      const pageBlobs = kv.written.filter((k) =>
        Object.values(second.manifest.blobs.pages).includes(k.slice("blob/".length)),
      );
      expect(pageBlobs).toEqual([kvKeys.blob(changedPage)]);
      // The pending record, the channel pointer and the history are bookkeeping, not counted.
      expect(result.keysWritten).toBe(kv.written.length - 3);
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
        const manifest = JSON.parse((await kv.get(kvKeys.manifest(build.buildId)))!) as Manifest;
        for (const digest of [...Object.values(manifest.blobs.pages), ...Object.values(manifest.blobs.files)]) {
          expect(await kv.get(kvKeys.blob(digest)), digest).not.toBeNull();
        }
      }
      const newRecord = JSON.parse((await kv.get(kvKeys.blob(changedPage)))!);
      expect(JSON.stringify(newRecord.tree)).toContain("Install the new tools.");
    } finally {
      await site.remove();
    }
  }, 60_000);
});
