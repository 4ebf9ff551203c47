/**
 * `npm run bench:scale -- --versions K`: K docs versions of the synthetic site. The current version
 * is the synthetic site itself; each of the K - 1 legacy versions (the first named "2025", so the
 * current pages' links into /2025/ resolve, then "v3", "v4", …) is a copy of its pages in which one
 * page in a hundred reads differently, as an earlier network's docs mostly do. What the run measures
 * of them: the page values and twins a first publish writes for all versions against the current
 * version's alone, and, for each legacy version, the serving budgets (cold and warm search, an
 * uncached page, HTML size) and a one-page release, each checked against the budget that holds at one
 * version.
 */
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";
import type { ScaleBudget } from "../budgets";
import type { StepFigures } from "./kv-writes";
import type { ColdFigures, RequestFigures } from "./requests";

export interface LegacyVersionFigures {
  name: string;
  prefix: string;
  /** Served by local workerd: the median of fresh isolates, as for the current version. */
  serve?: {
    coldPage: ColdFigures;
    coldSearch: ColdFigures;
    warmSearch: RequestFigures;
    uncachedPage: RequestFigures;
    html: { route: string; bytes: number; realSiteBytes: number | null };
  };
  /** A one-page release of one of its pages. */
  release?: StepFigures;
}

/** Keys and bytes of the distinct page records and Markdown twins a first publish wrote. */
export interface ValueFigures {
  keys: number;
  bytes: number;
}

export interface VersionsFigures {
  count: number;
  /** Pages of each legacy version that differ from the current version's. */
  changedPerVersion: number;
  /** The current version's page values and twins, and those of every version together. */
  firstPublishValues?: { current: ValueFigures; all: ValueFigures };
  legacy: LegacyVersionFigures[];
}

/** One page in this many of a legacy version differs from the current version's. */
const CHANGED_EVERY = 100;

const legacyName = (i: number) => (i === 0 ? "2025" : `v${i + 2}`);

async function pagesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }))
    .map(String)
    .filter((f) => /\.mdx?$/.test(f))
    .sort();
}

/**
 * Makes the site in `siteDir` a site of `count` docs versions: removes its own legacy versions and
 * declares and writes `count - 1` new ones (see the module comment). Returns what it wrote.
 */
