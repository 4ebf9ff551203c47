/**
 * Publishing while requests are in flight: every response comes wholly from one build. Also a
 * short bounded load run (the full one is in npm run bench) with zero errors, and rollback.
 */
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import autocannon from "autocannon";
import { buildSite } from "../../scripts/build/build";
import { rollback } from "../../scripts/publish/operations";
import { publishBuild } from "../../scripts/publish/publish";
import { serveSite, type RunningSite } from "../helpers/local-site";
import { tempSite, type TempSite } from "../helpers/temp-site";

let site: RunningSite;
let content: TempSite;

const toolsPage = (word: string) =>
  `---\ntitle: Tools\ndescription: The tools page of the build sidebar.\nsidebar_position: 1\n---\n\n# Tools\n\nEdition ${word}.\n`;

before(async () => {
  content = await tempSite();
  await content.write("docs/build/tools.mdx", toolsPage("alpha"));
  site = await serveSite(content.root);
});
after(async () => {
  await site?.stop();
  await content?.remove();
});

it("serves every response from a single build while a new build is published", async () => {
  const first = site.build;
  await content.write("docs/build/tools.mdx", toolsPage("beta"));
  const second = await buildSite({ root: content.root });
  assert.notEqual(first.buildId, second.buildId);
  const editionOf: Record<string, string> = { [first.buildId]: "alpha", [second.buildId]: "beta" };
  const seen = new Set<string>();
  let stop = false;
  const problems: string[] = [];
  // Per client: answers, and answers from the new build.
  const answered = new Array<number>(6).fill(0);
  const fresh = new Array<number>(6).fill(0);
  const progress = new EventTarget();
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => done() && (progress.removeEventListener("answer", check), resolve());
      progress.addEventListener("answer", check);
      check();
    });
  const client = async (_: unknown, i: number) => {
    while (!stop) {
      const res = await fetch(`${site.origin}/build/tools`);
      const html = await res.text();
      const build = /<meta name="docs-build" content="([0-9a-f]+)"/.exec(html)?.[1] ?? "none";
      const edition = /Edition (\w+)\./.exec(html)?.[1];
      seen.add(build);
      if (res.status !== 200 || edition !== editionOf[build])
        problems.push(`${res.status} build ${build} with edition ${edition}`);
      answered[i] = answered[i]! + 1;
      if (build === second.buildId) fresh[i] = fresh[i]! + 1;
      progress.dispatchEvent(new Event("answer"));
    }
  };
  const clients = Promise.all(Array.from({ length: 6 }, client));
  // Every client is in its loop, its next request in flight, when the publish starts, and each has
  // been answered by the new build when they stop. A client that fails fails the test at once.
  await Promise.race([clients, until(() => answered.every((n) => n > 0))]);
  await publishBuild(site.server.kv, second, "production");
  await Promise.race([clients, until(() => fresh.every((n) => n > 0))]);
  stop = true;
  await clients;
  assert.deepEqual(problems, []);
  assert.ok(seen.has(second.buildId), "the new build is served without a restart");

  // Rollback restores the previous page.
  await rollback(site.server.kv, "production", first.buildId);
  assert.match(await (await fetch(`${site.origin}/build/tools`)).text(), /Edition alpha\./);
});

it("holds a short bounded load with zero errors", async () => {
  const result = await autocannon({ url: `${site.origin}/learn/Basics/beta`, connections: 8, duration: 2 });
  assert.equal(result.errors, 0);
  assert.equal(result.non2xx, 0);
  // How many a busy machine completes in 2 s is the bench's business (npm run bench), not a test's.
  assert.ok(result.requests.total > 0, "the load ran");
});
