/**
 * The build id names what a publish serves: the same pages built by the same code keep their id
 * (publishing again writes nothing), and the same pages built by other code get another one (so
 * the search index and records that code makes are published, not skipped as already live).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { KeptPage } from "../page-pass";

const code = vi.hoisted(() => ({ version: "code-a" }));
vi.mock("../code-version", () => ({ codeVersion: () => code.version }));
const { buildIdOf } = await import("./build-id");

const pages = [
  { route: "/devs/faq", digest: "d1" },
  { route: "/", digest: "d0" },
] as KeptPage[];

describe("buildIdOf", () => {
  beforeEach(() => {
    code.version = "code-a";
  });

  it("is the same for the same pages, in any order, built by the same code", () => {
    expect(buildIdOf("covered", pages, [])).toBe(buildIdOf("covered", [...pages].reverse(), []));
  });

  it("changes with a page's digest", () => {
    const edited = [pages[0]!, { ...pages[1]!, digest: "d0-edited" }] as KeptPage[];
    expect(buildIdOf("covered", edited, [])).not.toBe(buildIdOf("covered", pages, []));
  });

  it("changes when other code builds the same pages", () => {
    const before = buildIdOf("covered", pages, []);
    code.version = "code-b";
    expect(buildIdOf("covered", pages, [])).not.toBe(before);
  });
});
