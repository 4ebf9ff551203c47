import { describe, expect, it } from "vitest";
import { markdownPathOf, routeOfMarkdownPath, twinRouteCandidates } from "./markdown-path";

describe("the canonical twin URL", () => {
  it.each([
    ["/devs/faq", "/devs/faq.md"],
    ["/general/Introduction/", "/general/Introduction/index.md"],
    ["/", "/index.md"],
  ])("of %s is %s, and leads back to it", (route, path) => {
    expect(markdownPathOf(route)).toBe(path);
    expect(routeOfMarkdownPath(path)).toBe(route);
  });

  it.each([
    ["/.md", "/"],
    ["/devs/faq/.md", "/devs/faq/"],
  ])("is not %s, which names %s literally but is another spelling", (path, route) => {
    expect(routeOfMarkdownPath(path)).toBe(route);
    expect(markdownPathOf(route)).not.toBe(path);
  });

  it.each(["/devs/faq", "/llms.txt", "/devs/faq.md/"])("is not %s: not a .md path", (path) => {
    expect(routeOfMarkdownPath(path)).toBeNull();
  });
});

describe("twinRouteCandidates", () => {
  it.each([
    ["/.md", ["/"]],
    ["/index.md", ["/"]],
    ["/devs/faq.md", ["/devs/faq", "/devs/faq/"]],
    ["/devs/faq.md/", ["/devs/faq", "/devs/faq/"]],
    ["/devs/faq/index.md", ["/devs/faq/", "/devs/faq"]],
    ["/devs/faq/.md", ["/devs/faq/", "/devs/faq"]],
    ["/general/Introduction.md", ["/general/Introduction", "/general/Introduction/"]],
  ])("%s may be the twin of %j", (path, routes) => {
    expect(twinRouteCandidates(path)).toEqual(routes);
  });

  it("is null for a path that does not ask for a twin", () => {
    expect(twinRouteCandidates("/devs/faq")).toBeNull();
    expect(twinRouteCandidates("/llms.txt")).toBeNull();
  });
});
