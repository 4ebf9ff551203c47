/** The search-result URL processor: where a click on a search result leads. */
import { describe, expect, it } from "vitest";
import { processSearchResultUrl, searchResultUrlProcessor } from "./search-url";

describe("search result URLs", () => {
  it("turns an internal absolute URL into path + hash", () => {
    expect(
      processSearchResultUrl("https://docs.movementnetwork.xyz/general/UsingMovement/faucet#use-the-web-faucet", {}),
    ).toBe("/general/UsingMovement/faucet#use-the-web-faucet");
    expect(processSearchResultUrl("https://docs.movementnetwork.xyz/devs/faq", {})).toBe("/devs/faq");
  });

  it("drops the query string and keeps relative URLs as path + hash", () => {
    expect(processSearchResultUrl("https://docs.movementnetwork.xyz/devs/faq?ref=x#fees", {})).toBe("/devs/faq#fees");
    expect(processSearchResultUrl("/devs/faq#fees", {})).toBe("/devs/faq#fees");
  });

  it("leaves URLs matching externalUrlRegex unchanged", () => {
    const toHref = searchResultUrlProcessor({ externalUrlRegex: "movementlabsxyz\\.github\\.io|aptos\\.dev" });
    expect(toHref("https://movementlabsxyz.github.io/MIP/mip-1?x=1#intro")).toBe(
      "https://movementlabsxyz.github.io/MIP/mip-1?x=1#intro",
    );
    expect(toHref("https://aptos.dev/en/build")).toBe("https://aptos.dev/en/build");
    expect(toHref("https://docs.movementnetwork.xyz/devs/faq")).toBe("/devs/faq");
  });

  it("applies replaceSearchResultPathname to the path of internal URLs only, every match", () => {
    const toHref = searchResultUrlProcessor({
      externalUrlRegex: "^https://external\\.example",
      replaceSearchResultPathname: { from: "/docs/", to: "/" },
    });
    expect(toHref("https://docs.movementnetwork.xyz/docs/devs/docs/faq#docs/x")).toBe("/devs/faq#docs/x");
    expect(toHref("https://external.example/docs/page")).toBe("https://external.example/docs/page");
  });

  it("supports regular expressions with groups in the replacement", () => {
    const toHref = searchResultUrlProcessor({
      replaceSearchResultPathname: { from: "^/v(\\d+)/", to: "/version-$1/" },
    });
    expect(toHref("https://docs.example/v2/devs/faq")).toBe("/version-2/devs/faq");
  });

  it("ignores an invalid regular expression instead of breaking search", () => {
    const toHref = searchResultUrlProcessor({
      externalUrlRegex: "([",
      replaceSearchResultPathname: { from: "([", to: "" },
    });
    expect(toHref("https://docs.movementnetwork.xyz/devs/faq#a")).toBe("/devs/faq#a");
  });

  it("leaves non-web URLs alone", () => {
    expect(processSearchResultUrl("mailto:docs@example.com", {})).toBe("mailto:docs@example.com");
  });
});
