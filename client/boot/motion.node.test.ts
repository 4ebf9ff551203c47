import { describe, expect, it } from "vitest";
import { collapseDuration, navbarHidden } from "./motion";

describe("collapseDuration", () => {
  it("grows with the content height from about 40 ms", () => {
    expect(collapseDuration(0, false)).toBe(40);
    expect(collapseDuration(100, false)).toBeGreaterThan(collapseDuration(10, false));
    expect(collapseDuration(1_000_000, false)).toBe(400);
  });
  it("is 1 ms under reduced motion", () => {
    expect(collapseDuration(500, true)).toBe(1);
  });
});

describe("navbarHidden", () => {
  it("hides on scroll down, shows on scroll up and near the top", () => {
    expect(navbarHidden(100, 200, 60)).toBe(true);
    expect(navbarHidden(200, 150, 60)).toBe(false);
    expect(navbarHidden(200, 30, 60)).toBe(false);
    expect(navbarHidden(200, 202, 60)).toBeNull();
  });
});
