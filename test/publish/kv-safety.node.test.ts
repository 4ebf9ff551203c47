/**
 * KV writers that cannot corrupt each other or what readers see: an interrupted publish, garbage
 * collection at every step of a publish (and a publish at every step of a collection), and a
 * publish under concurrent reads through the worker's own ContentStore.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import type { SiteBuild } from "../../scripts/build/build";
import { collectGarbage } from "../../scripts/publish/gc";
import { history } from "../../scripts/publish/operations";
import { publishBuild } from "../../scripts/publish/publish";
import { readStoredBuild, storedDigests } from "../../scripts/publish/stored-manifest";
import { ContentStore, type KvReader } from "../../worker/content-store";
import { MemoryKv } from "../helpers/memory-kv";
import { editionBuilds, editionIn, TOOLS, toolsPage } from "../helpers/editions";
import { tempSite, type TempSite } from "../helpers/temp-site";

let site: TempSite;
/** The live build, then the one being published: they differ in the tools page. */
let first: SiteBuild;
let second: SiteBuild;
const editionOf: Record<string, string> = {};

beforeAll(async () => {
  site = await tempSite();
  [first, second] = await editionBuilds(site, "alpha", "beta");
  editionOf[first.buildId] = "alpha";
  editionOf[second.buildId] = "beta";
}, 120_000);
afterAll(() => site?.remove());

/** The worker's reader over an in-memory KV. */
function storeOver(kv: MemoryKv): ContentStore {
  const reader = {
    async get(key: string, options: { type?: string }) {
      const value = await kv.get(key);
      return value !== null && options.type === "json" ? JSON.parse(value) : value;
    },
  };
  return new ContentStore(reader as KvReader, "production");
}

/** What a reader of `/build/tools` gets now: the build it came from and the edition on the page. */
async function readTools(kv: MemoryKv): Promise<{ buildId: string; edition: string | undefined }> {
  const store = storeOver(kv);
  const manifest = await store.manifest(await store.liveBuildId());
  const page = await store.page(manifest, TOOLS);
  return { buildId: manifest.buildId, edition: editionIn(JSON.stringify(page.tree)) };
}

/** Every value the build's manifest names is in KV. */
async function expectWhole(kv: MemoryKv, build: SiteBuild, when: string) {
  const stored = await readStoredBuild(kv, build.buildId);
  expect(stored?.root.buildId, `${when}: the manifest of ${build.buildId}`).toBe(build.buildId);
  const missing = [
    ...storedDigests(stored!).map(kvKeys.blob),
    ...[...build.assets.keys()].map(kvKeys.asset),
    kvKeys.searchIndex(build.buildId),
  ].filter((key) => !kv.data.has(key));
  expect(missing, when).toEqual([]);
}

/** A MemoryKv that runs `interject` once, just before its `at`-th read or write (counted from 0). */
class InterleavingKv extends MemoryKv {
  private plan: { kind: "read" | "write"; at: number; run: () => Promise<unknown> } | null = null;
  private count = 0;
  private busy = false;
  interjected = false;

  interject(kind: "read" | "write", at: number, run: () => Promise<unknown>) {
    this.plan = { kind, at, run };
    this.count = 0;
  }
  private async tick(kind: "read" | "write") {
    if (this.busy || this.plan?.kind !== kind || this.count++ !== this.plan.at) return;
    const { run } = this.plan;
    this.plan = null;
    this.busy = true;
    try {
      await run();
      this.interjected = true;
    } finally {
      this.busy = false;
    }
  }
  override async get(key: string) {
    await this.tick("read");
    return super.get(key);
  }
  override async list(prefix: string) {
    await this.tick("read");
    return super.list(prefix);
  }
  override async put(key: string, value: string | Uint8Array) {
    await this.tick("write");
    return super.put(key, value);
  }
  override async deleteMany(keys: string[]) {
    await this.tick("write");
    return super.deleteMany(keys);
  }
}

