/** <NetworkTable> and <NetworkFact> are filled from content/networks.yaml, and mistakes fail the build. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TreeNode } from "../../common/tree";
import { fillNetworkFacts, loadNetworks } from "../../common/build/networks";
import type { BuiltPage } from "../../common/build/pages";
import { treeToHtml } from "../../common/build/hast";

const ROOT = path.resolve(import.meta.dirname, "../..");
const page = (tree: TreeNode[]): BuiltPage => ({
  route: "/x",
  title: "X",
  description: "",
  sidebar: null,
  source: "x.mdx",
  tree,
});

describe("network facts in pages", () => {
  it("puts the table's values into the page tree", async () => {
    const networks = await loadNetworks(path.join(ROOT, "content/networks.yaml"));
    const testnet = networks.networks.find((n) => n.id === "testnet")!;
    const p = page([
      ["p", null, "RPC: ", ["NetworkFact", { network: "testnet", fact: "rpc" }], "."],
      ["p", null, ["NetworkFact", { network: "testnet", fact: "explorer" }, "the explorer"]],
      ["NetworkTable", { network: "testnet" }],
    ]);
    const errors: string[] = [];
    fillNetworkFacts([p], networks, (m) => errors.push(m));
    // The table's rows are plain HTML inside the component's element.
    const [first, second, table] = p.tree as [TreeNode, TreeNode, TreeNode[]];
    const html = treeToHtml([first, second, ...(table.slice(2) as TreeNode[])]);
    expect(errors).toEqual([]);
    expect(html).toContain(`<code>${testnet.rpc}</code>`);
    expect(html).toContain(`>the explorer</a>`);
    expect(html).toContain(`<td>Chain ID</td><td><code>${testnet.chainId}</code></td>`);
  });

  it("names the file and the unknown network or fact", async () => {
    const networks = await loadNetworks(path.join(ROOT, "content/networks.yaml"));
    const errors: string[] = [];
    fillNetworkFacts(
      [
        page([
          ["NetworkFact", { network: "moonnet", fact: "rpc" }],
          ["NetworkFact", { network: "mainnet", fact: "faucet" }],
          ["NetworkFact", { network: "mainnet", fact: "rcp" }],
        ]),
      ],
      networks,
      (m) => errors.push(m),
    );
    expect(errors).toEqual([
      'content/docs/x.mdx: <NetworkFact network="moonnet"> names no network of content/networks.yaml',
      "content/docs/x.mdx: mainnet has no faucet in content/networks.yaml",
      'content/docs/x.mdx: <NetworkFact fact="rcp"> is not one of name, chainId, rpc, faucet, faucetPage, indexer, graphiql, explorer, bridge, daSequencer',
    ]);
  });

  it("shows an internal network as internal, in its own table and beside the others", async () => {
    const networks = await loadNetworks(path.join(ROOT, "content/networks.yaml"));
    const internal = networks.networks.find((n) => n.status === "internal")!;
    const p = page([
      ["NetworkTable", { network: internal.id }],
      ["NetworkTable", {}],
    ]);
    fillNetworkFacts([p], networks, () => {});
    const [one, all] = p.tree as unknown as [TreeNode[], TreeNode[]];
    const own = treeToHtml(one.slice(2) as TreeNode[]);
    const side = treeToHtml(all.slice(2) as TreeNode[]);
    expect(own).toContain("<td>Access</td><td>Internal (Movement's own testing)</td>");
    expect(side).toContain("<th>Access</th>");
    expect(side).toContain(`<td>${internal.name}</td>`);
    expect(side.match(/<td>Public<\/td>/g)?.length).toBe(networks.networks.length - 1);
  });

  it("gives a site without content/networks.yaml no networks instead of failing", async () => {
    expect(await loadNetworks(path.join(ROOT, "test/no-such-networks.yaml"))).toEqual({ networks: [], otherUrls: [] });
  });
});
