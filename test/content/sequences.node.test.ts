/**
 * Shell fences marked as a runnable sequence (`sequence="…"`, per machine) set every variable
 * before they use it, in page order, so a reader can run them top to bottom in one session. Tabs
 * are alternatives: whichever tab a reader picks, that session must stand alone.
 */
import { describe, expect, it } from "vitest";
import { allFences, fencesOf, readPage, type Fence } from "./fences";
import { sequencesOf, sessionsOf, unsetUses, unsetUsesInAnySession } from "./shell-vars";

const fence = (line: number, meta: string, code: string, tab: Fence["tab"] = null): Fence => ({
  page: "devs/x.mdx",
  line,
  lang: "bash",
  meta,
  code,
  tab,
});

const tab = (value: string, group = "network"): Fence["tab"] => ({
  block: 0,
  group,
  value,
  label: value,
  values: ["mainnet", "testnet"],
  defaultValue: "mainnet",
});

/** Every unset use in every sequence of a page's text. */
function problemsIn(page: string, source: string): string[] {
  return [...sequencesOf(fencesOf(page, source))]
    .flatMap(([name, fences]) => unsetUsesInAnySession(name, fences))
    .map((p) => `${p.where} (${p.sequence}): $${p.variable}`);
}

describe("runnable shell sequences", () => {
  const sequences = sequencesOf(allFences());

  it("exist on the pages that promise a sequence a reader can run", () => {
    const names = [...sequences.keys()];
    for (const expected of [
      "devs/fullnode.mdx › pfn",
      "devs/nodes/archival.mdx › archival",
      "devs/localnet.mdx › local-dev",
      "devs/indexing.mdx › indexer-host",
      "general/UsingMovement/faucet.mdx › faucet-typescript",
    ])
      expect(names).toContain(expected);
  });

  it("set every variable before using it, whichever tabs the reader picks", () => {
    const problems = [...sequences].flatMap(([name, fences]) => unsetUsesInAnySession(name, fences));
    expect(problems.map((p) => `${p.where} (${p.sequence}): $${p.variable} is used before it is set`)).toEqual([]);
  });

  it("count a variable set on another machine as unset", () => {
    const control = fence(1, 'sequence="node-control"', 'export REV=abc\ngit checkout "$REV"');
    const server = fence(9, 'sequence="node-server"', 'cd "$HOME/movement" && git checkout "$REV"');
    const found = [...sequencesOf([control, server])].flatMap(([n, f]) => unsetUses(n, f));
    expect(found.map((p) => `${p.where} ${p.variable}`)).toEqual(["content/docs/devs/x.mdx:10 REV"]);
  });

  it("read expanding heredocs and skip quoted ones, single quotes and defaults", () => {
    const code = [
      "cat > a.json <<EOF",
      '{ "host": "${HOST}" }',
      "EOF",
      "cat > b.yml <<'EOF'",
      "image: x:${CONTAINER_REV}",
      "EOF",
      "awk '{ print $1 $NAME }' file",
      'echo "${MAYBE:-none}"',
      "HOST=1 && echo $HOST",
    ].join("\n");
    const found = unsetUses("s", [fence(1, 'sequence="s"', code)]);
    expect(found.map((p) => p.variable)).toEqual(["HOST"]);
  });

  it("read the tabs of a block as alternatives, and synced groups together", () => {
    const fences = [
      fence(1, 'sequence="s"', "export NETWORK=mainnet", tab("mainnet")),
      fence(5, 'sequence="s"', "echo nothing set here", tab("testnet")),
      fence(9, 'sequence="s"', 'curl "$NETWORK"'),
    ];
    expect(sessionsOf(fences).map((s) => s.label)).toEqual(["network=mainnet", "network=testnet"]);
    // Read as one session, the mainnet tab would set NETWORK for the testnet reader too.
    expect(unsetUses("s", fences)).toEqual([]);
    expect(unsetUsesInAnySession("s", fences).map((p) => `${p.sequence} ${p.variable}`)).toEqual([
      "s [network=testnet] NETWORK",
    ]);
  });

  it("fail when one tab of a page's tabbed sequence loses its export (mutation)", () => {
    const page = "devs/fullnode.mdx";
    const source = readPage(page);
    expect(problemsIn(page, source)).toEqual([]);
    const planted = source.replace("export NETWORK=testnet\n", "");
    expect(planted).not.toBe(source);
    const problems = problemsIn(page, planted);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.includes("network=testnet") && p.endsWith("$NETWORK"))).toBe(true);
    // The reading that took alternative tabs as one session saw nothing wrong.
    const flat = [...sequencesOf(fencesOf(page, planted))].flatMap(([n, f]) => unsetUses(n, f));
    expect(flat).toEqual([]);
  });
});
