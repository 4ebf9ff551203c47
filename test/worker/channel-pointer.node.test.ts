/**
 * The channel pointer as an isolate reads it (worker/content-store): served again from the
 * isolate's last read while that is under the deployment's POINTER_RECHECK_MS old, read again after.
 * Each test uses its own channel: the isolate's pointers are kept by channel.
 */
import { describe, expect, it } from "vitest";
import { kvKeys, POINTER_RECHECK_MS } from "../../common/page";
import {
  ContentStore,
  ContentUnavailable,
  kvBudgetMs,
  pointerRecheckMs,
  REQUEST_KV_BUDGET_MS,
  type KvReader,
} from "../../worker/content-store";

/**
 * A channel pointing at build-a in a KV that counts its reads and fails on demand, a clock the
 * test moves, and the stores requests make (one per request, as the worker's middleware does).
 */
function channel(name: string, recheckMs: number) {
  const key = kvKeys.channel(name);
  const kv = {
    pointers: { [key]: "build-a" } as Record<string, string>,
    reads: 0,
    failing: false,
    async get(k: string) {
      kv.reads++;
      if (kv.failing) throw new Error("KV is down");
      return kv.pointers[k] ?? null;
    },
  };
  const time = { ms: 1_000_000 };
  const store = () => new ContentStore(kv as unknown as KvReader, name, { recheckMs, now: () => time.ms });
  return { kv, time, store, point: (buildId: string) => (kv.pointers[key] = buildId) };
}

describe("the channel pointer", () => {
  it("is served from the isolate's last read for recheckMs, then read again", async () => {
    const { kv, time, store, point } = channel("c1", 1000);
    expect(await store().liveBuildId()).toBe("build-a");
    point("build-b");
    time.ms += 999;
    expect(await store().liveBuildId()).toBe("build-a");
    expect(kv.reads).toBe(1);
    time.ms += 1;
    expect(await store().liveBuildId()).toBe("build-b");
    expect(kv.reads).toBe(2);
  });

  it("is read on every request when recheckMs is 0 (the local server's setting)", async () => {
    const { kv, store, point } = channel("c2", 0);
    expect(await store().liveBuildId()).toBe("build-a");
    point("build-b");
    expect(await store().liveBuildId()).toBe("build-b");
    expect(kv.reads).toBe(2);
  });

  it("keeps no failed read: the next request reads again, and serves the build once KV answers", async () => {
    const { kv, store } = channel("c3", 1000);
    kv.failing = true;
    await expect(store().liveBuildId()).rejects.toBeInstanceOf(ContentUnavailable);
    kv.failing = false;
    expect(await store().liveBuildId()).toBe("build-a");
    expect(kv.reads).toBe(2);
  });

  it("keeps serving the last read build while it is fresh, even if KV fails meanwhile", async () => {
    const { kv, time, store } = channel("c4", 1000);
    expect(await store().liveBuildId()).toBe("build-a");
    kv.failing = true;
    time.ms += 500;
    expect(await store().liveBuildId()).toBe("build-a");
    time.ms += 500;
    await expect(store().liveBuildId()).rejects.toBeInstanceOf(ContentUnavailable);
  });

  it("takes its recheck interval from the deployment's POINTER_RECHECK_MS, a second by default", () => {
    expect(POINTER_RECHECK_MS).toBe(1000);
    expect(pointerRecheckMs(undefined)).toBe(1000);
    expect(pointerRecheckMs("")).toBe(1000);
    expect(pointerRecheckMs("soon")).toBe(1000);
    expect(pointerRecheckMs("-5")).toBe(1000);
    expect(pointerRecheckMs("0")).toBe(0);
    expect(pointerRecheckMs("2500")).toBe(2500);
  });

  it("takes a request's time for KV from the deployment's KV_BUDGET_MS, 3 s by default and never none", () => {
    expect(REQUEST_KV_BUDGET_MS).toBe(3000);
    for (const unusable of [undefined, "", "later", "-5", "0"]) expect(kvBudgetMs(unusable)).toBe(3000);
    expect(kvBudgetMs("1")).toBe(1);
    expect(kvBudgetMs("30000")).toBe(30_000);
  });
});

describe("the pointer of each store format", () => {
  it("keeps format 2's plain key and gives later formats their own", () => {
    expect(kvKeys.channel("production", 2)).toBe("channel/production");
    expect(kvKeys.channel("production", 3)).toBe("channel/production@3");
    expect(kvKeys.history("preview-x", 3)).toBe("history/preview-x@3");
  });

  it("is its own format's for a worker that reads two; the previous format's until its own is published", async () => {
    const pointers: Record<string, string> = { [kvKeys.channel("fmt", 3)]: "build-of-format-3" };
    const kv = { get: async (key: string) => pointers[key] ?? null } as unknown as KvReader;
    const newer = () => new ContentStore(kv, "fmt", { recheckMs: 0, formats: [4, 3] });
    const older = () => new ContentStore(kv, "fmt", { recheckMs: 0, formats: [3] });
    // Deployed before any publish in format 4: the format-3 build is served.
    expect(await newer().liveBuildId()).toBe("build-of-format-3");
    // A publish in format 4 (CI publishes before it deploys) moves only format 4's pointer.
    pointers[kvKeys.channel("fmt", 4)] = "build-of-format-4";
    expect(await older().liveBuildId()).toBe("build-of-format-3");
    expect(await newer().liveBuildId()).toBe("build-of-format-4");
  });

  it("is never format 2's plain one for this worker: a channel with only that points at no build", async () => {
    const kv = {
      get: async (key: string) => (key === "channel/fmt" ? "build-of-format-2" : null),
    } as unknown as KvReader;
    await expect(new ContentStore(kv, "fmt", { recheckMs: 0 }).liveBuildId()).rejects.toThrow(
      'channel "fmt" points at no build; run npm run publish',
    );
  });
});
