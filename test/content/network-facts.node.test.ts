/**
 * Network facts on the pages agree with content/networks.yaml: every Movement URL (prose and code)
 * is an endpoint of the table or under one, every chain ID named is a network's, prose draws
 * endpoints from <NetworkFact>/<NetworkTable> rather than copying them (tables included), no URL
 * looks like Movement's without being one, each network's facts stay under its own heading or tab,
 * and the site's GitHub and Discord links are the ones the pages use. The checks that read a page's
 * text are proved by planting a wrong fact into a copy of a real page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiReference } from "../../openapi/generate";
import { factOf, loadNetworks, type FactName, type NetworkTable } from "../../common/build/networks";
import { chainIdsInTables, lookalikeHosts, networkMixUps } from "./fact-checks";
import {
  CURRENT_DOCS,
  DOCS_VERSIONS,
  pageFiles,
  pagePath,
  proseLines,
  readPage,
  ROOT,
  type DocsVersion,
} from "./fences";

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

/** The current version's table (the mutation tests plant wrong facts into its pages). */
let table: NetworkTable;
beforeAll(async () => {
  table = await loadNetworks(path.join(ROOT, CURRENT_DOCS.networks));
});

function knownUrls(table: NetworkTable): string[] {
  const facts = table.networks.flatMap((n) => URL_FACTS.map((f) => factOf(n, f)).filter((u) => u !== undefined));
  return [...facts, ...table.otherUrls];
}

