/** get_network_info: a Movement network's chain ID and endpoints, from the build's network table. */
import * as z from "zod";
import { NETWORKS_FILE, type NetworkInfo } from "../../../client/contracts/networks";
import { ToolFailure } from "../live-docs";
import { capped, defineTool } from "./define";

/** Each fact's label, in the order shown. */
const FACTS: [keyof NetworkInfo, string][] = [
  ["chainId", "Chain ID"],
  ["rpc", "REST/RPC"],
  ["faucet", "Faucet endpoint (API and CLI)"],
  ["faucetPage", "Faucet web page"],
  ["indexer", "Indexer (GraphQL)"],
  ["explorer", "Explorer"],
  ["bridge", "Bridge"],
  ["daSequencer", "DA-Sequencer"],
];

function describe(n: NetworkInfo): string {
  const lines = FACTS.flatMap(([key, label]) => (n[key] === undefined ? [] : [`- ${label}: ${String(n[key])}`]));
  return [`# ${n.name} (${n.id})`, "", ...lines, "", "```json", JSON.stringify(n, null, 2), "```"].join("\n");
}

export const getNetworkInfo = defineTool({
  name: "get_network_info",
  title: "Get a network's chain ID and endpoints",
  description:
    "Returns the chain ID and the RPC, faucet, indexer and explorer URLs of a Movement network, e.g. mainnet or testnet. A fact the network does not have is left out.",
  input: z.strictObject({
    network: z
      .string()
      .min(1)
      .max(100)
      .describe('The network\'s id or a word of its name, e.g. "mainnet", "testnet", "bardock"'),
  }),
  async run({ network }, docs) {
    const file = await docs.file(NETWORKS_FILE);
    const networks = file === null ? [] : (JSON.parse(file) as { networks: NetworkInfo[] }).networks;
    if (networks.length === 0) throw new ToolFailure("This site has no network table");
    const wanted = network.trim().toLowerCase();
    const found =
      networks.find((n) => n.id === wanted) ??
      networks.find((n) =>
        n.name
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .includes(wanted),
      );
    if (!found)
      throw new ToolFailure(
        `Unknown network "${network.slice(0, 100)}". The networks are: ${networks.map((n) => `${n.id} (${n.name})`).join(", ")}`,
      );
    return capped(describe(found), 0, () => "get_network_info again");
  },
});
