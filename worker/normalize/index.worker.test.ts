import { describe, expect, it } from "vitest";
import { cleanPath, matchRoute, routeCandidates } from "./index";

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
  const routes = new Map(Object.entries({ "/": {}, "/a/": {}, "/a/b": {} }));
  it("finds exact routes and redirects slash variants", () => {
    expect(matchRoute("/a/b", routes)).toEqual({ kind: "page", route: "/a/b" });
    expect(matchRoute("/a/b/", routes)).toEqual({ kind: "redirect", to: "/a/b" });
    expect(matchRoute("/a", routes)).toEqual({ kind: "redirect", to: "/a/" });
    expect(matchRoute("/nope", routes)).toEqual({ kind: "missing" });
  });
  it("asks for the path and its trailing-slash twin", () => {
    expect(routeCandidates("/a")).toEqual(["/a", "/a/"]);
    expect(routeCandidates("/a/")).toEqual(["/a/", "/a"]);
    expect(routeCandidates("/")).toEqual(["/"]);
  });
  it("does not treat inherited object keys as routes", () => {
    expect(matchRoute("constructor", routes)).toEqual({ kind: "missing" });
    expect(matchRoute("/__proto__", routes)).toEqual({ kind: "missing" });
  });
});
