/** Rollback and garbage collection over KV (in memory). */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { STORE_FORMAT } from "../../common/store-format";
import type { ManifestRoot, RouteShard } from "../../common/stored-manifest";
import { missingValues } from "../../scripts/publish/completeness";
import { collectGarbage, previousBuild } from "../../scripts/publish/gc";
import {
  deleteChannel,
  diffDigests,
  history,
  HISTORY_LIMIT,
  LISTED_ROUTES,
  recordPublish,
  rollback,
  routeLine,
} from "../../scripts/publish/operations";
import { MemoryKv } from "../helpers/memory-kv";

const DAY = 86_400_000;

/**
 * A published build whose home page record is the blob `page` (its one route shard the blob
 * `shard-<page>`) and whose images are `assets`.
 */
async function fakeBuild(kv: MemoryKv, id: string, assets: string[] = [], page = `page-of-${id}`) {
  await kv.put(kvKeys.blob(page), "{}");
  const shard: RouteShard = { routes: { "/": { title: "Home", description: "", sidebar: null, page, twin: null } } };
  await kv.put(kvKeys.blob(`shard-${page}`), JSON.stringify(shard));
  await kv.put(kvKeys.searchIndex(id), "{}");
  await kv.put(kvKeys.buildAssets(id), JSON.stringify(assets));
  const root: Partial<ManifestRoot> = {
    format: STORE_FORMAT,
    buildId: id,
    files: { level: 0, refs: [] },
    sidebars: {},
    routes: { level: 0, refs: [{ from: "/", digest: `shard-${page}` }] },
  };
  await kv.put(kvKeys.manifest(id), JSON.stringify(root));
  for (const a of assets) await kv.put(kvKeys.asset(a), "x");
}

/** A build as store format 2 left it: a manifest root listing its route shards, and its page record. */
async function olderFormatBuild(kv: MemoryKv, id: string) {
  const page = `page-of-${id}`;
  await kv.put(kvKeys.blob(page), "{}");
  const shard = { routes: { "/": { title: "Home", description: "", sidebar: null, page, twin: null } } };
  await kv.put(kvKeys.blob(`shard-${page}`), JSON.stringify(shard));
  const root = {
    format: 2,
    buildId: id,
    files: {},
    sidebars: {},
    routeShards: [{ first: "/", digest: `shard-${page}` }],
  };
  await kv.put(kvKeys.manifest(id), JSON.stringify(root));
  await kv.put(kvKeys.searchIndex(id), JSON.stringify({ version: 4 }));
}

/** Builds 1, 2 and 3 published 40, 30 and 20 days ago; 3 is live, so 2 is the previous one. */
async function publishedThreeBuilds(kv: MemoryKv, now: number) {
  await kv.put(
    kvKeys.history("production"),
    JSON.stringify([
      { buildId: "000000000001", at: new Date(now - 40 * DAY).toISOString() },
      { buildId: "000000000002", at: new Date(now - 30 * DAY).toISOString() },
      { buildId: "000000000003", at: new Date(now - 20 * DAY).toISOString() },
    ]),
  );
  await kv.put(kvKeys.channel("production"), "000000000003");
}

describe("diffDigests", () => {
  it("lists added, changed and removed routes", () => {
    expect(diffDigests({ "/a": "1", "/b": "2", "/c": "3" }, { "/a": "1", "/b": "9", "/d": "4" })).toEqual({
      added: ["/d"],
      changed: ["/b"],
      removed: ["/c"],
    });
  });
});

describe("routeLine", () => {
  it("names every route of a small change, and a large one's first routes and a count of the rest", () => {
    expect(routeLine("changed", [])).toBe("  changed: none");
    expect(routeLine("changed", ["/a", "/b"])).toBe("  changed (2): /a, /b");
    const many = Array.from({ length: LISTED_ROUTES + 7 }, (_, i) => `/p${String(i).padStart(3, "0")}`);
    const line = routeLine("added", many);
    expect(line.startsWith(`  added (${LISTED_ROUTES + 7}): /p000, /p001, `)).toBe(true);
    expect(line.endsWith(`, /p${String(LISTED_ROUTES - 1).padStart(3, "0")}, and 7 more`)).toBe(true);
    expect(line).not.toContain(`/p${LISTED_ROUTES}`);
  });
});

