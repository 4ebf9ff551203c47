/**
 * A store that format 2's publisher left (test/fixtures/format-2), as operators meet it on the
 * release after format 3: publishing format 3 over it reuses the values it has and leaves format
 * 2's pointer where the deployed worker reads it; GC keeps every value of format 2's live and
 * previous builds; a rollback to them checks them whole and is allowed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../client/contracts/page";
import { buildSite } from "../../scripts/build/build";
import { missingValues } from "../../scripts/publish/completeness";
import { collectGarbage } from "../../scripts/publish/gc";
import { rollback } from "../../scripts/publish/operations";
import { publishBuild } from "../../scripts/publish/publish";
import { readBuildValues } from "../../scripts/publish/stored-build";
import { MemoryKv } from "../helpers/memory-kv";
import { tempSite } from "../helpers/temp-site";

const fixture = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/format-2/kv.json"), "utf8")) as {
  previous: string;
  live: string;
  text: Record<string, string>;
  binary: Record<string, string>;
};

class RecordingKv extends MemoryKv {
  written: string[] = [];
  override async put(key: string, value: string | Uint8Array) {
    this.written.push(key);
    await super.put(key, value);
  }
}

function format2Store(): RecordingKv {
  const kv = new RecordingKv();
  for (const [key, value] of Object.entries(fixture.text)) kv.data.set(key, value);
  for (const [key, value] of Object.entries(fixture.binary)) kv.data.set(key, Buffer.from(value, "base64"));
  return kv;
}

describe("a store holding format 2's builds", () => {
  it("takes a publish in format 3 that reuses its live build's values and leaves format 2's pointer alone", async () => {
    const kv = format2Store();
    const site = await tempSite();
    try {
      const live = new Set((await readBuildValues(kv, fixture.live))!.blobs.map(kvKeys.blob));
      const build = await buildSite({ root: site.root });
      await publishBuild(kv, build, "production");
      // The same content as format 2's previous build, but another build: its values are not overwritten.
      expect(build.buildId).not.toBe(fixture.previous);
      expect(await kv.get(kvKeys.channel("production"))).toBe(build.buildId);
      expect(await kv.get(kvKeys.channel("production", 2))).toBe(fixture.live);
      expect(await missingValues(kv, build.buildId)).toEqual([]);
      // The page records and files the live build has are taken as they are, not written again.
      const pages = Object.values(build.manifest.blobs.pages).map(kvKeys.blob);
      expect(pages.filter((key) => live.has(key)).length).toBeGreaterThan(3);
      expect(kv.written.filter((key) => live.has(key))).toEqual([]);
    } finally {
      await site.remove();
    }
  }, 60_000);

  it("keeps every value of format 2's live and previous builds through GC, and rolls back to them", async () => {
    const kv = format2Store();
    const site = await tempSite();
    try {
      await publishBuild(kv, await buildSite({ root: site.root }), "production");
      await collectGarbage(kv, 0, Date.now() + 365 * 86_400_000);
      for (const id of [fixture.live, fixture.previous]) {
        expect(await missingValues(kv, id), id).toEqual([]);
        expect(Object.keys((await readBuildValues(kv, id))!.pages)).toContain("/build/tools");
      }
      await rollback(kv, "production", fixture.previous);
      expect(await kv.get(kvKeys.channel("production"))).toBe(fixture.previous);
    } finally {
      await site.remove();
    }
  }, 60_000);
});
