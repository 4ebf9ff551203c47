/** Our own content: the strict build passes and every Learn and Build route of routes.txt exists. */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, defaultCacheDir, type SiteBuild } from "../../scripts/build/build";
import { requiredRoutes } from "../helpers/spec-fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
let build: SiteBuild;

beforeAll(async () => {
  build = await buildSite({ root: ROOT, cacheDir: defaultCacheDir(), strict: true });
});

async function routesOf(prefix: (r: string) => boolean): Promise<string[]> {
  return (await requiredRoutes()).filter((l) => l !== "/search" && prefix(l));
}

describe("the site's content", () => {
  it("builds in strict mode (no broken links, anchors or duplicate routes)", () => {
    expect(build.warnings.filter((w) => !w.startsWith("notice:"))).toEqual([]);
  });

  it("has every Learn and Build route with a title and a description", async () => {
    const routes = await routesOf((r) => !r.startsWith("/api/"));
    expect(routes.length).toBe(45);
    for (const route of routes) {
      const page = build.pages.get(route);
      expect(page, route).toBeDefined();
      expect(page!.title.length, route).toBeGreaterThan(0);
      expect(page!.description.length, route).toBeGreaterThan(20);
      expect(page!.toc.length + page!.tree.length, route).toBeGreaterThan(2);
    }
  });

  it("orders the Learn sidebar as the brief does, with today's network (Movement L1) before Mainnet and Community last", () => {
    const labels = build.manifest.sidebars.tutorialSidebar!.map((i) => i.label);
    expect(labels).toEqual([
      "Getting Started",
      "Vision for Movement",
      "Movement L1",
      "What is the Mainnet?",
      "Using The Movement Network",
      "Community and support",
    ]);
  });

  it("orders the Build sidebar as the brief does, with the new categories where they belong", () => {
    const labels = build.manifest.sidebars.developersSidebar!.map((i) => i.label);
    const brief = ["Getting Started for Developers", "Your First Move Contract", "Movement CLI", "Network Endpoints"];
    expect(labels[0]).toBe(brief[0]);
    expect(labels.filter((l) => brief.includes(l))).toEqual(brief);
    // The Move language pages follow the first contract; tokens, accounts and transactions follow Interact Onchain.
    const after = (label: string, count: number) => labels.slice(labels.indexOf(label), labels.indexOf(label) + count);
    expect(after("Your First Move Contract", 3)).toEqual(["Your First Move Contract", "Move", "Movement CLI"]);
    expect(after("Interact Onchain", 4)).toEqual(["Interact Onchain", "Tokens", "Accounts", "Transactions"]);
    expect(labels[labels.indexOf("Movement CLI") + 1]).toBe("Local Network");
    expect(labels.at(-1)).toBe("FAQ");
  });

  it("never links to the old broken /devs/firstmove route", () => {
    for (const page of build.pages.values()) expect(JSON.stringify(page.tree)).not.toContain('"/devs/firstmove"');
  });
});
