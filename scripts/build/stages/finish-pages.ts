/**
 * Stage "pages": every page compiled and finished (page-pass.ts), or taken from a cache. Pages a
 * cache has as finished are taken here; only the others go to the build's threads (page-pool.ts).
 * Results come back in page order with their warnings, so the output is that of a serial build.
 */
import { shareRecordStrings } from "../../search/records";
import type { DocSource } from "../discover";
import { prepare, type Prepared, type SiteContext } from "../finish";
import type { ContentAsset } from "../images";
import { cachedPass, treeKey, type KeptPage, type PageJob, type PassResult } from "../page-pass";
import type { BuildPool } from "../page-pool";
import type { BuiltPage } from "../../../common/build/pages";
import { BuildFailed, type BuildLog } from "./log";

export type PagePass = Extract<PassResult, { page: unknown }>;

/** Pages an earlier build of the same process finished (npm run dev keeps them between saves). */
export interface PageMemory {
  /** The page as it was finished, if it still holds; its records already share their strings. */
  recall(job: PageJob, prepared: Prepared): PagePass | undefined;
  /** A page of this build, to recall next time (never a page with images: it has no finish key). */
  remember(job: PageJob, pass: PagePass & { finishKey: string }): void;
}

export interface FinishedPages {
  /** In page order: the site's pages as discovered, then the API reference's. */
  pages: KeptPage[];
  /**
   * Pages compiled, pages finished (compiled or not), and pages taken whole from a cache; the code
   * blocks the compiled pages highlighted, and how many of those a thread had highlighted before
   * (the highlight memo's hits).
   */
  work: { pages: number; compiled: number; finished: number; cached: number; snippets: number; snippetHits: number };
}

/** The key of a page's compiled tree: the code version, its file, its format and its body. */
export const docTreeKey = (codeVersion: string, doc: DocSource): string =>
  treeKey(codeVersion, [doc.file, doc.format, String(doc.bodyLines), doc.source.slice(doc.bodyAt)]);

/** What the pages stage runs: each page file to compile, each generated page with its tree. */
export function pageJobs(
  docs: DocSource[],
  generated: BuiltPage[],
  codeVersion: string,
  keyOf: (doc: DocSource) => string = (doc) => docTreeKey(codeVersion, doc),
  /** How messages name the docs folder: content/docs, or a legacy version's. */
  docsLabel = "content/docs",
): PageJob[] {
  return [
    ...docs.map((doc): PageJob => ({
      info: {
        route: doc.route,
        title: doc.title,
        description: doc.frontmatter.description,
        sidebar: doc.sidebar,
        source: doc.file,
      },
      treeKey: keyOf(doc),
      compile: {
        source: doc.source,
        bodyAt: doc.bodyAt,
        bodyLines: doc.bodyLines,
        file: `${docsLabel}/${doc.file}`,
        format: doc.format,
      },
    })),
    ...generated.map(({ tree, ...info }): PageJob => {
      const json = JSON.stringify(tree);
      return { info, treeKey: treeKey(codeVersion, ["generated", json]), tree: json };
    }),
  ];
}

/**
 * Runs the jobs, then closes the pool (its threads' memory goes before indexing) and drops the
 * jobs' sources and trees, so a large site's text is not held through the stages after it.
 */
export async function finishPages(
  jobs: PageJob[],
  site: SiteContext,
  run: { pool: BuildPool; cacheDir?: string; memory?: PageMemory; progress?: (line: string) => void },
  log: BuildLog,
): Promise<FinishedPages> {
  const prepared = prepare(site);
  const recalled = new Set<number>();
  const kept = jobs.map((job, i): PassResult | undefined => {
    const known = run.memory?.recall(job, prepared);
    if (known) recalled.add(i);
    return known ?? (run.cacheDir ? (cachedPass(job, prepared, run.cacheDir) ?? undefined) : undefined);
  });
  const pending = jobs.filter((_, i) => !kept[i]);
  const onPage = run.progress && progressLines(pending.length, run.progress);
  const results = await run.pool.run(pending, { site, cacheDir: run.cacheDir ?? null }, onPage || undefined);
  await run.pool.close();
  const errors: string[] = [];
  const work = { pages: jobs.length, compiled: 0, finished: 0, cached: 0, snippets: 0, snippetHits: 0 };
  const pages: KeptPage[] = [];
  const shared = new Map<string, string>();
  let next = 0;
  jobs.forEach((job, i) => {
    const result = kept[i] ?? results[next++]!;
    if ("errors" in result) {
      result.warnings.forEach(log.warn);
      errors.push(...result.errors);
      return;
    }
    result.page.warnings.forEach(log.warn);
    if (!recalled.has(i)) shareRecordStrings(result.page.records, shared);
    pages.push(result.page);
    if (result.compiled) work.compiled++;
    if (result.finished) work.finished++;
    else work.cached++;
    work.snippets += result.snippets?.lookups ?? 0;
    work.snippetHits += result.snippets?.hits ?? 0;
    if (result.finishKey !== null) run.memory?.remember(job, { ...result, finishKey: result.finishKey });
  });
  for (const job of jobs) {
    delete job.compile;
    delete job.tree;
  }
  if (errors.length) throw new BuildFailed(errors.join("\n"));
  return { pages, work };
}

/** Below this many pages to compile or finish, a build prints no progress. */
export const PROGRESS_MIN_PAGES = 500;

/**
 * For a long pages stage: a function to call as each page is done, printing a line at each tenth
 * of the pages (how many, of how many, and the seconds so far); null when there are too few pages.
 */
export function progressLines(total: number, print: (line: string) => void, now = () => performance.now()) {
  if (total < PROGRESS_MIN_PAGES) return null;
  const started = now();
  let done = 0;
  let shown = 0;
  return () => {
    done++;
    const tenth = Math.floor((done * 10) / total);
    if (tenth <= shown) return;
    shown = tenth;
    print(
      `pages: ${done} of ${total} compiled or finished (${tenth * 10}%), ${((now() - started) / 1000).toFixed(0)} s`,
    );
  };
}

/** The content-addressed files the pages show (images), by file name under /_assets/. */
export function assetsOf(pages: KeptPage[]): Map<string, ContentAsset> {
  const assets = new Map<string, ContentAsset>();
  for (const p of pages)
    for (const a of p.assets)
      assets.set(a.name, {
        contentType: a.contentType,
        body: Buffer.from(a.body.buffer, a.body.byteOffset, a.body.length),
      });
  return assets;
}