describe("an interrupted publish", () => {
  for (const [where, failOn] of [
    ["writing a page record", () => new RegExp(`^blob/${second.manifest.blobs.pages[TOOLS]}$`)],
    ["writing the manifest", () => new RegExp(`^build/${second.buildId}/manifest$`)],
    ["flipping the channel", () => /^channel\//],
  ] as const) {
    it(`leaves the old build live (${where}), and a retry publishes the new one`, async () => {
      const kv = new MemoryKv();
      await publishBuild(kv, first, "production");
      kv.failOn = failOn();
      await expect(publishBuild(kv, second, "production")).rejects.toThrow(/simulated failure/);
      expect(await readTools(kv)).toEqual({ buildId: first.buildId, edition: "alpha" });
      expect(await kv.list("pending/")).toEqual([`pending/${second.buildId}`]);

      kv.failOn = null;
      await publishBuild(kv, second, "production");
      expect(await readTools(kv)).toEqual({ buildId: second.buildId, edition: "beta" });
      expect(await kv.list("pending/")).toEqual([]);
      expect((await history(kv, "production")).map((h) => h.buildId)).toEqual([first.buildId, second.buildId]);
    });
  }
});

describe("garbage collection and a publish at the same time", () => {
  it("collecting before any write of a publish deletes none of the new build's values", async () => {
    let steps = 0;
    for (let at = 0; ; at++) {
      const kv = new InterleavingKv();
      await publishBuild(kv, first, "production");
      kv.interject("write", at, () => collectGarbage(kv, 0, Date.now()));
      await publishBuild(kv, second, "production");
      if (!kv.interjected) break;
      steps++;
      await expectWhole(kv, second, `GC before write ${at}`);
      await expectWhole(kv, first, `GC before write ${at} (the previous build)`);
    }
    expect(steps).toBeGreaterThan(5);
  });

  it("a publish finishing before any read of a collection loses nothing", async () => {
    let steps = 0;
    for (let at = 0; ; at++) {
      const kv = new InterleavingKv();
      await publishBuild(kv, first, "production");
      kv.interject("read", at, () => publishBuild(kv, second, "production"));
      await collectGarbage(kv, 0, Date.now());
      if (!kv.interjected) break;
      steps++;
      await expectWhole(kv, second, `publish before GC read ${at}`);
    }
    expect(steps).toBeGreaterThan(5);
  });

  it("keeps the values a publish in flight reuses from its base, even once other publishes replaced that build", async () => {
    const kv = new MemoryKv();
    await publishBuild(kv, first, "production");
    // The publish of `second` (based on `first`) stops before writing its manifest, then two other
    // publishes make `first` neither live nor previous, and a collection with no retention runs.
    kv.failOn = new RegExp(`^${kvKeys.manifest(second.buildId)}$`);
    await expect(publishBuild(kv, second, "production")).rejects.toThrow();
    kv.failOn = null;
    // Those two also change a page that `first` and `second` share, so only `first` names its old record.
    const zeta = "docs/learn/Basics/zeta.mdx";
    const zetaBefore = await readFile(path.join(site.root, "content", zeta), "utf8");
    await site.write(zeta, `${zetaBefore}\n\nA later paragraph.\n`);
    const [third, fourth] = await editionBuilds(site, "gamma", "delta");
    await site.write("docs/build/tools.mdx", toolsPage("beta"));
    await site.write(zeta, zetaBefore);
    const shared = second.manifest.blobs.pages["/learn/Basics/zeta"]!;
    expect(shared).toBe(first.manifest.blobs.pages["/learn/Basics/zeta"]);
    expect(Object.values(fourth.manifest.blobs.pages)).not.toContain(shared);
    await publishBuild(kv, third, "staging");
    await publishBuild(kv, fourth, "staging");
    await kv.put(kvKeys.channel("production"), fourth.buildId);
    await kv.put(
      kvKeys.history("production"),
      JSON.stringify([{ buildId: fourth.buildId, at: new Date().toISOString() }]),
    );
    const result = await collectGarbage(kv, 0, Date.now());
    expect(result.inFlight).toEqual([second.buildId]);
    expect(await kv.get(kvKeys.blob(shared)), "a record the publish in flight reuses").not.toBeNull();
    await publishBuild(kv, second, "production");
    await expectWhole(kv, second, "a publish in flight whose base is no longer served, run again");
  }, 120_000);

  it("still collects what no build needs, and a dead publish's leftovers after a day", async () => {
    const kv = new MemoryKv();
    await publishBuild(kv, first, "production");
    kv.failOn = /^channel\//;
    await expect(publishBuild(kv, second, "production")).rejects.toThrow();
    kv.failOn = null;
    await kv.put(kvKeys.blob("stray"), "{}");
    const now = Date.now();
    const soon = await collectGarbage(kv, 0, now);
    expect(soon.inFlight).toEqual([second.buildId]);
    expect(await kv.get(kvKeys.blob("stray"))).toBeNull();
    await expectWhole(kv, second, "while its publish may still be running");

    const later = await collectGarbage(kv, 0, now + 25 * 3_600_000);
    expect(later.inFlight).toEqual([]);
    expect(later.deleted).toEqual([second.buildId]);
    expect(await kv.list("pending/")).toEqual([]);
    expect(await kv.get(kvKeys.blob(second.manifest.blobs.pages[TOOLS]!))).toBeNull();
    await expectWhole(kv, first, "the live build");
  });
});

/** Writes take a turn of the event loop, as KV's network round trips do, so reads land between them. */
class NetworkedKv extends MemoryKv {
  override async put(key: string, value: string | Uint8Array) {
    await new Promise((r) => setImmediate(r));
    return super.put(key, value);
  }
}

describe("a publish under concurrent reads", () => {
  it("never gives a reader a page of one build with the pointer or manifest of another", async () => {
    const kv = new NetworkedKv();
    await publishBuild(kv, first, "production");
    const seen = new Set<string>();
    const problems: string[] = [];
    let publishing = true;
    const reader = async () => {
      while (publishing) {
        try {
          const { buildId, edition } = await readTools(kv);
          seen.add(buildId);
          if (edition !== editionOf[buildId]) problems.push(`build ${buildId} served edition ${edition}`);
        } catch (e) {
          problems.push(String(e));
        }
        await new Promise((r) => setImmediate(r));
      }
    };
    const readers = Array.from({ length: 4 }, reader);
    await publishBuild(kv, second, "production");
    publishing = false;
    await Promise.all(readers);
    expect(problems).toEqual([]);
    expect(await readTools(kv)).toEqual({ buildId: second.buildId, edition: "beta" });
    expect(seen).toContain(first.buildId);
  });
});
