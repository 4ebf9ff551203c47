/**
 * Network facts on the pages agree with content/networks.yaml: every Movement URL (prose and code)
 * is an endpoint of the table or under one, every chain ID named is a network's, prose draws
 * endpoints from <NetworkFact>/<NetworkTable> rather than copying them, and the site's GitHub and
 * Discord links are the ones the pages use.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { factOf, loadNetworks, type FactName, type NetworkTable } from "../../scripts/build/networks";
import { pageFiles, proseLines, readPage, ROOT } from "./fences";

const MOVEMENT_URL = /https?:\/\/[\w.-]*\b(?:movementnetwork|movementinfra|movementlabs)\.xyz\b[^\s)`"'<>\]]*/g;
const URL_FACTS: FactName[] = [
  "rpc",
  "faucet",
  "faucetPage",
  "indexer",
  "explorer",
  "bridge",
  "daSequencer",
  "graphiql",
];

let table: NetworkTable;
beforeAll(async () => {
  table = await loadNetworks(path.join(ROOT, "content/networks.yaml"));
});

function knownUrls(): string[] {
  const facts = table.networks.flatMap((n) => URL_FACTS.map((f) => factOf(n, f)).filter((u) => u !== undefined));
  return [...facts, ...table.otherUrls];
}

/** A URL is fine when it is a table URL or a path under one (an API route, an explorer page). */
function problemWith(url: string, known: string[]): string | null {
  const clean = url.replace(/[.,;:]+$/, "");
  const base = (u: string) => u.replace(/\/$/, "");
  if (!known.some((k) => clean === k || base(clean) === base(k) || clean.startsWith(base(k) + "/"))) {
    return "is not in content/networks.yaml";
  }
  const network = /[?&]network=([^&#]+)/.exec(clean)?.[1];
  const names = table.networks.map((n) => n.explorerNetwork).filter(Boolean);
  if (network && clean.includes("explorer.") && !names.includes(network))
    return `names explorer network "${network}", not one of ${names.join(", ")}`;
  return null;
}

describe("network facts on the pages", () => {
  it("name only Movement URLs from the network table", () => {
    const known = knownUrls();
    const problems: string[] = [];
    for (const page of pageFiles()) {
      readPage(page)
        .split("\n")
        .forEach((line, i) => {
          for (const [url] of line.matchAll(MOVEMENT_URL)) {
            // Template strings build the rest of the URL; only their fixed start is a fact.
            const fixed = url.split("${")[0]!;
            const problem = problemWith(fixed, known);
            if (problem) problems.push(`content/docs/${page}:${i + 1}: ${url} ${problem}`);
          }
        });
    }
    expect(problems).toEqual([]);
  });

  it("name only the chain IDs of the table, next to the right network", () => {
    const ids = new Map(table.networks.map((n) => [n.chainId, n]));
    const problems: string[] = [];
    for (const page of pageFiles()) {
      readPage(page)
        .split("\n")
        .forEach((line, i) => {
          const found = [
            ...line.matchAll(/chain[ _]?id["':\s=`]{0,4}(\d+)/gi),
            ...line.matchAll(/MAPTOS_CHAIN_ID\W{0,3}(\d+)/g),
          ];
          for (const m of found) {
            const network = ids.get(Number(m[1]));
            if (!network) problems.push(`content/docs/${page}:${i + 1}: chain ID ${m[1]} is no network's`);
            // "Mainnet, chain ID 250" or "Testnet … 126" on one line is a mix-up.
            for (const other of table.networks)
              if (other !== network && new RegExp(`${other.id}\\W{0,12}chain[ _]?id\\W{0,4}${m[1]}\\b`, "i").test(line))
                problems.push(`content/docs/${page}:${i + 1}: chain ID ${m[1]} named for ${other.name}`);
          }
        });
    }
    expect(problems).toEqual([]);
  });

  it("take endpoints and chain IDs in prose from the table, not from copies", () => {
    const endpoints = new Set(table.networks.flatMap((n) => URL_FACTS.map((f) => factOf(n, f))));
    const problems: string[] = [];
    for (const page of pageFiles()) {
      proseLines(page).forEach((raw, i) => {
        // JSX attribute values (card links) cannot hold a component.
        const line = raw.replace(/\b[\w-]+=(["'])[^"']*\1/g, "");
        for (const [url] of line.matchAll(MOVEMENT_URL))
          if (endpoints.has(url.replace(/[.,;:]+$/, "")))
            problems.push(`content/docs/${page}:${i + 1}: ${url} (use <NetworkFact>)`);
        if (/chain[ _]?id\W{0,4}`?\d/i.test(line) || /`(?:126|250|27)`/.test(line))
          problems.push(`content/docs/${page}:${i + 1}: a chain ID written by hand (use <NetworkFact fact="chainId">)`);
      });
    }
    expect(problems).toEqual([]);
  });

  it("agree with the servers of the API document (and so with the API explorer's network list)", () => {
    const doc = parseYaml(readFileSync(path.join(ROOT, "openapi/node.yaml"), "utf8")) as {
      servers?: { url: string; description?: string }[];
    };
    const problems: string[] = [];
    for (const server of doc.servers ?? []) {
      const network = table.networks.find((n) => n.rpc === server.url);
      if (!network) problems.push(`${server.url} is no network's rpc in content/networks.yaml`);
      const id = /chain ID (\d+)/.exec(server.description ?? "")?.[1];
      if (network && id && Number(id) !== network.chainId)
        problems.push(`${server.url}: chain ID ${id}, but ${network.name} has ${network.chainId}`);
    }
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it("link the GitHub organisation and Discord that the site's navbar and footer link", () => {
    const site = parseYaml(readFileSync(path.join(ROOT, "content/site.yaml"), "utf8")) as Record<string, unknown>;
    const config = JSON.stringify(site);
    const github = /https:\/\/github\.com\/([\w-]+)\/movement-docs/.exec(config)?.[1];
    const discord = /https:\/\/discord\.(?:gg|com)\/[\w/-]+/.exec(config)?.[0];
    expect(github).toBeDefined();
    const mismatches: string[] = [];
    for (const page of pageFiles()) {
      const text = readPage(page);
      for (const [, org] of text.matchAll(/github\.com\/([\w-]+)\/movement-docs/g))
        if (org !== github) mismatches.push(`${page}: github.com/${org}/movement-docs`);
      for (const [link] of text.matchAll(
        /https:\/\/discord\.(?:gg|com)\/invite\/[\w-]+|https:\/\/discord\.gg\/[\w-]+/g,
      ))
        if (link !== discord) mismatches.push(`${page}: ${link}`);
    }
    expect(mismatches).toEqual([]);
  });
});
