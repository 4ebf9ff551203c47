/**
 * discover() with npm run dev's memo: a save of known pages reads those pages and no others (no walk),
 * while anything else it is told of (a new page, a removed one, a folder) makes it read the whole tree.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempSite, type TempSite } from "../../test/helpers/temp-site";
import { loadSiteConfig } from "../config/load";
import { BuildCache } from "../dev/build-cache";
import { discover } from "./discover";

let site: TempSite;
let docsDir: string;
beforeEach(async () => {
  site = await tempSite();
  docsDir = path.join(site.root, "content/docs");
});
afterEach(() => site.remove());

async function run(cache: BuildCache, changed?: string[]) {
  const config = await loadSiteConfig(path.join(site.root, "content/site.yaml"));
  const { docs } = await discover(docsDir, config, cache, changed);
  cache.prune();
  return new Map(docs.map((d) => [d.file, d]));
}

describe("discover with the last walk", () => {
  it("reads only the pages named as changed, and keeps the others as the last walk read them", async () => {
    const cache = new BuildCache();
    const first = await run(cache);
    const tools = path.join(docsDir, "build/tools.mdx");
    const alpha = path.join(docsDir, "learn/Basics/alpha.mdx");
    await writeFile(tools, (await readFile(tools, "utf8")).replace(/^title: .*$/m, "title: Tools Renamed"));
    await writeFile(alpha, (await readFile(alpha, "utf8")).replace("# Alpha Page", "# Alpha Renamed"));

    const told = await run(cache, ["build/tools.mdx"]);
    expect(told.get("build/tools.mdx")!.title).toBe("Tools Renamed");
    // Not named: taken from the last walk, the very object it read.
    expect(told.get("learn/Basics/alpha.mdx")).toBe(first.get("learn/Basics/alpha.mdx"));
    expect([...told.keys()]).toEqual([...first.keys()]);

    // Unknown to the caller (no list): everything is walked and the other edit shows.
    const walked = await run(cache);
    expect(walked.get("learn/Basics/alpha.mdx")!.title).toBe("Alpha Renamed");
  });

  it("walks the whole folder when a named file is new, removed or not a page", async () => {
    const cache = new BuildCache();
    const first = await run(cache);
    const page = "---\ntitle: New Page\ndescription: A page the last walk did not see.\n---\n\nText.\n";
    await writeFile(path.join(docsDir, "build/new-page.mdx"), page);
    expect((await run(cache, ["build/new-page.mdx"])).has("build/new-page.mdx")).toBe(true);

    await rm(path.join(docsDir, "build/new-page.mdx"));
    expect([...(await run(cache, ["build/new-page.mdx"])).keys()]).toEqual([...first.keys()]);

    await rm(path.join(docsDir, "learn/Basics/zeta.mdx"));
    expect((await run(cache, ["learn/Basics/zeta.mdx"])).has("learn/Basics/zeta.mdx")).toBe(false);

    const category = path.join(docsDir, "learn/Basics/_category_.json");
    await writeFile(category, '{ "label": "Basics Renamed" }');
    const alpha = path.join(docsDir, "learn/Basics/alpha.mdx");
    await writeFile(alpha, (await readFile(alpha, "utf8")).replace("# Alpha Page", "# Alpha Again"));
    expect((await run(cache, ["learn/Basics/_category_.json"])).get("learn/Basics/alpha.mdx")!.title).toBe(
      "Alpha Again",
    );
  });

  it("walks the whole folder after a walk that failed, so an error is not hidden by the next save", async () => {
    const cache = new BuildCache();
    await run(cache);
    const tools = path.join(docsDir, "build/tools.mdx");
    const good = await readFile(tools, "utf8");
    await writeFile(tools, good.replace("sidebar_position:", "sidebar_positon:"));
    await expect(run(cache, ["build/tools.mdx"])).rejects.toThrow(/sidebar_positon/);
    await expect(run(cache, ["learn/Basics/alpha.mdx"])).rejects.toThrow(/sidebar_positon/);
  });
});
