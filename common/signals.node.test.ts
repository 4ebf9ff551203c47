/** The rules every signal passes before it is stored: queries normalised, text cleaned and redacted, versions read. */
import { describe, expect, it } from "vitest";
import {
  asksNotToRecord,
  cleanText,
  dayOf,
  headersAskNotToRecord,
  normalizeQuery,
  redact,
  versionOfFacetFilters,
} from "./signals";

describe("normalizeQuery", () => {
  it("lower-cases, collapses spaces and trims", () => {
    expect(normalizeQuery("  Faucet   URL ")).toBe("faucet url");
    expect(normalizeQuery("Ｆａｕｃｅｔ")).toBe("faucet");
  });

  it("counts nothing for a query without a letter or digit", () => {
    expect(normalizeQuery("   ")).toBe("");
    expect(normalizeQuery("?!--")).toBe("");
  });

  it("cuts a long query to 64 characters", () => {
    expect(Array.from(normalizeQuery("é".repeat(100)))).toHaveLength(64);
  });

  it("never keeps an e-mail, account address, key or IP address", () => {
    expect(normalizeQuery("balance of 0x1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d")).toBe("balance of [address]");
    expect(normalizeQuery("mail me at ana@example.org")).toBe("mail me at [email]");
    expect(normalizeQuery("node at 192.168.1.20")).toBe("node at [ip]");
    // A short address such as a module's stays: it names code, not a person.
    expect(normalizeQuery("0x1::coin::transfer")).toBe("0x1::coin::transfer");
  });
});

describe("cleanText", () => {
  it("drops control characters, keeps newlines, cuts to the limit in code points", () => {
    expect(cleanText("a\u0000b\nc\u0007", 500)).toBe("ab\nc");
    expect(cleanText("😀".repeat(600), 500)).toBe("😀".repeat(500));
  });

  it("redacts keys pasted into a note", () => {
    expect(redact(`my key ${"ab".repeat(32)} fails`)).toBe("my key [key] fails");
  });
});

describe("versionOfFacetFilters", () => {
  it("reads the docs tag of DocSearch's contextual filters", () => {
    expect(
      versionOfFacetFilters(["language:en", ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]]),
    ).toBe("current");
    expect(versionOfFacetFilters(["docusaurus_tag:docs-default-1.2"])).toBe("1.2");
  });

  it("is current when no filter names a version, or one is malformed", () => {
    expect(versionOfFacetFilters(undefined)).toBe("current");
    expect(versionOfFacetFilters(["docusaurus_tag:docs-default-<script>"])).toBe("current");
  });
});

describe("privacy requests", () => {
  it("Global Privacy Control or Do Not Track turns recording off", () => {
    expect(asksNotToRecord({ globalPrivacyControl: true })).toBe(true);
    expect(asksNotToRecord({ doNotTrack: "1" })).toBe(true);
    expect(asksNotToRecord({ globalPrivacyControl: false, doNotTrack: "unspecified" })).toBe(false);
    expect(headersAskNotToRecord(new Headers({ "Sec-GPC": "1" }))).toBe(true);
    expect(headersAskNotToRecord(new Headers({ DNT: "1" }))).toBe(true);
    expect(headersAskNotToRecord(new Headers({ DNT: "0" }))).toBe(false);
  });
});

it("days are UTC dates", () => {
  expect(dayOf(Date.UTC(2026, 6, 1, 23, 59))).toBe("2026-07-01");
});
