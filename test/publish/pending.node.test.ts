/**
 * A pending record whose lists outgrow one value continues in parts: read back whole, and garbage
 * collection keeps what every part names and deletes the parts of a record that expired.
 */
import { describe, expect, it } from "vitest";
import { kvKeys } from "../../common/page";
import { collectGarbage } from "../../scripts/publish/gc";
import { pendingKeys, pendingValues, readPending, type PendingPublish } from "../../scripts/publish/pending";
import { MemoryKv } from "../helpers/memory-kv";

const digest = (n: number) => n.toString(16).padStart(32, "0");

const record = (at: string): PendingPublish => ({
  buildId: "b0000000001",
  channel: "production",
  at,
  base: null,
  blobs: Array.from({ length: 10 }, (_, i) => digest(i)),
  assets: ["a1.png", "a2.png"],
});

async function store(kv: MemoryKv, values: Map<string, string>) {
  for (const [key, value] of values) await kv.put(key, value);
}

describe("pending records", () => {
  it("split into parts past the names one value holds, and read back whole", async () => {
    const kv = new MemoryKv();
    const values = pendingValues(record(new Date().toISOString()), 4);
    expect([...values.keys()]).toEqual(["pending/b0000000001", "pending/b0000000001/1", "pending/b0000000001/2"]);
    for (const value of values.values())
      expect((JSON.parse(value).blobs ?? []).length + (JSON.parse(value).assets ?? []).length).toBeLessThanOrEqual(4);
    await store(kv, values);
    const [read] = await readPending(kv);
    expect(read).toMatchObject({ ...record(read!.at), parts: 2 });
    expect(pendingKeys(read!)).toEqual([...values.keys()]);
    // A small record is one value, as before.
    expect([...pendingValues(record(read!.at)).keys()]).toEqual(["pending/b0000000001"]);
  });

  it("keep every blob their parts name from garbage collection, and go whole when they expire", async () => {
    const kv = new MemoryKv();
    const fresh = record(new Date().toISOString());
    for (const d of fresh.blobs) await kv.put(kvKeys.blob(d), "value");
    await store(kv, pendingValues(fresh, 4));
    const kept = await collectGarbage(kv, 14);
    expect(kept.inFlight).toEqual([fresh.buildId]);
    for (const d of fresh.blobs) expect(await kv.get(kvKeys.blob(d))).toBe("value");

    const old = record(new Date(Date.now() - 2 * 86_400_000).toISOString());
    await store(kv, pendingValues(old, 4));
    await collectGarbage(kv, 14);
    expect(await kv.list("pending/")).toEqual([]);
    for (const d of fresh.blobs) expect(await kv.get(kvKeys.blob(d))).toBeNull();
  });
});