/** A URL is fine when it is a table URL or a path under one (an API route, an explorer page). */
function problemWith(url: string, known: string[], table: NetworkTable, version: DocsVersion): string | null {
  const clean = url.replace(/[.,;:]+$/, "");
  const base = (u: string) => u.replace(/\/$/, "");
  if (!known.some((k) => clean === k || base(clean) === base(k) || clean.startsWith(base(k) + "/"))) {
    return `is not in ${version.networks}`;
  }
  const network = /[?&]network=([^&#]+)/.exec(clean)?.[1];
  const names = table.networks.map((n) => n.explorerNetwork).filter(Boolean);
  if (network && clean.includes("explorer.") && !names.includes(network))
    return `names explorer network "${network}", not one of ${names.join(", ")}`;
  return null;
}

describe.each(DOCS_VERSIONS.map((v) => [v.name, v] as const))(
  "network facts on the pages of version %s",
  (_, version) => {
    let table: NetworkTable;
    beforeAll(async () => {
      table = await loadNetworks(path.join(ROOT, version.networks));
    });

    it("name only Movement URLs from the version's network table", () => {
      const known = knownUrls(table);
      const problems: string[] = [];
      for (const page of pageFiles(version)) {
        readPage(page)
          .split("\n")
          .forEach((line, i) => {
            for (const [url] of line.matchAll(MOVEMENT_URL)) {
              // Template strings build the rest of the URL; only their fixed start is a fact.
              const fixed = url.split("${")[0]!;
              const problem = problemWith(fixed, known, table, version);
              if (problem) problems.push(`${pagePath(page)}:${i + 1}: ${url} ${problem}`);
            }
          });
      }
      expect(problems).toEqual([]);
    });

    it("name only the chain IDs of the table, next to the right network", () => {
      const ids = new Map(table.networks.map((n) => [n.chainId, n]));
      const problems: string[] = [];
      for (const page of pageFiles(version)) {
        readPage(page)
          .split("\n")
          .forEach((line, i) => {
            const found = [
              ...line.matchAll(/chain[ _]?id["':\s=`]{0,4}(\d+)/gi),
              ...line.matchAll(/MAPTOS_CHAIN_ID\W{0,3}(\d+)/g),
            ];
            for (const m of found) {
              const network = ids.get(Number(m[1]));
              if (!network) problems.push(`${pagePath(page)}:${i + 1}: chain ID ${m[1]} is no network's`);
              // "Mainnet, chain ID 250" or "Testnet … 126" on one line is a mix-up.
              for (const other of table.networks)
                if (
                  other !== network &&
                  new RegExp(`${other.id}\\W{0,12}chain[ _]?id\\W{0,4}${m[1]}\\b`, "i").test(line)
                )
                  problems.push(`${pagePath(page)}:${i + 1}: chain ID ${m[1]} named for ${other.name}`);
            }
          });
      }
      expect(problems).toEqual([]);
    });

    it("take endpoints and chain IDs in prose from the table, not from copies", () => {
      const endpoints = new Set(table.networks.flatMap((n) => URL_FACTS.map((f) => factOf(n, f))));
      const problems: string[] = [];
      for (const page of pageFiles(version)) {
        proseLines(page).forEach((raw, i) => {
          // JSX attribute values (card links) cannot hold a component.
          const line = raw.replace(/\b[\w-]+=(["'])[^"']*\1/g, "");
          for (const [url] of line.matchAll(MOVEMENT_URL))
            if (endpoints.has(url.replace(/[.,;:]+$/, "")))
              problems.push(`${pagePath(page)}:${i + 1}: ${url} (use <NetworkFact>)`);
          if (/chain[ _]?id\W{0,4}`?\d/i.test(line) || /`(?:126|250|27)`/.test(line))
            problems.push(`${pagePath(page)}:${i + 1}: a chain ID written by hand (use <NetworkFact fact="chainId">)`);
        });
      }
      expect(problems).toEqual([]);
    });

    it("keep chain IDs out of hand-typed table cells", () => {
      expect(pageFiles(version).flatMap((p) => chainIdsInTables(p, readPage(p)))).toEqual([]);
    });

    it("name no host that looks like Movement's but is not", () => {
      expect(pageFiles(version).flatMap((p) => lookalikeHosts(p, readPage(p), table))).toEqual([]);
    });

    it("keep each network's URLs, chain IDs and facts under its own heading or tab", () => {
      expect(pageFiles(version).flatMap((p) => networkMixUps(p, readPage(p), table))).toEqual([]);
    });

    it("are the API document's servers, in the downloads and the API explorer's network list", async () => {
      const written = parseYaml(readFileSync(path.join(ROOT, version.openapi), "utf8")) as { servers?: unknown };
      // Written once: the table, never the document by hand.
      expect(written.servers).toBeUndefined();
      const api = await generateApiReference(ROOT, undefined, {
        document: { file: path.join(ROOT, version.openapi), label: version.openapi },
        networks: { file: path.join(ROOT, version.networks), label: version.networks },
      });
      // Networks Movement runs for its own testing (status: internal) are not offered to readers
      // (the current table has some; the 2025 network's had none).
      const open = table.networks.filter((n) => n.status !== "internal");
      expect(open.length).toBeLessThan(table.networks.length + (version === CURRENT_DOCS ? 0 : 1));
      const expected = open.map((n) => ({ url: n.rpc, description: `${n.name}, chain ID ${n.chainId}` }));
      const yaml = parseYaml(api.files.find((f) => f.path.endsWith(".yaml"))!.body) as { servers: unknown };
      const json = JSON.parse(api.files.find((f) => f.path.endsWith(".json"))!.body) as { servers: unknown };
      expect(yaml.servers).toEqual(expected);
      expect(json.servers).toEqual(expected);
      const explorer = JSON.stringify(api.pages.find((p) => p.route === "/api/node/get-ledger-info")!.tree);
      for (const n of table.networks)
        expect(explorer.includes(JSON.stringify({ name: n.name, url: n.rpc })), n.id).toBe(n.status !== "internal");
    });

    it("link the GitHub organisation and Discord that the site's navbar and footer link", () => {
      const site = parseYaml(readFileSync(path.join(ROOT, "content/site.yaml"), "utf8")) as Record<string, unknown>;
      const config = JSON.stringify(site);
      const github = /https:\/\/github\.com\/([\w-]+)\/movement-docs/.exec(config)?.[1];
      const discord = /https:\/\/discord\.(?:gg|com)\/[\w/-]+/.exec(config)?.[0];
      expect(github).toBeDefined();
      const mismatches: string[] = [];
      for (const page of pageFiles(version)) {
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
  },
);

describe("the network fact checks", () => {
  it("report a chain ID typed into a table cell, in a column or a row (mutation)", () => {
    const page = "devs/faq.mdx";
    const source = readPage(page);
    const inColumn = source.replace('<NetworkFact network="mainnet" fact="chainId" />', "`126`");
    expect(inColumn).not.toBe(source);
    expect(chainIdsInTables(page, inColumn)).toEqual([
      expect.stringMatching(/^content\/docs\/devs\/faq\.mdx:\d+: chain ID 126 typed into a table/),
    ]);
    const endpoints = "devs/networkEndpoints.mdx";
    const inRow = readPage(endpoints).replace(
      '| Chain ID | <NetworkFact network="mainnet" fact="chainId" /> |',
      "| Chain ID | 126 |",
    );
    expect(chainIdsInTables(endpoints, inRow)).toHaveLength(1);
  });

  it("report a lookalike Movement host in prose or code (mutation)", () => {
    const page = "devs/networkEndpoints.mdx";
    const source = readPage(page)
      .replace("curl -s https://testnet.movementnetwork.xyz/v1", "curl -s https://testnet.movementnetwrk.xyz/v1")
      .replace(
        "[status.movementnetwork.xyz](https://status.movementnetwork.xyz/)",
        "[status page](https://status.movement-network.xyz/)",
      );
    const problems = lookalikeHosts(page, source, table);
    expect(problems.map((p) => /: (\S+) looks like/.exec(p)?.[1])).toEqual([
      "status.movement-network.xyz",
      "testnet.movementnetwrk.xyz",
    ]);
  });

  it("report another network's URL in a network's tab or section (mutation)", () => {
    const page = "devs/fullnode.mdx";
    const source = readPage(page);
    const tab = source.replace(
      "for url in http://127.0.0.1:8080/v1 https://mainnet.movementnetwork.xyz/v1; do",
      "for url in http://127.0.0.1:8080/v1 https://testnet.movementnetwork.xyz/v1; do",
    );
    expect(tab).not.toBe(source);
    expect(networkMixUps(page, tab, table)).toEqual([
      expect.stringMatching(
        /fullnode\.mdx:\d+: https:\/\/testnet\.movementnetwork\.xyz\/v1 is Movement Testnet's, under Movement Mainnet$/,
      ),
    ]);
    const endpoints = "devs/networkEndpoints.mdx";
    const section = readPage(endpoints).replace(
      "Mainnet has no faucet: its MOVE has real value.",
      'Mainnet has no faucet: its MOVE has real value. Chain ID 250; faucet <NetworkFact network="testnet" fact="faucetPage" />.',
    );
    expect(networkMixUps(endpoints, section, table)).toHaveLength(2);
  });
});
