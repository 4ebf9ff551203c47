/** The network table as the build stores it for the worker (content/networks.yaml, validated). */
export interface NetworkInfo {
  id: string;
  name: string;
  /** "internal": a network Movement runs for its own testing, not a public one. */
  status?: "public" | "internal";
  chainId: number;
  rpc: string;
  faucet?: string;
  faucetPage?: string;
  indexer?: string;
  explorer?: string;
  explorerNetwork?: string;
  bridge?: string;
  daSequencer?: string;
}

/** Where the build writes the table (JSON `{ networks: NetworkInfo[] }`), when the site has one. */
export const NETWORKS_FILE = "/networks.json";
