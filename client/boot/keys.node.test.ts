import { describe, expect, it } from "vitest";
import { isApplePlatform, isSearchShortcut, isSlashShortcut, paginationFor } from "./keys";

const key = (k: string, mods: Partial<Record<"altKey" | "ctrlKey" | "metaKey" | "shiftKey", boolean>> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe("arrow-key pagination", () => {
  it("maps arrows to prev and next", () => {
    expect(paginationFor(key("ArrowLeft"), { tagName: "BODY" })).toBe("prev");
    expect(paginationFor(key("ArrowRight"), { tagName: "A" })).toBe("next");
    expect(paginationFor(key("ArrowUp"), null)).toBeNull();
  });
  it("does nothing while typing or with a modifier held", () => {
    expect(paginationFor(key("ArrowLeft"), { tagName: "INPUT" })).toBeNull();
    expect(paginationFor(key("ArrowLeft"), { tagName: "textarea" })).toBeNull();
    expect(paginationFor(key("ArrowLeft"), { tagName: "DIV", isContentEditable: true })).toBeNull();
    expect(paginationFor(key("ArrowRight", { altKey: true }), null)).toBeNull();
    expect(paginationFor(key("ArrowRight", { metaKey: true }), null)).toBeNull();
  });
});

describe("search shortcut", () => {
  it("is Ctrl K or ⌘K on every platform; the hint names the platform's usual one", () => {
    expect(isApplePlatform("MacIntel")).toBe(true);
    expect(isApplePlatform("Linux x86_64")).toBe(false);
    expect(isSearchShortcut(key("k", { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key("k", { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key("K", { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key("k"))).toBe(false);
    expect(isSearchShortcut(key("k", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key("k", { metaKey: true, altKey: true }))).toBe(false);
  });
  it("'/' opens search, except in a field or with a modifier", () => {
    expect(isSlashShortcut(key("/"), { tagName: "BODY" })).toBe(true);
    expect(isSlashShortcut(key("/"), { tagName: "INPUT" })).toBe(false);
    expect(isSlashShortcut(key("/", { ctrlKey: true }), null)).toBe(false);
  });
});
