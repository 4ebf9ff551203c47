/** get_network_info: a Movement network's chain ID and endpoints, from the build's network table. */
import * as z from "zod";
import { NETWORKS_FILE, type NetworkInfo } from "../../../common/networks";
import { ToolFailure } from "../live-docs";
import { defineTool } from "./define";

/**
 * Each fact shown, with its label, in order. The table's `daSequencer` is left out: it belongs to
 * the network's earlier design, and a model reading it would take it for a current endpoint.
 */
const FACTS: [keyof NetworkInfo, string][] = [
  ["chainId", "Chain ID"],
  ["rpc", "REST/RPC"],
  ["faucet", "Faucet endpoint (API and CLI)"],
  ["faucetPage", "Faucet web page"],
  ["indexer", "Indexer (GraphQL)"],
  ["explorer", "Explorer"],
  ["bridge", "Bridge"],
];

const nameWords = (n: NetworkInfo) =>
  n.name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The network a word names: its id, or a word of its name that no other network's name has
 * ("bardock"). A word every network shares ("movement") names none of them.
 */
function pick(networks: NetworkInfo[], wanted: string): NetworkInfo | null {
  const byId = networks.find((n) => n.id === wanted);
  if (byId) return byId;
  const matches = networks.filter((n) => nameWords(n).includes(wanted) || n.name.toLowerCase() === wanted);
  return matches.length === 1 ? matches[0]! : null;
}

export const getNetworkInfo = defineTool({
  name: "get_network_info",
  title: "Get a network's chain ID and endpoints",
  description:
    "Returns the chain ID and the REST/RPC, faucet, indexer, explorer and bridge URLs of one Movement network: mainnet, testnet (Bardock) or devnet. A fact the network does not have is left out.",
  input: z.strictObject({
    network: z
      .string()
      .min(1)
      .max(100)
      .describe('The network\'s id or a word of its name that only it has, e.g. "mainnet", "testnet", "bardock"'),
  }),
  async run({ network }, { docs }) {
    const file = await docs.file(NETWORKS_FILE);
    const networks = file === null ? [] : (JSON.parse(file) as { networks: NetworkInfo[] }).networks;
    if (networks.length === 0) throw new ToolFailure("This site has no network table");
    const found = pick(networks, network.trim().toLowerCase());
    if (!found)
      throw new ToolFailure(
        `No single network is called "${network.slice(0, 100)}". The networks are: ${networks.map((n) => `${n.id} (${n.name})`).join(", ")}`,
      );
    const facts = FACTS.filter(([key]) => found[key] !== undefined);
    const url = `${await docs.siteUrl()}${NETWORKS_FILE}`;
    return {
      text: [
        url,
        "",
        `# ${found.name} (${found.id})`,
        ...facts.map(([key, label]) => `- ${label}: ${String(found[key])}`),
      ].join("\n"),
      structured: {
        source: url,
        id: found.id,
        name: found.name,
        ...Object.fromEntries(facts.map(([key]) => [key, found[key]])),
      },
    };
  },
});
