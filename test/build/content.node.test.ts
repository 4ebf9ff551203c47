/** Our own content: the strict build passes and every Learn and Build route of routes.txt exists. */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, type SiteBuild } from "../../scripts/build/build";
import { requiredRoutes } from "../helpers/spec-fixtures";

const ROOT = path.resolve(import.meta.dirname, "../..");
let build: SiteBuild;

beforeAll(async () => {
  build = await buildSite({ root: ROOT, strict: true });
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
    expect(routes.length).toBe(44);
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

  it("orders the Build sidebar as the brief does", () => {
    const labels = build.manifest.sidebars.developersSidebar!.map((i) => i.label);
    expect(labels.slice(0, 4)).toEqual([
      "Getting Started for Developers",
      "Your First Move Contract",
      "Movement CLI",
      "Network Endpoints",
    ]);
    expect(labels.at(-1)).toBe("FAQ");
  });

  it("never links to the old broken /devs/firstmove route", () => {
    for (const page of build.pages.values()) expect(JSON.stringify(page.tree)).not.toContain('"/devs/firstmove"');
  });
});
