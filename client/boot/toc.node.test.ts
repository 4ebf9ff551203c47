import { describe, expect, it } from "vitest";
import { activeHeading, scrollToShow } from "./toc";

// A 700 px window whose activation line is 76 px down, on a page 3,000 px tall (maxY 2,300).
const view = (y: number) => ({ y, maxY: 2300, height: 700, line: 76 });
// Long sections, then three short ones at the end that never reach the line.
const tops = [100, 900, 1700, 2500, 2620, 2740];

describe("activeHeading", () => {
  it("is the first heading before any reaches the line", () => {
    expect(activeHeading(tops, view(0))).toBe(0);
  });

  it("is the last heading at or above the line", () => {
    expect(activeHeading(tops, view(900 - 76))).toBe(1);
    expect(activeHeading(tops, view(900 - 76 - 10))).toBe(0);
  });

  it("makes the last heading active at the bottom of the page", () => {
    expect(activeHeading(tops, view(2300))).toBe(tops.length - 1);
  });

  it("makes every heading active in turn, in page order, while the page scrolls down", () => {
    const seen: number[] = [];
    for (let y = 0; y <= 2300; y += 10) {
      const i = activeHeading(tops, view(y));
      if (seen.at(-1) !== i) seen.push(i);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("keeps the line under the navbar on a page that does not scroll", () => {
    expect(activeHeading([100, 300], { y: 0, maxY: 0, height: 700, line: 76 })).toBe(0);
  });
});

describe("scrollToShow", () => {
  const visible = { top: 100, bottom: 500 };
  it("is 0 for an entry in view", () => {
    expect(scrollToShow({ top: 200, bottom: 220 }, visible)).toBe(0);
  });
  it("scrolls down to an entry below, with room to spare", () => {
    expect(scrollToShow({ top: 530, bottom: 550 }, visible, 8)).toBe(58);
  });
  it("scrolls up to an entry above", () => {
    expect(scrollToShow({ top: 60, bottom: 80 }, visible, 8)).toBe(-48);
  });
});
