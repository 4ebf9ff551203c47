/**
 * The network table (content/networks.yaml): loads and validates it, and fills <NetworkTable> and
 * <NetworkFact> in page trees at build time, so endpoints are in the page HTML and the search index.
 */
import { readFile } from "node:fs/promises";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { TreeElement, TreeNode } from "../tree";
import { isElement } from "../tree";
import type { BuiltPage } from "./pages";

const url = z.url({ protocol: /^https$/ });

const networkSchema = z.strictObject({
  id: z.string().regex(/^[a-z]+$/),
  name: z.string().min(1),
  // A network Movement runs for its own testing is "internal": shown as such, never as public.
  status: z.enum(["public", "internal"]).optional(),
  chainId: z.number().int().positive(),
  rpc: url,
  faucet: url.optional(),
  faucetPage: url.optional(),
  indexer: url.optional(),
  explorer: url.optional(),
  explorerNetwork: z.string().optional(),
  bridge: url.optional(),
  // The 2025 network's DA-Sequencer: optional so that an older docs version's table still loads.
  daSequencer: url.optional(),
});

const tableSchema = z.strictObject({
  networks: z.array(networkSchema).min(1),
  otherUrls: z.array(url).default([]),
});

export type Network = z.infer<typeof networkSchema>;
export type NetworkTable = z.infer<typeof tableSchema>;

/** What a page may ask for: each fact's row label and how it is shown. */
const FACTS = {
  name: { label: "Network", show: "text" },
  chainId: { label: "Chain ID", show: "code" },
  rpc: { label: "REST/RPC", show: "code" },
  faucet: { label: "Faucet endpoint (API and CLI)", show: "code" },
  faucetPage: { label: "Faucet web page", show: "link" },
  indexer: { label: "Indexer (GraphQL)", show: "code" },
  graphiql: { label: "Indexer explorer (GraphiQL)", show: "link" },
  explorer: { label: "Explorer", show: "link" },
  bridge: { label: "Bridge", show: "link" },
  daSequencer: { label: "DA-Sequencer", show: "code" },
} as const;
export type FactName = keyof typeof FACTS;
const TABLE_ROWS: FactName[] = ["chainId", "rpc", "faucet", "faucetPage", "indexer", "graphiql", "explorer", "bridge"];

export class NetworkTableError extends Error {}

export async function loadNetworks(file: string, label = "content/networks.yaml"): Promise<NetworkTable> {
  let raw: unknown;
  try {
    raw = parseYaml(await readFile(file, "utf8"));
  } catch (e) {
    // A site without the file has no networks; a page that names one then fails the build.
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { networks: [], otherUrls: [] };
    throw new NetworkTableError(`${label}: ${(e as Error).message}`);
  }
  const parsed = tableSchema.safeParse(raw);
  if (!parsed.success)
    throw new NetworkTableError(
      parsed.error.issues.map((i) => `${label}: ${i.path.join(".") || "(root)"}: ${i.message}`).join("\n"),
    );
  return parsed.data;
}

/** A fact's value as text, or undefined when the network has no such service. */
export function factOf(network: Network, fact: FactName): string | undefined {
  if (fact === "graphiql")
    return network.indexer && `https://cloud.hasura.io/public/graphiql?endpoint=${encodeURIComponent(network.indexer)}`;
  const value = network[fact];
  return value === undefined ? undefined : String(value);
}

function shown(fact: FactName, value: string, network: Network, text: TreeNode[] = []): TreeNode {
  const how = FACTS[fact].show;
  // Given link text (<NetworkFact …>text</NetworkFact>), any URL fact becomes a link.
  if (text.length && how !== "text" && fact !== "chainId") return ["a", { href: value }, ...text];
  if (how === "code") return ["code", null, value];
  if (how === "link") {
    const label =
      fact === "graphiql"
        ? `Open ${network.name} in Hasura GraphiQL`
        : value.replace(/^https:\/\//, "").replace(/\/$/, "");
    return ["a", { href: value }, label];
  }
  return value;
}

const row = (cells: TreeNode[][], tag: "td" | "th" = "td"): TreeElement => [
  "tr",
  null,
  ...cells.map((c): TreeElement => [tag, null, ...c]),
];

function table(head: string[], rows: TreeNode[][][]): TreeElement {
  return [
    "table",
    { tabIndex: 0 },
    [
      "thead",
      null,
      row(
        head.map((h) => [h]),
        "th",
      ),
    ],
    ["tbody", null, ...rows.map((r) => row(r))],
  ];
}

/** Replaces each <NetworkFact> with its value and gives each <NetworkTable> its rows. */
export function fillNetworkFacts(pages: BuiltPage[], networks: NetworkTable, fail: (message: string) => void): void {
  const byId = new Map(networks.networks.map((n) => [n.id, n]));
  for (const page of pages) {
    const where = page.source ? `content/docs/${page.source}` : page.route;
    const find = (id: unknown, tag: string): Network | undefined => {
      const n = byId.get(String(id));
      if (!n) fail(`${where}: <${tag} network="${String(id)}"> names no network of content/networks.yaml`);
      return n;
    };
    // Walks in place: `nodes` is the page tree or an element, whose children start at `from`.
    const visit = (nodes: TreeNode[], from: number): void => {
      for (let i = from; i < nodes.length; i++) {
        const el = nodes[i];
        if (!isElement(el)) continue;
        const props = el[1] ?? {};
        if (el[0] === "NetworkFact") {
          const network = find(props.network, "NetworkFact");
          const fact = String(props.fact ?? "") as FactName;
          if (!network) continue;
          if (!(fact in FACTS)) {
            fail(`${where}: <NetworkFact fact="${fact}"> is not one of ${Object.keys(FACTS).join(", ")}`);
            continue;
          }
          const value = factOf(network, fact);
          if (value === undefined) fail(`${where}: ${network.id} has no ${fact} in content/networks.yaml`);
          // Plain nodes, not a component: search and the Markdown twin read them as the sentence's text.
          else nodes[i] = shown(fact, value, network, el.slice(2) as TreeNode[]);
          continue;
        }
        if (el[0] === "NetworkTable") {
          nodes[i] = ["NetworkTable", props, networkTable(props.network, networks, find)];
          continue;
        }
        visit(el as unknown as TreeNode[], 2);
      }
    };
    visit(page.tree, 0);
  }
}

const ACCESS_LABEL = { public: "Public", internal: "Internal (Movement's own testing)" } as const;
const accessOf = (n: Network) => ACCESS_LABEL[n.status ?? "public"];

function networkTable(
  id: unknown,
  networks: NetworkTable,
  find: (id: unknown, tag: string) => Network | undefined,
): TreeElement {
  if (id === undefined) {
    // Every network side by side: name, chain ID, REST/RPC, and who it is for once one is internal.
    const facts: FactName[] = ["chainId", "rpc"];
    const access = networks.networks.some((n) => n.status === "internal");
    return table(
      ["Network", ...facts.map((f) => FACTS[f].label), ...(access ? ["Access"] : [])],
      networks.networks.map((n) => [
        [n.name],
        ...facts.map((f) => [shown(f, factOf(n, f)!, n)]),
        ...(access ? [[accessOf(n)]] : []),
      ]),
    );
  }
  const network = find(id, "NetworkTable");
  if (!network) return ["p", null];
  const rows = TABLE_ROWS.flatMap((f) => {
    const value = factOf(network, f);
    return value === undefined ? [] : [[[FACTS[f].label], [shown(f, value, network)]]];
  });
  if (network.status === "internal") rows.unshift([["Access"], [accessOf(network)]]);
  return table(["Resource", "Value"], rows);
}
