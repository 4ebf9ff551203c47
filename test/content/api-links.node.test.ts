/**
 * Every REST path of the node API written on a page (`/v1/…` in a URL, or `GET /…` / `POST /…`, in
 * prose or code) links the reference page of its operation, so a reader is one click from it.
 */
import { describe, expect, it } from "vitest";
import { pageFiles, readPage } from "./fences";
import { apiOperations, restPathsIn, unlinkedRestPaths } from "./rest-paths";

const ops = apiOperations();

describe("REST paths on content pages", () => {
  it("each link the page of their operation", () => {
    const unlinked = pageFiles().flatMap((page) => unlinkedRestPaths(page, readPage(page), ops));
    expect(unlinked).toEqual([]);
  });
});

describe("finding REST paths", () => {
  it("reads methods, /v1 paths and URLs, maps them to operations, and ignores a bare base URL", () => {
    const routes = (text: string) => restPathsIn(text, 1, false, ops).map((p) => p.operations.map((o) => o.route));
    expect(routes("Call `GET /accounts/{address}/resources` first.")).toEqual([["/api/node/get-account-resources"]]);
    expect(routes("curl https://mainnet.movementnetwork.xyz/v1/accounts/0x1?ledger_version=5")).toEqual([
      ["/api/node/get-account"],
    ]);
    expect(routes("POST /v1/transactions/simulate, then POST /v1/transactions.")).toEqual([
      ["/api/node/simulate-transaction"],
      ["/api/node/submit-transaction"],
    ]);
    expect(routes("GET /v1/ answers with the ledger summary")).toEqual([["/api/node/get-ledger-info"]]);
    expect(routes("The base URL is https://mainnet.movementnetwork.xyz/v1 (or /v1/).")).toEqual([]);
    expect(routes("See /devs/networkEndpoints and GET /nothing/here.")).toEqual([]);
  });

  it("fails a path whose paragraph does not link its operation, and passes when it does", () => {
    const unlinked = "Read the balance with `GET /v1/accounts/{address}/resources`.\n";
    expect(unlinkedRestPaths("a.mdx", unlinked, ops)).toEqual([
      "a.mdx:1: GET /v1/accounts/{address}/resources (prose) does not link /api/node/get-account-resources",
    ]);
    const linked = "Read them with [`GET /v1/accounts/{address}/resources`](/api/node/get-account-resources).\n";
    expect(unlinkedRestPaths("a.mdx", linked, ops)).toEqual([]);
    // A link in another paragraph does not count for prose.
    expect(unlinkedRestPaths("a.mdx", `${unlinked}\n[resources](/api/node/get-account-resources)\n`, ops)).toHaveLength(
      1,
    );
  });

  it("accepts a link anywhere on the page for a path in a code block", () => {
    const code = "```sh\ncurl https://mainnet.movementnetwork.xyz/v1/transactions/by_hash/0xabc\n```\n";
    expect(unlinkedRestPaths("b.mdx", code, ops)).toEqual([
      "b.mdx:2: https://mainnet.movementnetwork.xyz/v1/transactions/by_hash/0xabc (code) does not link /api/node/get-transaction-by-hash",
    ]);
    expect(unlinkedRestPaths("b.mdx", `See [the lookup](/api/node/get-transaction-by-hash).\n\n${code}`, ops)).toEqual(
      [],
    );
  });
});