export async function generateVersions(siteDir: string, count: number): Promise<VersionsFigures> {
  const content = path.join(siteDir, "content");
  await rm(path.join(content, "versions"), { recursive: true, force: true });
  const names = Array.from({ length: count - 1 }, (_, i) => legacyName(i));
  const siteFile = path.join(content, "site.yaml");
  const site = parseDocument(await readFile(siteFile, "utf8"));
  site.set("versions", [
    { name: "current", label: "Current", status: "current" },
    ...names.map((name) => ({ name, label: `Version ${name}`, prefix: `/${name}/`, status: "legacy" })),
  ]);
  await writeFile(siteFile, site.toString({ lineWidth: 0 }));
  const pages = await pagesUnder(path.join(content, "docs"));
  if (!names.length)
    // One version: the current pages' links into the 2025 version lead to their own page instead.
    for (const page of pages) {
      const file = path.join(content, "docs", page);
      const text = await readFile(file, "utf8");
      if (text.includes("](/2025/")) await writeFile(file, text.replace(/\]\(\/2025\//g, "](/"));
    }
  let changedPerVersion = 0;
  for (const [v, name] of names.entries()) {
    const dir = path.join(content, "versions", name);
    await cp(path.join(content, "docs"), path.join(dir, "docs"), { recursive: true });
    await cp(path.join(content, "networks.yaml"), path.join(dir, "networks.yaml"));
    await mkdir(path.join(dir, "search"), { recursive: true });
    await cp(path.join(content, "search/synonyms.json"), path.join(dir, "search/synonyms.json"));
    await mkdir(path.join(dir, "openapi"), { recursive: true });
    await cp(path.join(siteDir, "openapi/node.yaml"), path.join(dir, "openapi/node.yaml"));
    changedPerVersion = 0;
    for (const [i, page] of pages.entries()) {
      const file = path.join(dir, "docs", page);
      const text = await readFile(file, "utf8");
      // A legacy version's links are to its own pages: the current pages' links into /2025/ become its own.
      let copy = text.replace(/\]\(\/2025\//g, "](/");
      if ((i + v) % CHANGED_EVERY === 0) {
        copy += `\n\nIn version ${name} this page read differently, with the word zorblat${name.replace(/\W/g, "")}.\n`;
        changedPerVersion++;
      }
      if (copy !== text) await writeFile(file, copy);
    }
  }
  return { count, changedPerVersion, legacy: names.map((name) => ({ name, prefix: `/${name}/` })) };
}

/** The page of a legacy version the run releases (the edited page's file, in the version's folder). */
export const legacyFile = (name: string, editedFile: string) =>
  editedFile.replace(/^content\/docs\//, `content/versions/${name}/docs/`);

const MB = 1024 * 1024;
const mib = (n: number) => `${(n / MB).toFixed(2)} MiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * The versions' budgets: the first publish's page values and twins grow by at most
 * `pageValuesGrowthPerVersion` per legacy version, and each legacy version holds the serving and
 * release budgets of one version.
 */
export function checkVersionBudgets(
  figures: VersionsFigures,
  budget: ScaleBudget,
  check: (what: string, value: number | null | undefined, max: number | undefined, show: (n: number) => string) => void,
  misses: string[],
): void {
  const values = figures.firstPublishValues;
  const extra = figures.count - 1;
  const growth = values && extra > 0 ? (values.all.bytes / values.current.bytes - 1) / extra : null;
  check(
    `first publish: page records and twins added per legacy version (${extra} of ${figures.count} versions)`,
    growth,
    budget.versions?.pageValuesGrowthPerVersion,
    (n) => `${(n * 100).toFixed(1)}%`,
  );
  for (const v of figures.legacy) {
    const s = v.serve;
    const at = `version ${v.name}`;
    check(`${at}: cold isolate first search: workerd CPU`, s?.coldSearch.cpuMs, budget.coldFirstSearch?.cpuMs, ms);
    check(
      `${at}: cold isolate first search: workerd memory added`,
      s?.coldSearch.addedRssBytes,
      budget.coldFirstSearch?.addedRssBytes,
      mib,
    );
    check(`${at}: warm search: workerd CPU per request`, s?.warmSearch.cpuPerRequestMs, budget.warmSearchCpuMs, ms);
    check(
      `${at}: uncached page: workerd CPU per request`,
      s?.uncachedPage.cpuPerRequestMs,
      budget.uncachedPageCpuMs,
      ms,
    );
    const growthHtml = s?.html.realSiteBytes ? s.html.bytes / s.html.realSiteBytes : null;
    check(
      `${at}: ${s?.html.route ?? "page"} HTML vs the 70-page site`,
      growthHtml,
      budget.pageHtmlGrowth,
      (n) => `${n.toFixed(2)}×`,
    );
    if (v.release?.error) misses.push(`${at}: one-page release failed: ${v.release.error}`);
    const release = v.release && !v.release.error ? v.release.writes : undefined;
    check(`${at}: one-page release: keys written`, release?.keys, budget.onePagePublish?.keys, String);
    check(`${at}: one-page release: bytes written`, release?.bytes, budget.onePagePublish?.bytes, mib);
  }
}

/** The report's section on the versions. */
export function versionsMarkdown(figures: VersionsFigures): string[] {
  const values = figures.firstPublishValues;
  const lines = [
    "## Docs versions",
    "",
    `${figures.count} versions: the current one and ${figures.legacy.map((v) => `${v.name} (${v.prefix})`).join(", ")}, each a copy of the current pages in which ${figures.changedPerVersion} read differently.`,
    "",
  ];
  if (values)
    lines.push(
      `- First publish: the current version's page records and twins are ${values.current.keys} values, ${mib(values.current.bytes)}; every version's together ${values.all.keys} values, ${mib(values.all.bytes)} (${((values.all.bytes / values.current.bytes - 1) * 100).toFixed(1)}% more).`,
    );
  for (const v of figures.legacy) {
    const s = v.serve;
    lines.push(
      s
        ? `- Version ${v.name}: first page ${ms(s.coldPage.cpuMs)} and first search ${ms(s.coldSearch.cpuMs)} of workerd CPU in a cold isolate (${mib(s.coldSearch.addedRssBytes)} added), warm search ${ms(s.warmSearch.cpuPerRequestMs)}, uncached page ${ms(s.uncachedPage.cpuPerRequestMs)} per request; HTML of ${s.html.route} ${s.html.bytes} B.`
        : `- Version ${v.name}: serving not measured.`,
      v.release
        ? `  One-page release of one of its pages: ${v.release.error ? `**failed**: ${v.release.error}` : `${v.release.writes.keys} keys, ${mib(v.release.writes.bytes)}`}.`
        : "  One-page release: not measured.",
    );
  }
  return [...lines, ""];
}