describe("rollback", () => {
  it("points the channel at a retained build and records it", async () => {
    const kv = new MemoryKv();
    await fakeBuild(kv, "aaaaaaaaaaaa");
    await fakeBuild(kv, "bbbbbbbbbbbb");
    await kv.put(kvKeys.channel("production"), "bbbbbbbbbbbb");
    expect(await rollback(kv, "production", "aaaaaaaaaaaa")).toEqual({ from: "bbbbbbbbbbbb", to: "aaaaaaaaaaaa" });
    expect(await kv.get(kvKeys.channel("production"))).toBe("aaaaaaaaaaaa");
    expect((await history(kv, "production")).map((h) => h.buildId)).toEqual(["aaaaaaaaaaaa"]);
  });

  it("keeps a channel's history to its last HISTORY_LIMIT publishes, newest last", async () => {
    const kv = new MemoryKv();
    const ids = Array.from({ length: HISTORY_LIMIT + 7 }, (_, i) => i.toString(16).padStart(12, "0"));
    await kv.put(
      kvKeys.history("production"),
      JSON.stringify(ids.slice(0, -1).map((buildId) => ({ buildId, at: new Date(0).toISOString() }))),
    );
    await recordPublish(kv, "production", ids.at(-1)!);
    const past = await history(kv, "production");
    expect(past).toHaveLength(HISTORY_LIMIT);
    expect(past.map((p) => p.buildId)).toEqual(ids.slice(-HISTORY_LIMIT));
  });

  it("refuses a build stored before the sharded manifest, which the worker cannot serve", async () => {
    const kv = new MemoryKv();
    const legacy = { buildId: "aaaaaaaaaaaa", blobs: { pages: { "/": "p" }, files: {} } };
    await kv.put(kvKeys.manifest("aaaaaaaaaaaa"), JSON.stringify(legacy));
    await kv.put(kvKeys.channel("production"), "bbbbbbbbbbbb");
    await expect(rollback(kv, "production", "aaaaaaaaaaaa")).rejects.toThrow(
      /stored in format 1, which the worker \(format \d+\) cannot serve; publish its sources again/,
    );
    expect(await kv.get(kvKeys.channel("production"))).toBe("bbbbbbbbbbbb");
  });

  it("refuses a build of store format 2, which the worker no longer reads", async () => {
    const kv = new MemoryKv();
    await olderFormatBuild(kv, "aaaaaaaaaaaa");
    await fakeBuild(kv, "bbbbbbbbbbbb");
    await kv.put(kvKeys.channel("production"), "bbbbbbbbbbbb");
    await expect(rollback(kv, "production", "aaaaaaaaaaaa")).rejects.toThrow(
      `stored in format 2, which the worker (format ${STORE_FORMAT}) cannot serve; publish its sources again`,
    );
    expect(await kv.get(kvKeys.channel("production"))).toBe("bbbbbbbbbbbb");
  });

  it("refuses an unknown or malformed build id and leaves the channel alone", async () => {
    const kv = new MemoryKv();
    await kv.put(kvKeys.channel("production"), "bbbbbbbbbbbb");
    await expect(rollback(kv, "production", "cccccccccccc")).rejects.toThrow(/build cccccccccccc is not in KV/);
    await expect(rollback(kv, "production", "../../x")).rejects.toThrow(/not a build id/);
    expect(await kv.get(kvKeys.channel("production"))).toBe("bbbbbbbbbbbb");
  });

  it("refuses a build with a value gone from KV, names it and leaves the channel alone", async () => {
    const kv = new MemoryKv();
    await fakeBuild(kv, "aaaaaaaaaaaa", ["a.svg"]);
    await fakeBuild(kv, "bbbbbbbbbbbb");
    await kv.put(kvKeys.channel("production"), "bbbbbbbbbbbb");
    await kv.deleteMany([kvKeys.blob("page-of-aaaaaaaaaaaa"), kvKeys.asset("a.svg")]);
    await expect(rollback(kv, "production", "aaaaaaaaaaaa")).rejects.toThrow(
      "build aaaaaaaaaaaa is incomplete in KV: 2 value(s) it names are gone (blob/page-of-aaaaaaaaaaaa, asset/a.svg), so it cannot be served; npm run builds lists the complete ones, or publish its sources again",
    );
    expect(await kv.get(kvKeys.channel("production"))).toBe("bbbbbbbbbbbb");
    expect(await history(kv, "production")).toEqual([]);
  });
});

describe("deleteChannel", () => {
  it("removes a channel's pointer and history in every format, and no other channel's", async () => {
    const kv = new MemoryKv();
    for (const key of ["channel/preview-x", "history/preview-x", "channel/preview-x@9", "history/preview-x@9"])
      await kv.put(key, "[]");
    await kv.put(kvKeys.channel("preview-xy"), "000000000001");
    expect((await deleteChannel(kv, "preview-x")).sort()).toEqual([
      "channel/preview-x",
      "channel/preview-x@9",
      "history/preview-x",
      "history/preview-x@9",
    ]);
    expect(await kv.list("channel/")).toEqual([kvKeys.channel("preview-xy")]);
  });
});

