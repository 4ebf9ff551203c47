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

  it("names base pieces, a segment and a list in parts, and holds every value it names", async () => {
    const { root: index, blobs } = await warmUpIndex();
    expect(index.segments).toHaveLength(1);
    const lists = [index.lexicon, index.shards, index.records, index.facets];
    expect(lists.some((l) => l.level > 0)).toBe(true);
    for (const digest of [
      index.browse,
      ...index.segments.map((s) => s.digest),
      ...lists.flatMap((l) => l.refs.map((r) => r.digest)),
    ])
      expect(blobs).toHaveProperty(digest);
  });
});
