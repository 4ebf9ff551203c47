/**
 * The author's loop behind `npm run dev`: watches content/ and openapi/node.yaml, rebuilds and
 * republishes on each save, tells the open tabs what changed (or what failed), and prints one line
 * per save to the terminal.
 */
import { readFileSync, statSync, watch } from "node:fs";
import path from "node:path";
import { defaultCacheDir, type SiteBuild } from "../build/build";
import type { KvTarget } from "../publish/kv-target";
import { LastPublished, publishBuild } from "../publish/publish";
import { devBuild } from "./build";
import { BuildCache } from "./build-cache";
import { changesBetween, describeChanges, mergeChanges, viewOf, type BuildChanges, type BuildView } from "./changes";
import type { DevEvent, EventHub } from "./events";
import { problemsOf, problemText, type Problem } from "./problems";
import { SaveBatcher } from "./saves";
import { watchTree } from "./watch-tree";

export interface DevSessionOptions {
  siteRoot: string;
  kv: KvTarget;
  hub: EventHub;
  log?: (line: string) => void;
}

/** Builds this session published that a tab may still show; older ones make a tab reload. */
const VIEWS_KEPT = 50;

const clock = () => new Date().toTimeString().slice(0, 8);
const ms = (from: number, to = performance.now()) => Math.round(to - from);

export class DevSession {
  private readonly cache = new BuildCache();
  /** What this session last published, so a save's publish does not read the live build back from KV. */
  private readonly published = new LastPublished();
  private lastSearch: SiteBuild["search"] | undefined;
  private readonly views = new Map<string, BuildView>();
  private live: BuildView | undefined;
  private errors: Problem[] | null = null;
  /** Warnings shown in the browser: those of files saved this session, and any the session added. */
  private warnings: Problem[] = [];
  private lastWarnings = new Set<string>();
  private baseline: Set<string> | null = null;
  private readonly touched = new Set<string>();
  /** Files saved since the last build started. */
  private readonly unbuilt = new Set<string>();
  /** Every path the watcher saw change since the last build started: what the next build reads again. */
  private readonly changed = new Set<string>();
  private readonly log: (line: string) => void;
  private queue: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(private readonly options: DevSessionOptions) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  liveBuildId(): string {
    return this.live?.buildId ?? "";
  }

  /** What a tab that connects is told: the changes since the build its page came from, then any failure. */
  hello(from: string): DevEvent[] {
    const events: DevEvent[] = [];
    if (this.live) {
      const changes = from === this.live.buildId ? none(from) : changesBetween(this.views.get(from), this.live);
      events.push({ event: "build", data: { buildId: this.live.buildId, changes, warnings: this.warnings } });
    }
    if (this.errors) events.push({ event: "failed", data: { errors: this.errors, warnings: this.warnings } });
    return events;
  }

  /** The first build; a failure is shown like any other and the server keeps running. */
  start(): Promise<void> {
    this.queue = this.queue.then(() => this.firstBuild());
    return this.queue;
  }

  private async firstBuild(): Promise<void> {
    const started = performance.now();
    const built = await this.build("full", "startup");
    if (!built) return;
    for (const m of [...built.build.warnings, ...built.build.notices]) this.log(`warning: ${m}`);
    this.log(
      `startup: published build ${built.build.buildId} (${built.build.pages.size} pages, ${built.keysWritten} keys written) in ${ms(started)} ms`,
    );
    // Best effort: a page that fails here fails the same way when saved, and is reported then.
    await this.cache.warmUp?.().catch(() => {});
  }

  /** Watches the site's sources; returns a function that stops watching. */
  watch(): () => void {
    const saves = new SaveBatcher({
      isEmpty: (f) => this.isEmptyFile(f),
      isSaved: (f) => this.isSaved(f),
      save: (files, changed) => void this.save(files, changed),
    });
    const root = this.options.siteRoot;
    const stops = [watchTree(path.join(root, "content"), (f) => saves.saw(`content/${f}`))];
    try {
      const api = watch(path.join(root, "openapi"), (_e, f) => f === "node.yaml" && saves.saw("openapi/node.yaml"));
      stops.push(() => api.close());
    } catch {
      // A site without an API reference.
    }
    return () => {
      saves.stop();
      stops.forEach((stop) => stop());
    };
  }

