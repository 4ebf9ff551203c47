/** The "Try it" section of operation pages: the island's marker, its props, and its fallback without JavaScript. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { walkElements } from "../../common/tree-walk";
import type { TreeElement } from "../../common/tree";
import type { ApiExplorerProps } from "../../client/islands/api-explorer/props";
import { Tree } from "../../client/render/TreeRenderer";
import { REPO_ROOT } from "../../test/helpers/spec-fixtures";
import { generateApiReference, type ApiReference } from "./index";

let ref: ApiReference;
beforeAll(async () => {
  ref = await generateApiReference(REPO_ROOT);
});

const treeOf = (route: string) => ref.pages.find((p) => p.route === route)!.tree;
function mountOf(route: string): TreeElement {
  let found: TreeElement | undefined;
  walkElements(treeOf(route), (el) => {
    if (el[0] === "ApiExplorerMount") found = el;
  });
  if (!found) throw new Error(`no explorer on ${route}`);
  return found;
}
const propsOf = (route: string) => mountOf(route)[1] as unknown as ApiExplorerProps;
const islandProps = (html: string) =>
  JSON.parse(
    /data-island-props="([^"]*)"/
      .exec(html)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  ) as ApiExplorerProps;

describe("the Try it section", () => {
  it("is on every operation page, after the code samples, with the networks of the document", () => {
    const operations = ref.pages.filter(
      (p) =>
        !["/api/node/movement-labs-node-api", "/api/node/what-changed"].includes(p.route) &&
        !p.route.endsWith("-type") &&
        !["accounts", "blocks", "events", "general", "tables", "transactions"].some(
          (t) => p.route === `/api/node/${t}`,
        ),
    );
    expect(operations).toHaveLength(28);
    for (const p of operations) {
      const ids = p.tree.filter((n): n is TreeElement => Array.isArray(n) && n[0] === "h2").map((n) => n[1]?.id);
      expect(ids.indexOf("try-it"), p.route).toBe(ids.indexOf("code-samples") + 1);
      expect(propsOf(p.route).servers).toEqual([
        { name: "Movement Mainnet", url: "https://mainnet.movementnetwork.xyz/v1" },
        { name: "Movement Testnet", url: "https://testnet.movementnetwork.xyz/v1" },
      ]);
    }
  });

  it("gives the explorer the parameters with what the form needs, and the Accept choices", () => {
    const { servers: _, ...props } = propsOf("/api/node/get-account-transactions");
    expect(props).toEqual({
      method: "GET",
      path: "/accounts/{address}/transactions",
      params: [
        { name: "address", in: "path", required: true, example: "0x1" },
        { name: "start", in: "query", format: "uint64", example: "0" },
        { name: "limit", in: "query", type: "integer", example: "25" },
      ],
      accept: ["application/json", "application/x-bcs"],
    });
  });

  it("covers the operations the Movement L1 build added", () => {
    const props = (route: string) => {
      const { servers: _, ...rest } = propsOf(route);
      return rest;
    };
    expect(props("/api/node/get-account-balance")).toEqual({
      method: "GET",
      path: "/accounts/{address}/balance/{asset_type}",
      params: [
        { name: "address", in: "path", required: true, example: "0x1" },
        { name: "asset_type", in: "path", required: true, example: "0x1::aptos_coin::AptosCoin" },
        { name: "ledger_version", in: "query", format: "uint64", example: "2500000" },
      ],
      accept: ["application/json", "application/x-bcs"],
    });
    expect(props("/api/node/get-account-transaction-summaries").params).toEqual([
      { name: "address", in: "path", required: true, example: "0x1" },
      { name: "start_version", in: "query", format: "uint64", example: "2500000" },
      { name: "end_version", in: "query", format: "uint64", example: "2600000" },
      { name: "limit", in: "query", type: "integer", example: "25" },
    ]);
    expect(props("/api/node/info")).toEqual({ method: "GET", path: "/info", accept: ["application/json"] });
  });

  it("passes a short body example in the props, and points to the page's example block for a long one", () => {
    expect(propsOf("/api/node/view").body).toEqual({
      required: true,
      types: ["application/json", "application/x.aptos.view_function+bcs"],
      example: expect.objectContaining({ function: "0x1::coin::balance" }),
    });
    const submit = propsOf("/api/node/submit-transaction").body!;
    expect(submit.example).toBeUndefined();
    expect(submit.exampleFrom).toBe("request-example-application-json");
    let block: TreeElement | undefined;
    walkElements(treeOf("/api/node/submit-transaction"), (el) => {
      if (el[1]?.id === submit.exampleFrom) block = el;
    });
    expect(block?.[0]).toBe("details");
    // What the island reads: the block's code as text.
    let pre: TreeElement | undefined;
    walkElements([block!], (el) => {
      if (el[0] === "pre") pre = el;
    });
    const code = renderToStaticMarkup(createElement(Tree, { nodes: [pre!] }))
      .replace(/<[^>]+>/g, "")
      .replace(/&quot;/g, '"');
    expect(JSON.parse(code)).toMatchObject({ sender: expect.stringMatching(/^0x/), payload: expect.any(Object) });
  });

  it("renders a marker that loads on interaction, with the request line and a note as the fallback, marked human-only", () => {
    const html = renderToStaticMarkup(createElement(Tree, { nodes: [mountOf("/api/node/get-account")] }));
    expect(html).toMatch(
      /^<div class="api-try" data-markdown-ignore="" data-island="ApiExplorer" data-island-on="interaction" data-island-props="/,
    );
    expect(islandProps(html)).toEqual(propsOf("/api/node/get-account"));
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("GET https://mainnet.movementnetwork.xyz/v1/accounts/{address}");
    expect(text).toContain("needs JavaScript; the curl sample above sends the same request.");
    expect(html).toContain(
      '<button type="button" class="button api-try-toggle" aria-expanded="false">Open the explorer</button>',
    );
  });
});
