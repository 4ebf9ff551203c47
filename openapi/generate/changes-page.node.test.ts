/** The "What changed" page from its Markdown, and the node build named on the landing page. */
import { describe, expect, it } from "vitest";
import { ChangesInvalid, changesPage } from "./changes-page";
import { nodeBuildOf } from "./node-build";

describe("changesPage", () => {
  it("makes the title, the intro and one section per ## heading, with lists and links", () => {
    const page = changesPage("# What changed\n\nIntro text.\n\n## New things\n\n- [One](/api/node/one): `x`\n- Two\n");
    expect(page.title).toBe("What changed");
    expect(page.description).toBe("Intro text.");
    expect(page.tree).toEqual([
      ["h1", { id: "what-changed" }, "What changed"],
      ["p", null, "Intro text."],
      ["h2", { id: "new-things" }, "New things"],
      [
        "ul",
        null,
        ["li", null, ["a", { href: "/api/node/one" }, "One"], ": ", ["code", null, "x"]],
        ["li", null, "Two"],
      ],
    ]);
  });

  it("refuses a file without a title line, naming the file", () => {
    expect(() => changesPage("Intro first.\n\n## Section\n")).toThrow(ChangesInvalid);
    expect(() => changesPage("Intro first.")).toThrow(/openapi\/changes\.md:1: .*"# " title line/);
  });
});

describe("nodeBuildOf", () => {
  it("reads info.x-node-build, and refuses one without a full commit", () => {
    const build = { name: "L1", repository: "https://github.com/o/r", branch: "b", commit: "a".repeat(40) };
    expect(nodeBuildOf({ "x-node-build": build })).toEqual(build);
    expect(nodeBuildOf({})).toBeNull();
    expect(() => nodeBuildOf({ "x-node-build": { ...build, commit: "01f0203" } })).toThrow(/40-digit commit/);
  });
});