describe("previousBuild", () => {
  it("is the newest build of the history that is not live, after rollbacks too", () => {
    const at = new Date(0).toISOString();
    const past = ["A", "B", "A", "C", "A", "D"].map((buildId) => ({ buildId, at }));
    expect(previousBuild(past, "D")).toBe("A");
    expect(previousBuild(past.slice(0, 4), "C")).toBe("A");
    expect(previousBuild([{ buildId: "A", at }], "A")).toBeNull();
  });
});

describe("collectGarbage", () => {
  it("keeps the build that was live just before the current one, after a rollback and republishes", async () => {
    const kv = new MemoryKv();
    const now = Date.now();
    const ids = ["00000000000a", "00000000000b", "00000000000c", "00000000000d"];
    for (const id of ids) await fakeBuild(kv, id);
    const order = ["00000000000a", "00000000000b", "00000000000a", "00000000000c", "00000000000a", "00000000000d"];
    await kv.put(
      kvKeys.history("production"),
      JSON.stringify(order.map((buildId, i) => ({ buildId, at: new Date(now - (60 - i) * DAY).toISOString() }))),
    );
    await kv.put(kvKeys.channel("production"), "00000000000d");
    const result = await collectGarbage(kv, 14, now);
    expect(result.kept.sort()).toEqual(["00000000000a", "00000000000d"]);
    expect(await rollback(kv, "production", "00000000000a")).toEqual({ from: "00000000000d", to: "00000000000a" });
  });

  it("stops protecting a preview channel not published for 30 days, and removes its pointer", async () => {
    const kv = new MemoryKv();
    const now = Date.now();
    await fakeBuild(kv, "00000000000e");
    await fakeBuild(kv, "00000000000f");
    for (const [channel, id, days] of [
      ["preview-old", "00000000000e", 31],
      ["preview-new", "00000000000f", 29],
    ] as const) {
      await kv.put(kvKeys.channel(channel), id);
      await kv.put(
        kvKeys.history(channel),
        JSON.stringify([{ buildId: id, at: new Date(now - days * DAY).toISOString() }]),
      );
    }
    const result = await collectGarbage(kv, 14, now);
    expect(result.deleted).toEqual(["00000000000e"]);
    expect(result.channelsRemoved).toEqual([kvKeys.channel("preview-old").slice("channel/".length)]);
    expect(await kv.list("channel/")).toEqual([kvKeys.channel("preview-new")]);
    expect(await kv.list("history/")).toEqual([kvKeys.history("preview-new")]);
  });

  it("removes the pointers of a format older than any the worker reads, collects their builds, and leaves a newer format's alone", async () => {
    const kv = new MemoryKv();
    const now = Date.now();
    await fakeBuild(kv, "000000000031");
    await fakeBuild(kv, "000000000041", [], "page-of-format-4");
    await olderFormatBuild(kv, "000000000021");
    const yesterday = JSON.stringify([{ buildId: "000000000031", at: new Date(now - DAY).toISOString() }]);
    await kv.put(kvKeys.channel("production"), "000000000031");
    await kv.put(kvKeys.history("production"), yesterday);
    // Format 2's pointer and history (plain names), published yesterday too.
    await kv.put("channel/production", "000000000021");
    await kv.put("history/production", yesterday.replace("000000000031", "000000000021"));
    // A preview of a branch that bumps the format past this code's.
    await kv.put(`channel/preview-next@${STORE_FORMAT + 1}`, "000000000041");
    await kv.put(`history/preview-next@${STORE_FORMAT + 1}`, yesterday.replace("000000000031", "000000000041"));
    const result = await collectGarbage(kv, 14, now);
    expect(result.channelsRemoved).toEqual(["production"]);
    expect(result.deleted).toEqual(["000000000021"]);
    expect(await kv.list("channel/")).toEqual([
      `channel/preview-next@${STORE_FORMAT + 1}`,
      kvKeys.channel("production"),
    ]);
    expect(await kv.list("history/")).toEqual([
      `history/preview-next@${STORE_FORMAT + 1}`,
      kvKeys.history("production"),
    ]);
    expect(await kv.get(kvKeys.blob("page-of-000000000021"))).toBeNull();
    expect(await missingValues(kv, "000000000031")).toEqual([]);
  });

  it("deletes old builds and orphan assets, never the live or previous build", async () => {
    const kv = new MemoryKv();
    const now = Date.now();
    for (const [id, assets] of [
      ["000000000001", ["a.svg"]],
      ["000000000002", ["b.svg"]],
      ["000000000003", ["b.svg"]],
      ["000000000004", ["c.svg"]],
    ] as const)
      await fakeBuild(kv, id, [...assets]);
    await publishedThreeBuilds(kv, now);
    const result = await collectGarbage(kv, 14, now);
    expect(result.deleted.sort()).toEqual(["000000000001", "000000000004"]);
    expect(result.kept.sort()).toEqual(["000000000002", "000000000003"]);
    expect(await kv.list("build/000000000001/")).toEqual([]);
    expect(await kv.get(kvKeys.manifest("000000000002"))).not.toBeNull();
    expect(await kv.list("asset/")).toEqual(["asset/b.svg"]);
  });

  it("deletes page blobs only no kept build refers to", async () => {
    const kv = new MemoryKv();
    const now = Date.now();
    await fakeBuild(kv, "000000000001", [], "old-only");
    await fakeBuild(kv, "000000000002", [], "shared");
    await fakeBuild(kv, "000000000003", [], "shared");
    await publishedThreeBuilds(kv, now);
    await kv.put(kvKeys.blob("stray"), "{}");
    const result = await collectGarbage(kv, 14, now);
    expect(result.deleted).toEqual(["000000000001"]);
    expect(await kv.list("blob/")).toEqual(["blob/shard-shared", "blob/shared"]);
  });

  it("keeps no blob for a build stored before the manifest was sharded, which no worker reads", async () => {
    const kv = new MemoryKv();
    const now = Date.now();
    await fakeBuild(kv, "000000000003", [], "live");
    const legacy = {
      buildId: "000000000002",
      blobs: { pages: { "/": "old-page" }, files: { "/llms.txt": "old-file" } },
    };
    await kv.put(kvKeys.manifest("000000000002"), JSON.stringify(legacy));
    for (const d of ["old-page", "old-file", "stray"]) await kv.put(kvKeys.blob(d), "{}");
    await publishedThreeBuilds(kv, now);
    await collectGarbage(kv, 14, now);
    expect(await kv.list("blob/")).toEqual(["live", "shard-live"].map((d) => kvKeys.blob(d)));
  });

  it("keeps the search index values of kept builds (parts, pieces, segments) and deletes those only a deleted build used", async () => {
    const kv = new MemoryKv();
    const now = Date.now();
    const empty =
      '{"lexicon":{"terms":"","heads":""},"postings":{},"records":{"strings":[],"ids":[],"records":[]},"facets":{"strings":[],"ids":[],"levels":[],"types":""},"runs":{"lexicon":[],"shards":[],"records":[],"facets":[]}}';
    const level0 = (digest: string, from: string | number) => ({ level: 0, refs: [{ from, digest, bytes: 2 }] });
    const root = (id: string) =>
      JSON.stringify({
        version: 5,
        siteUrl: "https://docs.example.test",
        documentCount: 0,
        statistics: { documentCount: 0, averageFieldLength: [] },
        fields: [],
        browse: `browse-${id}`,
        lexicon: level0("lexicon", ""),
        // The shards' list in a part of its own.
        shards: { level: 1, refs: [{ from: "", digest: `part-${id}` }] },
        records: level0("records", 0),
        facets: level0("facets", 0),
        segments: [{ digest: `segment-${id}`, bytes: empty.length }],
      });
    for (const id of ["000000000001", "000000000002", "000000000003"]) await fakeBuild(kv, id, [], "shared");
    for (const [id, shard] of [
      ["000000000001", "old-shard"],
      ["000000000003", "live-shard"],
    ] as const) {
      await kv.put(kvKeys.searchIndex(id), root(id));
      await kv.put(kvKeys.blob(`part-${id}`), JSON.stringify(level0(shard, "")));
      await kv.put(kvKeys.blob(`browse-${id}`), "[]");
      await kv.put(kvKeys.blob(`segment-${id}`), empty);
    }
    for (const d of ["lexicon", "old-shard", "live-shard", "records", "facets"]) await kv.put(kvKeys.blob(d), "{}");
    await publishedThreeBuilds(kv, now);
    await collectGarbage(kv, 14, now);
    const live = ["browse-", "part-", "segment-"].map((d) => `${d}000000000003`);
    expect(await kv.list("blob/")).toEqual(
      [...live, "facets", "lexicon", "live-shard", "records", "shard-shared", "shared"]
        .sort()
        .map((d) => kvKeys.blob(d)),
    );
  });

  it("changes nothing in a dry run", async () => {
    const kv = new MemoryKv();
    await fakeBuild(kv, "000000000001");
    const before = [...kv.data.keys()];
    const result = await collectGarbage(kv, 0, Date.now(), true);
    expect(result.deleted).toEqual(["000000000001"]);
    expect([...kv.data.keys()]).toEqual(before);
  });
});
