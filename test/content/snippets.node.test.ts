/**
 * Every TypeScript/TSX snippet of the docs type-checks against the pinned @aptos-labs/ts-sdk and
 * @aptos-labs/wallet-adapter-react, so a renamed API or a wrong argument fails the tests.
 */
import { describe, expect, it } from "vitest";
import { allFences } from "./fences";
import { checkSnippets, TS_LANGS } from "./snippet-program";

describe("TypeScript snippets in the content", () => {
  const fences = allFences().filter((f) => TS_LANGS.has(f.lang));

  it("are found on the pages", () => {
    expect(fences.length).toBeGreaterThan(30);
  });

  it("type-check against the pinned SDK and wallet adapter", () => {
    const problems = checkSnippets(fences);
    expect(problems.map((p) => `${p.where}: ${p.message}`)).toEqual([]);
  }, 180_000);

  it("avoid calls that type-check but cannot work on Movement", () => {
    // fundAccount posts to the faucet's /fund route, which Movement's faucets do not serve (they
    // answer /mint), though the CLI's local network faucet does (Network.LOCAL);
    // signMessageAndVerify rejects every network the adapter does not know as Aptos's.
    const unusable = (code: string) =>
      (/\.fundAccount\(/.test(code) && !/\bNetwork\.LOCAL\b/.test(code)) || /\bsignMessageAndVerify\(/.test(code);
    const found = fences.filter((f) => unusable(f.code)).map((f) => `content/docs/${f.page}:${f.line}`);
    expect(found).toEqual([]);
  });

  it("report a wrong SDK call at the page and line of its fence", () => {
    const bad = {
      page: "devs/example.mdx",
      line: 7,
      lang: "ts",
      meta: 'title="bad.ts"',
      code: 'import { Aptos } from "@aptos-labs/ts-sdk";\nexport const x: Aptos = new Aptos();\nawait x.fundAccount({ address: "0x1" });',
    };
    const problems = checkSnippets([bad]);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]!.where).toMatch(/^content\/docs\/devs\/example\.mdx:7 /);
  }, 120_000);
});
