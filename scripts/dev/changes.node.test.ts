/** Which open tabs a new build concerns: its own page, or the parts every page shows. */
import { describe, expect, it } from "vitest";
import { changesBetween, describeChanges, type BuildView } from "./changes";

const view = (buildId: string, pages: Record<string, string>, sidebars = "s1", shell = "c1"): BuildView => ({
  buildId,
  pages,
  sidebars,
  shell,
});

describe("changesBetween", () => {
  it("names changed, added and removed routes", () => {
    const c = changesBetween(view("a", { "/x": "1", "/y": "1" }), view("b", { "/x": "2", "/z": "1" }));
    expect(c).toEqual({ from: "a", changed: ["/x"], added: ["/z"], removed: ["/y"], sidebars: false, shell: false });
    expect(describeChanges(c)).toBe("rebuilt 1 page: /x; added /z; removed /y");
  });

  it("flags a sidebar or configuration change, which every page shows", () => {
    expect(changesBetween(view("a", {}), view("b", {}, "s2")).sidebars).toBe(true);
    expect(changesBetween(view("a", {}), view("b", {}, "s1", "c2")).shell).toBe(true);
    expect(describeChanges(changesBetween(view("a", {}), view("b", {})))).toBe("no page changed");
  });

  it("knows nothing about a build it never saw", () => {
    expect(changesBetween(undefined, view("b", {}))).toMatchObject({ from: null, shell: true });
  });
});
