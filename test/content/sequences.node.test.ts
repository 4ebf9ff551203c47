/**
 * Shell fences marked as a runnable sequence (`sequence="…"`, per machine) set every variable
 * before they use it, in page order, so a reader can run them top to bottom in one session.
 */
import { describe, expect, it } from "vitest";
import { allFences, type Fence } from "./fences";
import { sequencesOf, unsetUses } from "./shell-vars";

const fence = (line: number, meta: string, code: string): Fence => ({
  page: "devs/x.mdx",
  line,
  lang: "bash",
  meta,
  code,
});

describe("runnable shell sequences", () => {
  const sequences = sequencesOf(allFences());

  it("exist on the pages that promise a sequence a reader can run", () => {
    const names = [...sequences.keys()];
    for (const expected of [
      "devs/fullnode.mdx › pfn",
      "devs/nodes/archival.mdx › archival",
      "devs/indexing.mdx › indexer-host",
      "general/UsingMovement/faucet.mdx › faucet-typescript",
    ])
      expect(names).toContain(expected);
  });

  it("set every variable before using it", () => {
    const problems = [...sequences].flatMap(([name, fences]) => unsetUses(name, fences));
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
});
