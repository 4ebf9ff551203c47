import { describe, expect, it } from "vitest";
import { cleanPath, matchRoute } from "./index";

describe("cleanPath", () => {
  it.each([
    ["/general/Introduction/index.html", "/general/Introduction/"],
    ["/index.html", "/"],
    ["/devs/faq.html", "/devs/faq"],
    ["/devs//faq", "/devs/faq"],
    ["/devs/faq", "/devs/faq"],
    ["/DEVS/INDEX.HTML", "/DEVS/"],
  ])("%s → %s", (input, expected) => {
    expect(cleanPath(input)).toBe(expected);
  });
});

describe("matchRoute", () => {
  const routes = { "/": {}, "/a/": {}, "/a/b": {} };
  it("finds exact routes and redirects slash variants", () => {
    expect(matchRoute("/a/b", routes)).toEqual({ kind: "page", route: "/a/b" });
    expect(matchRoute("/a/b/", routes)).toEqual({ kind: "redirect", to: "/a/b" });
    expect(matchRoute("/a", routes)).toEqual({ kind: "redirect", to: "/a/" });
    expect(matchRoute("/nope", routes)).toEqual({ kind: "missing" });
  });
  it("does not treat inherited object keys as routes", () => {
    expect(matchRoute("constructor", routes)).toEqual({ kind: "missing" });
    expect(matchRoute("/__proto__", routes)).toEqual({ kind: "missing" });
  });
});
