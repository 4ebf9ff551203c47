/**
 * Checks of network facts that a plain "is this URL in the table" test misses: a chain ID typed
 * into a Markdown table, a host that looks like Movement's but is not, and one network's URL,
 * chain ID or <NetworkFact> under another network's heading or tab. Each takes a page's text, so a
 * test can plant a wrong fact into a copy of a page and see it reported.
 */
import { factOf, type Network, type NetworkTable } from "../../common/build/networks";
import { pagePath, proseLines } from "./fences";
import { lineContexts } from "./page-context";

/** Facts whose URL belongs to one network only (the explorer is shared: its ?network= decides). */
const OWN_URL_FACTS = ["rpc", "faucet", "faucetPage", "indexer", "bridge", "daSequencer", "graphiql"] as const;
const URL = /https?:\/\/[^\s)`"'<>\]]+/g;
const CHAIN_ID = /chain[ _]?id["':\s=`]{0,4}(\d+)|MAPTOS_CHAIN_ID\W{0,3}(\d+)/gi;

const base = (u: string) => u.replace(/[.,;:]+$/, "").replace(/\/$/, "");
const where = (page: string, i: number) => `${pagePath(page)}:${i + 1}`;

/** (a) Chain IDs belong in <NetworkFact fact="chainId">: a number in a "Chain ID" column or row is a copy. */
export function chainIdsInTables(page: string, source: string): string[] {
  const problems: string[] = [];
  const lines = proseLines(page, source);
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, "")
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.trim().startsWith("|") || !/^\s*\|?[\s:|-]+\|?\s*$/.test(lines[i + 1] ?? "")) continue;
    const header = cells(lines[i]!);
    const columns = header.flatMap((h, n) => (/chain[ _-]?id/i.test(h) ? [n] : []));
    for (let j = i + 2; j < lines.length && lines[j]!.trim().startsWith("|"); j++) {
      const row = cells(lines[j]!);
      const labelled = /chain[ _-]?id/i.test(row[0] ?? "");
      row.forEach((cell, n) => {
        const bare = cell.replace(/[`*_]/g, "").trim();
        if ((columns.includes(n) || (labelled && n > 0)) && /^\d+$/.test(bare))
          problems.push(`${where(page, j)}: chain ID ${bare} typed into a table (use <NetworkFact fact="chainId">)`);
      });
      i = j;
    }
  }
  return problems;
}

/** The registrable domain: the last two labels of a host. */
const domainOf = (host: string) => host.toLowerCase().split(".").slice(-2).join(".");
const squash = (label: string) => label.toLowerCase().replace(/[^a-z]/g, "");

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** Movement's own domains: those of every URL in the network table (GraphiQL is Hasura's). */
export function movementDomains(table: NetworkTable): Set<string> {
  const facts = [...OWN_URL_FACTS.filter((f) => f !== "graphiql"), "explorer" as const];
  const urls = [...table.networks.flatMap((n) => facts.map((f) => factOf(n, f))), ...table.otherUrls];
  return new Set(urls.filter((u): u is string => !!u).map((u) => domainOf(new globalThis.URL(u).hostname)));
}

/**
 * (b) A URL whose domain is not Movement's but nearly is (`movementnetwrk.xyz`,
 * `movement-network.xyz`, `movementnetwork.com`): a typo that the table check, which only looks at
 * Movement's own domains, never sees.
 */
export function lookalikeHosts(page: string, source: string, table: NetworkTable): string[] {
  const known = movementDomains(table);
  const knownNames = [...known].map((d) => squash(d.split(".")[0]!));
  const problems: string[] = [];
  source.split("\n").forEach((line, i) => {
    for (const [url] of line.matchAll(URL)) {
      let host: string;
      try {
        host = new globalThis.URL(url).hostname;
      } catch {
        continue;
      }
      const domain = domainOf(host);
      if (known.has(domain)) continue;
      const name = squash(domain.split(".")[0]!);
      if (knownNames.some((k) => editDistance(name, k) <= 2) || name.startsWith("movement"))
        problems.push(
          `${where(page, i)}: ${host} looks like a Movement host but is not one of ${[...known].join(", ")}`,
        );
    }
  });
  return problems;
}

/** The network a URL belongs to, or undefined for shared or unknown URLs. */
export function networkOfUrl(url: string, table: NetworkTable): Network | undefined {
  const clean = base(url);
  const param = /[?&]network=([^&#]+)/.exec(clean)?.[1];
  if (param && clean.includes("://explorer.")) return table.networks.find((n) => n.explorerNetwork === param);
  const owners = table.networks.filter((n) =>
    OWN_URL_FACTS.some((f) => {
      const value = factOf(n, f);
      return value !== undefined && (clean === base(value) || clean.startsWith(base(value) + "/"));
    }),
  );
  return owners.length === 1 ? owners[0] : undefined;
}

/** The one network a heading or tab names (by id, e.g. "Mainnet"), or undefined for none or several. */
function networkNamed(text: string, table: NetworkTable): Network | undefined | "several" {
  const named = table.networks.filter((n) => new RegExp(`\\b${n.id}\\b`, "i").test(text));
  return named.length > 1 ? "several" : named[0];
}

/**
 * (c) Under a heading or in a tab that names one network, every URL, chain ID and <NetworkFact> or
 * <NetworkTable> belongs to that network. The innermost tab wins, then the innermost heading that
 * names a network; a heading naming several networks sets none.
 */
export function networkMixUps(page: string, source: string, table: NetworkTable): string[] {
  const contexts = lineContexts(source);
  const byChainId = new Map(table.networks.map((n) => [n.chainId, n]));
  const byId = new Map(table.networks.map((n) => [n.id, n]));
  const problems: string[] = [];
  source.split("\n").forEach((line, i) => {
    const context = contexts[i]!;
    let expected: Network | undefined;
    const fromTab = context.tab && networkNamed(`${context.tab.value} ${context.tab.label}`, table);
    if (fromTab && fromTab !== "several") expected = fromTab;
    else if (!fromTab)
      for (const heading of [...context.headings].reverse()) {
        const named = networkNamed(heading, table);
        if (named === undefined) continue;
        if (named !== "several") expected = named;
        break;
      }
    if (!expected || context.comment) return;
    const found: [string, Network | undefined][] = [
      ...[...line.matchAll(URL)].map(([u]): [string, Network | undefined] => [base(u), networkOfUrl(u, table)]),
      ...[...line.matchAll(CHAIN_ID)].map((m): [string, Network | undefined] => [
        `chain ID ${m[1] ?? m[2]}`,
        byChainId.get(Number(m[1] ?? m[2])),
      ]),
      ...[...line.matchAll(/<Network(?:Fact|Table)\b[^>]*\bnetwork="([^"]+)"/g)].map(
        (m): [string, Network | undefined] => [m[0], byId.get(m[1]!)],
      ),
    ];
    for (const [what, network] of found)
      if (network && network !== expected)
        problems.push(`${where(page, i)}: ${what} is ${network.name}'s, under ${expected.name}`);
  });
  return problems;
}
