/**
 * The dev session on a copy of the fixture site: each kind of source an author edits (a page,
 * site.yaml, _category_.json, an image, openapi/node.yaml) is picked up on save and reaches the open
 * tabs as the right change (how events become saves: saves.node.test.ts); a broken config key comes back located; a save of one page (which reads only
 * the pages the watcher names) still sees another page's error and pages added or removed beside it.
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryKv } from "../../test/helpers/memory-kv";
import { tempSite, type TempSite } from "../../test/helpers/temp-site";
import type { BuildChanges } from "./changes";
import type { DevEvent, EventHub } from "./events";
import type { Problem } from "./problems";
import { DevSession } from "./session";

const ALPHA = "content/docs/learn/Basics/alpha.mdx";
const TOOLS = "content/docs/build/tools.mdx";
const YAML = "content/site.yaml";
const API = (summary: string) => `openapi: 3.0.3
info: { title: Fixture Node API, version: "1.0" }
tags: [{ name: Ledger, description: The ledger. }]
paths:
  /ledger:
    get:
      operationId: get_ledger
      tags: [Ledger]
      summary: ${summary}
      responses:
        "200": { description: The ledger info. }
`;

let site: TempSite;
let session: DevSession;
let unwatch: () => void;
const events: DevEvent[] = [];
/** Each terminal line, with how many events the tabs had been sent when it was printed. */
const lines: { text: string; events: number }[] = [];
const hub = { send: (e: DevEvent) => events.push(e) } as unknown as EventHub;
/** Called with each terminal line as the session prints it. */
const lineWaiters = new Set<() => void>();
/** The line a save (or the first build) ends with, its builds done or failed: "hh:mm:ss saved <files>: …". */
const saveLine = (text: string) => / saved |^startup: /.test(text);

/**
 * Saves (runs `write`, which writes `files`) and waits until a terminal line has named each of
 * them, printed once its builds are done; returns every event sent from the write to that line.
 * A watcher may split one write into several saves on a busy machine (a new folder first, then its
 * page), so the events are those of all of them. Generous: builds share a busy machine.
 */
async function save(files: string | string[], write: () => Promise<void>, ms = 30_000): Promise<DevEvent[]> {
  const wanted = [files].flat();
  const seen = lines.length;
  const sentBefore = events.length;
  const names = (l: { text: string }) => / saved (.+?): /.exec(l.text)?.[1]!.split(", ") ?? [];
  const printed = new Promise<number>((resolve, reject) => {
    const check = () => {
      const at = wanted.map((file) => lines.findIndex((l, i) => i >= seen && names(l).includes(file)));
      if (at.some((i) => i < 0)) return;
      lineWaiters.delete(check);
      resolve(Math.max(...at));
    };
    lineWaiters.add(check);
    AbortSignal.timeout(ms).addEventListener("abort", () => {
      lineWaiters.delete(check);
      reject(
        new Error(`no terminal line for the save of ${wanted.join(", ")}; lines: ${JSON.stringify(lines.slice(seen))}`),
      );
    });
  });
  await write();
  const at = await printed;
  return events.slice(sentBefore, lines[at]!.events);
}
/** The changes of every build a save made, together. */
const changesOf = (sent: DevEvent[]): BuildChanges => {
  const builds = sent.flatMap((e) => (e.event === "build" ? [(e.data as { changes: BuildChanges }).changes] : []));
  expect(builds.length, "the save built").toBeGreaterThan(0);
  const all = (key: "added" | "changed" | "removed") => [...new Set(builds.flatMap((c) => c[key]))].sort();
  const any = (key: "sidebars" | "shell") => builds.some((c) => c[key]);
  return {
    from: builds[0]!.from,
    added: all("added"),
    changed: all("changed"),
    removed: all("removed"),
    sidebars: any("sidebars"),
    shell: any("shell"),
  };
};
/**
 * Writes a file as many editors save one: the whole text beside the watched folders, then renamed
 * into place, so the watcher never sees it empty. A truncating write shows an empty file first, for
 * longer than the session waits for the rest on a busy machine; how such writes become saves is
 * saves.node.test.ts's subject, not this file's.
 */
let puts = 0;
async function put(file: string, text: string): Promise<void> {
  const whole = path.join(site.root, `.saving-${++puts}`);
  await writeFile(whole, text);
  await rename(whole, file);
}

beforeAll(async () => {
  site = await tempSite();
  await mkdir(path.join(site.root, "openapi"));
  await writeFile(path.join(site.root, "openapi/node.yaml"), API("Get the ledger"));
  const log = (text: string) => {
    lines.push({ text, events: events.length });
    lineWaiters.forEach((waiter) => waiter());
  };
  session = new DevSession({ siteRoot: site.root, kv: new MemoryKv(), hub, log });
  unwatch = session.watch();
  await session.start();
}, 120_000);

afterAll(async () => {
  unwatch?.();
  await site?.remove();
});

