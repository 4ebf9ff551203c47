/**
 * The channel pointer as an isolate reads it (worker/content-store): served again from the
 * isolate's last read while that is under the deployment's POINTER_RECHECK_MS old, read again after.
 * Each test uses its own channel: the isolate's pointers are kept by channel.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../client/contracts/page";
import {
  ContentStore,
  ContentUnavailable,
  pointerRecheckMs,
  POINTER_RECHECK_MS,
  type KvReader,
} from "../../worker/content-store";

/** A KV holding channel pointers, counting the reads of each and failing on demand. */
function pointerKv(pointers: Record<string, string>) {
  const kv = {
    reads: 0,
    failing: false,
    async get(key: string) {
      kv.reads++;
      if (kv.failing) throw new Error("KV is down");
      return pointers[key] ?? null;
    },
  };
  return kv;
}

/** A clock the test moves. */
function clock(start = 1_000_000) {
  const c = { ms: start, now: () => c.ms };
  return c;
}

describe("the channel pointer", () => {
  it("is served from the isolate's last read for recheckMs, then read again", async () => {
    const pointers = { [kvKeys.channel("c1")]: "build-a" };
    const kv = pointerKv(pointers);
    const time = clock();
    const store = () => new ContentStore(kv as unknown as KvReader, "c1", { recheckMs: 1000, now: time.now });
    expect(await store().liveBuildId()).toBe("build-a");
    pointers[kvKeys.channel("c1")] = "build-b";
    time.ms += 999;
    expect(await store().liveBuildId()).toBe("build-a");
    expect(kv.reads).toBe(1);
    time.ms += 1;
    expect(await store().liveBuildId()).toBe("build-b");
    expect(kv.reads).toBe(2);
  });

  it("is read on every request when recheckMs is 0 (the local server's setting)", async () => {
    const pointers = { [kvKeys.channel("c2")]: "build-a" };
    const kv = pointerKv(pointers);
    const time = clock();
    const store = () => new ContentStore(kv as unknown as KvReader, "c2", { recheckMs: 0, now: time.now });
    expect(await store().liveBuildId()).toBe("build-a");
    pointers[kvKeys.channel("c2")] = "build-b";
    expect(await store().liveBuildId()).toBe("build-b");
    expect(kv.reads).toBe(2);
  });

  it("keeps no failed read: the next request reads again, and serves the build once KV answers", async () => {
    const kv = pointerKv({ [kvKeys.channel("c3")]: "build-a" });
    const time = clock();
    const store = () => new ContentStore(kv as unknown as KvReader, "c3", { recheckMs: 1000, now: time.now });
    kv.failing = true;
    await expect(store().liveBuildId()).rejects.toBeInstanceOf(ContentUnavailable);
    kv.failing = false;
    expect(await store().liveBuildId()).toBe("build-a");
    expect(kv.reads).toBe(2);
  });

  it("keeps serving the last read build while it is fresh, even if KV fails meanwhile", async () => {
    const kv = pointerKv({ [kvKeys.channel("c4")]: "build-a" });
    const time = clock();
    const store = () => new ContentStore(kv as unknown as KvReader, "c4", { recheckMs: 1000, now: time.now });
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
});
