/** The KV write lease: one writer at a time, also when two start together, and none blocked for ever by a dead one. */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { acquireLease, LEASE_KEY, LEASE_TTL_MS, LeaseHeld, withLease } from "../../scripts/publish/lease";
import { ChannelMoved, publishBuild } from "../../scripts/publish/publish";
import { MemoryKv } from "../helpers/memory-kv";
import { buildSite } from "../../scripts/build/build";
import { FIXTURE_ROOT } from "../helpers/fixture-build.global";

describe("the write lease", () => {
  it("refuses a second writer while the first holds it, naming the holder, and frees it when the first ends", async () => {
    const kv = new MemoryKv();
    const first = await acquireLease(kv, "publish to production");
    await expect(acquireLease(kv, "gc")).rejects.toThrow(/^publish to production on .+ holds the KV write lease until/);
    await first.release();
    await withLease(kv, "gc", async () => {});
    expect(await kv.get(LEASE_KEY)).toBeNull();
  });

  it("lets one of two writers that start together through: the other stops before writing", async () => {
    const kv = new MemoryKv();
    const results = await Promise.allSettled([
      acquireLease(kv, "rollback of production", { settleMs: 20 }),
      acquireLease(kv, "publish to production", { settleMs: 20 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(LeaseHeld);
  });

  it("takes over a lease whose writer died, once it expired", async () => {
    const kv = new MemoryKv();
    let now = Date.parse("2026-01-01T00:00:00Z");
    await acquireLease(kv, "publish to production", { now: () => now });
    await expect(acquireLease(kv, "gc", { now: () => now })).rejects.toBeInstanceOf(LeaseHeld);
    now += LEASE_TTL_MS + 1;
    await expect(acquireLease(kv, "gc", { now: () => now })).resolves.toBeDefined();
  });
});

describe("a publish racing a rollback", () => {
  it("does not silently undo a rollback made while it wrote: it leaves the channel as the rollback set it", async () => {
    const kv = new MemoryKv();
    const build = await buildSite({ root: FIXTURE_ROOT });
    await kv.put(kvKeys.channel("production"), "aaaaaaaaaaaa");
    const publishing = publishBuild(kv, build, "production", undefined, async () => {
      // A rollback by hand lands after the publish read the live build.
      await kv.put(kvKeys.channel("production"), "bbbbbbbbbbbb");
    });
    await expect(publishing).rejects.toBeInstanceOf(ChannelMoved);
    expect(await kv.get(kvKeys.channel("production"))).toBe("bbbbbbbbbbbb");
  });
});