describe("DevSession", () => {
  it("builds a saved page and tells the tabs it changed", async () => {
    const alpha = path.join(site.root, "content/docs/learn/Basics/alpha.mdx");
    const text = await readFile(alpha, "utf8");
    const sent = await save(ALPHA, () => put(alpha, `${text}\nWritten in one save.\n`));
    expect(sent.some((e) => e.event === "failed")).toBe(false);
    expect(changesOf(sent).changed).toContain("/learn/Basics/alpha");
    await save(ALPHA, () => put(alpha, text));
  });

  it("regenerates the API reference when openapi/node.yaml is saved", async () => {
    const sent = await save("openapi/node.yaml", () =>
      put(path.join(site.root, "openapi/node.yaml"), API("Read the ledger summary")),
    );
    expect(changesOf(sent).changed.some((r) => r.startsWith("/api/"))).toBe(true);
    expect(lines.filter((l) => saveLine(l.text)).at(-1)!.text).toMatch(/saved openapi\/node\.yaml: rebuilt .*\/api\//);
  });

  it("treats site.yaml as every page's and a folder label as the sidebar's", async () => {
    const yaml = path.join(site.root, "content/site.yaml");
    const text = await readFile(yaml, "utf8");
    const sent = await save(YAML, () => put(yaml, text.replace("Fixture announcement.", "New announcement.")));
    expect(changesOf(sent).shell).toBe(true);

    const label = await save("content/docs/learn/Basics/_category_.json", () =>
      site.write("docs/learn/Basics/_category_.json", '{ "label": "Basics Again", "position": 2 }'),
    );
    expect(changesOf(label)).toMatchObject({ sidebars: true, shell: false });
  });

  it("republishes the page that shows an image when the image is saved", async () => {
    const svg = path.join(site.root, "content/docs/build/img/flow.svg");
    const text = await readFile(svg, "utf8");
    const sent = await save("content/docs/build/img/flow.svg", () =>
      put(svg, text.replace("</svg>", '<circle cx="1" cy="1" r="1"/></svg>')),
    );
    expect(changesOf(sent).changed).toContain("/build/tools");
  });

  it("sends a misspelt frontmatter key and a mistyped config value as located errors, and recovers", async () => {
    const page = path.join(site.root, "content/docs/build/tools.mdx");
    const good = await readFile(page, "utf8");
    const sent = await save(TOOLS, () => put(page, good.replace("sidebar_position:", "sidebar_positon:")));
    const [problem] = (sent.find((e) => e.event === "failed")!.data as { errors: Problem[] }).errors;
    const line = good.split("\n").findIndex((l) => l.startsWith("sidebar_position:")) + 1;
    expect(problem).toMatchObject({ file: "content/docs/build/tools.mdx", line, column: 1 });
    expect(problem!.message).toMatch(/sidebar_positon/);
    expect(session.hello("").map((e) => e.event)).toEqual(["build", "failed"]);

    const yaml = path.join(site.root, "content/site.yaml");
    const config = await readFile(yaml, "utf8");
    await put(page, good);
    const typo = await save(YAML, () => put(yaml, config.replace(/^editUrl: .*$/m, "editUrl: 5")));
    const [wrong] = (typo.find((e) => e.event === "failed")!.data as { errors: Problem[] }).errors;
    expect(wrong).toMatchObject({ file: "content/site.yaml" });
    expect(wrong!.line).toBe(config.split("\n").findIndex((l) => l.startsWith("editUrl:")) + 1);

    await save(YAML, () => put(yaml, config));
    expect(session.hello("").map((e) => e.event)).toEqual(["build"]);
  });

  it("keeps a broken page's error through another page's save, and sees pages added and removed beside a save", async () => {
    const tools = path.join(site.root, "content/docs/build/tools.mdx");
    const good = await readFile(tools, "utf8");
    const alpha = path.join(site.root, "content/docs/learn/Basics/alpha.mdx");
    const alphaText = await readFile(alpha, "utf8");
    const failedFiles = (sent: DevEvent[]) =>
      (sent.find((e) => e.event === "failed")?.data as { errors: Problem[] } | undefined)?.errors.map((p) => p.file);

    const broken = await save(TOOLS, () => put(tools, good.replace("sidebar_position:", "sidebar_positon:")));
    expect(failedFiles(broken)).toEqual(["content/docs/build/tools.mdx"]);
    const other = await save(ALPHA, () => put(alpha, `${alphaText}\nOne more line about alpha.\n`));
    expect(failedFiles(other)).toEqual(["content/docs/build/tools.mdx"]);
    const fixed = await save(TOOLS, () => put(tools, good));

    expect(failedFiles(fixed)).toBeUndefined();
    expect(changesOf(fixed).changed).toContain("/learn/Basics/alpha");

    const notes = path.join(site.root, "content/docs/build/extra/notes.mdx");
    const added = await save(["content/docs/build/extra/notes.mdx", ALPHA], async () => {
      await mkdir(path.dirname(notes));
      await put(
        notes,
        "---\ntitle: Extra notes\ndescription: Notes added in a new folder.\n---\n\nNotes written beside another save.\n",
      );
      await put(alpha, alphaText);
    });
    expect(changesOf(added).added).toEqual(["/build/extra/notes"]);
    expect(changesOf(added).changed).toContain("/learn/Basics/alpha");

    const removed = await save(ALPHA, async () => {
      await rm(path.dirname(notes), { recursive: true });
      await put(alpha, `${alphaText}\nAlpha again.\n`);
    });
    expect(changesOf(removed).removed).toEqual(["/build/extra/notes"]);
  });
});
