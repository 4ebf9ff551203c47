import { describe, expect, it } from "vitest";
import { prefetchAllowed, shouldIntercept } from "./navigation";

const here = new URL("https://docs.example.test/devs/faq");
const click = (href: string, extra: Partial<Parameters<typeof shouldIntercept>[0]> = {}) =>
  shouldIntercept({ href, target: "", download: false, button: 0, modifier: false, ...extra }, here);

describe("shouldIntercept", () => {
  it("handles plain clicks on pages of the site", () => {
    expect(click("/devs/getstarted")?.pathname).toBe("/devs/getstarted");
    expect(click("/general/Introduction/#vision")?.hash).toBe("#vision");
  });
  it("leaves other clicks to the browser", () => {
    expect(click("https://github.com/x")).toBeNull();
    expect(click("/devs/getstarted", { target: "_blank" })).toBeNull();
    expect(click("/devs/getstarted", { modifier: true })).toBeNull();
    expect(click("/devs/getstarted", { button: 1 })).toBeNull();
    expect(click("/_assets/abc.svg")).toBeNull();
    expect(click("/sitemap.xml")).toBeNull();
    expect(click("#section")).toBeNull();
  });
});

describe("prefetchAllowed", () => {
  it("respects data saving and slow connections", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
    expect(prefetchAllowed({ saveData: true })).toBe(false);
  });
});
