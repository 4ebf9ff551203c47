/**
 * The warm-up index the worker holds is what scripts/search/warm-up-index.ts makes today: the build's
 * and the publish's code change what an index holds, and a stale one would warm code readers' queries
 * no longer run (or fail to read).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { WARM_UP_INDEX_FILE, warmUpIndex, warmUpIndexModule } from "./warm-up-index";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("the worker's warm-up search index", () => {
  it("is the file the generator writes (else run `npx tsx scripts/search/warm-up-index.ts`)", async () => {
    expect(await readFile(path.join(root, WARM_UP_INDEX_FILE), "utf8")).toBe(await warmUpIndexModule());
  });

  it("names pieces stored alone, a pack and a shard patch, and holds every value it names", async () => {
    const { root: index, blobs } = await warmUpIndex();
    const refs = [index.lexicon, index.shards, index.records, index.facets].flat();
    expect(refs.some((r) => r.pack)).toBe(true);
    expect(refs.some((r) => !r.pack && !r.base)).toBe(true);
    expect(index.shards.some((r) => r.base)).toBe(true);
    for (const r of refs)
      for (const d of [r.pack ?? r.digest, r.base && (r.basePack ?? r.base)]) if (d) expect(blobs).toHaveProperty(d);
  });
});
