import { describe, expect, it } from "vitest";
import { localeUrl } from "./locale-url";

describe("localeUrl", () => {
  it("keeps the default locale at the base URL and prefixes others", () => {
    expect(localeUrl({ path: "/devs/faq", locale: "en", defaultLocale: "en", baseUrl: "/" })).toBe("/devs/faq");
    expect(localeUrl({ path: "/devs/faq", locale: "fr", defaultLocale: "en", baseUrl: "/" })).toBe("/fr/devs/faq");
    expect(
      localeUrl({ path: "/fr/devs/faq", locale: "en", currentLocale: "fr", defaultLocale: "en", baseUrl: "/" }),
    ).toBe("/devs/faq");
    expect(localeUrl({ path: "/docs/x", locale: "de", defaultLocale: "en", baseUrl: "/docs" })).toBe("/docs/de/x");
  });
  it("produces fully qualified URLs on request", () => {
    expect(
      localeUrl({
        path: "/",
        locale: "en",
        defaultLocale: "en",
        baseUrl: "/",
        origin: "https://docs.movementnetwork.xyz",
      }),
    ).toBe("https://docs.movementnetwork.xyz/");
  });
});
