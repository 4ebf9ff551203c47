/**
 * Every TypeScript/TSX snippet of the docs type-checks against the pinned @aptos-labs/ts-sdk,
 * @moveindustries/ts-sdk (Movement's fork) and @aptos-labs/wallet-adapter-react, so a renamed API
 * or a wrong argument fails the tests.
 */
import { describe, expect, it } from "vitest";
import { allFences } from "./fences";
import { checkSnippets, TS_LANGS } from "./snippet-program";

describe("TypeScript snippets in the content", () => {
  const fences = allFences().filter((f) => TS_LANGS.has(f.lang));

  it("are found on the pages", () => {
    expect(fences.length).toBeGreaterThan(30);
    // The TypeScript SDK page leads with Movement's fork, so its fences are checked against it.
    const fork = fences.filter((f) => f.code.includes('from "@moveindustries/ts-sdk"'));
    expect(fork.map((f) => f.page)).toContain("devs/interactonchain/tsSdk.mdx");
  });

  it("type-check against the pinned SDKs and wallet adapter", () => {
    const problems = checkSnippets(fences);
    expect(problems.map((p) => `${p.where}: ${p.message}`)).toEqual([]);
  }, 180_000);

  it("avoid calls that type-check but cannot work on Movement", () => {
    // The Aptos SDK's fundAccount posts to the faucet's /fund route, which Movement's faucets do not
    // serve (they answer /mint; the Movement fork's fundAccount calls /mint and may be used), though
    // the CLI's local network faucet does (Network.LOCAL); signMessageAndVerify rejects every network
    // the adapter does not know as Aptos's.
    const unusable = (code: string) =>
      /\bsignMessageAndVerify\(/.test(code) ||
      (/\.fundAccount\(/.test(code) &&
        !code.includes('from "@moveindustries/ts-sdk"') &&
        !/\bNetwork\.LOCAL\b/.test(code));
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

  it("report a call the Movement fork renamed, at its page and line", () => {
    // The fork names the MOVE balance reader getAccountMOVEAmount; the Aptos name must not compile.
    const fence = (code: string) => ({ page: "devs/fork.mdx", line: 3, lang: "ts", meta: 'title="fork.ts"', code });
    const head = 'import { Movement, MovementConfig, Network } from "@moveindustries/ts-sdk";\n';
    const client = "const movement = new Movement(new MovementConfig({ network: Network.TESTNET }));\n";
    const renamed = checkSnippets([
      fence(`${head}${client}await movement.getAccountAPTAmount({ accountAddress: "0x1" });`),
    ]);
    expect(renamed.map((p) => p.where)).toEqual([expect.stringMatching(/^content\/docs\/devs\/fork\.mdx:3 /)]);
    expect(renamed[0]!.message).toMatch(/getAccountAPTAmount/);
    const right = checkSnippets([
      fence(`${head}${client}await movement.getAccountMOVEAmount({ accountAddress: "0x1" });`),
    ]);
    expect(right).toEqual([]);
  }, 120_000);
});