  /**
   * One save (a few files written together): page first, then the search index catches up. `files`
   * are what the terminal names; `changed` is every path the watcher saw (folders included).
   */
  save(files: string[], changed: string[] = files): Promise<void> {
    const mine = ++this.generation;
    files.forEach((f) => {
      this.touched.add(f);
      this.unbuilt.add(f);
    });
    changed.forEach((f) => this.changed.add(f));
    this.queue = this.queue.then(async () => {
      // A newer save is queued: it builds this one's files too.
      if (mine !== this.generation) return;
      const what = [...this.unbuilt].sort().join(", ") || "content";
      this.unbuilt.clear();
      const changed = [...this.changed];
      this.changed.clear();
      const started = performance.now();
      const quick = await this.build(this.lastSearch ? "quick" : "full", `${clock()} saved ${what}`, changed);
      if (!quick) return;
      const visible = ms(started);
      let tail = "";
      let changes = quick.changes;
      if (quick.step === "quick" && mine === this.generation) {
        const indexed = performance.now();
        // The quick build's pages with a fresh index: nothing to read again (a file saved since is the next save's).
        const search = await this.build("search", `${clock()} ${what}: search index`, []);
        if (search) tail = ` (search index ${ms(indexed)} ms more)`;
        if (search) changes = mergeChanges(changes, search.changes);
      }
      this.log(`${clock()} saved ${what}: ${describeChanges(changes)} in ${visible} ms${tail}`);
      for (const w of quick.newWarnings) this.log(`  warning: ${problemText(w, "").trimStart()}`);
    });
    return this.queue;
  }

  /**
   * Builds and publishes, then tells the tabs. "quick" reuses the last search index so the page is
   * served sooner; "search" is the rebuild with a fresh index that follows it. `changed` is every
   * file saved since the last build (see DevBuildOptions.changed); without it, the build reads the whole
   * site. Returns null on failure.
   */
  private async build(
    step: "full" | "quick" | "search",
    label: string,
    changed?: string[],
  ): Promise<{
    build: SiteBuild;
    step: typeof step;
    changes: BuildChanges;
    keysWritten: number;
    newWarnings: Problem[];
  } | null> {
    const started = performance.now();
    let build: SiteBuild;
    let keysWritten: number;
    try {
      build = await devBuild({
        root: this.options.siteRoot,
        cache: this.cache,
        cacheDir: defaultCacheDir(),
        staleSearch: step === "quick" ? this.lastSearch : undefined,
        changed,
      });
      keysWritten = (await publishBuild(this.options.kv, build, "production", this.published)).keysWritten;
    } catch (e) {
      this.fail(label, e, started);
      return null;
    }
    if (step !== "quick") this.lastSearch = build.search;
    const view = viewOf(build.manifest);
    const changes = changesBetween(this.live, view);
    this.live = view;
    this.views.delete(view.buildId);
    this.views.set(view.buildId, view);
    if (this.views.size > VIEWS_KEPT) this.views.delete(this.views.keys().next().value!);
    this.errors = null;

    const newWarnings = this.noteWarnings(build.warnings, step);
    this.options.hub.send({ event: "build", data: { buildId: view.buildId, changes, warnings: this.warnings } });
    return { build, step, changes, keysWritten, newWarnings };
  }

  /** Keeps the browser's warnings up to date; returns those the terminal has not shown yet. */
  private noteWarnings(raw: string[], step: "full" | "quick" | "search"): Problem[] {
    // The search step repeats the quick step's warnings.
    if (step === "search") return [];
    this.baseline ??= new Set(raw);
    const problems = raw.map((m) => ({ raw: m, problem: problemsOf(m, this.read)[0]! }));
    this.warnings = problems
      .filter(({ raw: m, problem }) => !this.baseline!.has(m) || (problem.file && this.touched.has(problem.file)))
      .map(({ problem }) => problem);
    const fresh = problems.filter(({ raw: m }) => !this.lastWarnings.has(m)).map(({ problem }) => problem);
    const first = this.lastWarnings.size === 0 && step === "full" && !this.touched.size;
    this.lastWarnings = new Set(raw);
    return first ? [] : fresh;
  }

  private fail(label: string, e: unknown, started: number): void {
    const message = e instanceof Error ? e.message : String(e);
    this.errors = problemsOf(message, this.read);
    const count = this.errors.length === 1 ? "1 error" : `${this.errors.length} errors`;
    const keeps = this.live ? "the site keeps serving the last good build" : "nothing is served until it builds";
    // The tabs first, as for a good build: every event of a save comes before its terminal line.
    this.options.hub.send({ event: "failed", data: { errors: this.errors, warnings: this.warnings } });
    this.log(`${label}: build failed (${count}) in ${ms(started)} ms; ${keeps}`);
    for (const p of this.errors) this.log(problemText(p));
  }

  /** A file that is there and holds nothing yet. */
  private isEmptyFile(file: string): boolean {
    try {
      const stat = statSync(path.join(this.options.siteRoot, file));
      return stat.isFile() && stat.size === 0;
    } catch {
      return false;
    }
  }

  /** A file that is there, or a deleted one with an extension: not a folder, not an editor's or sed's temporary file. */
  private isSaved(file: string): boolean {
    try {
      return statSync(path.join(this.options.siteRoot, file)).isFile();
    } catch {
      return /\.\w+$/.test(file);
    }
  }

  private readonly read = (file: string): string | null => {
    const full = path.resolve(this.options.siteRoot, file);
    if (!full.startsWith(path.resolve(this.options.siteRoot) + path.sep)) return null;
    try {
      return readFileSync(full, "utf8");
    } catch {
      return null;
    }
  };
}

function none(from: string): BuildChanges {
  return { from, changed: [], added: [], removed: [], sidebars: false, shell: false };
}
