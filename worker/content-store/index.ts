/**
 * The only code that knows KV key names on the read side. Manifests are immutable per build, so
 * their roots are memoised in the isolate (their shards and sidebars in a bounded cache by digest,
 * worker/content-store/manifest.ts); the channel pointer is read again once it is older than a
 * deployment's POINTER_RECHECK_MS (see ContentStore), so a publish is seen without a redeploy.
 */
import { routeOfMarkdownPath } from "../../client/contracts/markdown-path";
import { kvKeys, POINTER_RECHECK_MS, type PageRecord } from "../../client/contracts/page";
import { MANIFEST_FORMAT, type ManifestRoot } from "../../client/contracts/stored-manifest";
import type { SearchRoot } from "../../client/contracts/search-index";
import { SearchEngine } from "../search/engine";
import { PieceLoader } from "../search/pieces";
import { log } from "../log";
import { ContentUnavailable, ContentCorrupt } from "./errors";
import { BuildManifest } from "./manifest";
import { PromiseMemo } from "./memo";

export { BuildManifest } from "./manifest";
export { ContentUnavailable, ContentCorrupt } from "./errors";

/** How long a KV read may take before the request treats KV as down. */
const KV_TIMEOUT_MS = 3000;

/** A KV read that fails or takes longer than KV_TIMEOUT_MS rejects with ContentUnavailable. */
function read<T>(pending: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ContentUnavailable(`KV timed out ${what}`)), KV_TIMEOUT_MS);
  });
  const failed = pending.catch((cause: unknown) => {
    throw new ContentUnavailable(`KV failed ${what}`, { cause });
  });
  return Promise.race([failed, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

/** Manifest roots (a few kilobytes) of the last few builds: around a publish, two are served at once. */
const manifestRoots = new PromiseMemo<ManifestRoot>(4);
/**
 * Page records, parsed: content-addressed (so shared by builds and never stale), 22 KB for a median
 * page and 120 KB at most today; an isolate re-renders the pages it serves most without reading them again.
 */
const pageRecords = new PromiseMemo<PageRecord>(32);
/** Search roots are small (the pieces they list live in the search piece cache): keep a few builds'. */
const searchIndexes = new PromiseMemo<SearchEngine>(4);

/** Seconds KV may serve a cached pointer at a location (the least Cloudflare allows is 30). */
const POINTER_CACHE_TTL = 30;

/** Whether this isolate logged an unusable POINTER_RECHECK_MS already (once is enough). */
let loggedBadRecheck = false;

/**
 * The recheck interval a deployment's POINTER_RECHECK_MS asks for: milliseconds, 0 or more;
 * POINTER_RECHECK_MS when unset, or when set to something else (logged once per isolate).
 */
export function pointerRecheckMs(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === "") return POINTER_RECHECK_MS;
  const ms = Number(setting);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  if (!loggedBadRecheck) {
    loggedBadRecheck = true;
    log.error("pointer_recheck_invalid", { value: setting, using: POINTER_RECHECK_MS });
  }
  return POINTER_RECHECK_MS;
}

/** The channel pointers this isolate read, by channel: the build id and when it was read. */
const pointers = new Map<string, { buildId: string; readAt: number }>();

/** The part of KVNamespace the store reads through (narrow, so Node tests can hand it an in-memory KV). */
export interface KvReader {
  get(key: string, options: { cacheTtl?: number }): Promise<string | null>;
  get<T>(key: string, options: { type: "json"; cacheTtl?: number }): Promise<T | null>;
  get(key: string, options: { type: "arrayBuffer"; cacheTtl?: number }): Promise<ArrayBuffer | null>;
}

export interface PointerOptions {
  /** Milliseconds a pointer this isolate read is served before it is read again (0: every request reads it). */
  recheckMs: number;
  /** The clock (tests set their own). */
  now?: () => number;
}

export class ContentStore {
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(
    private readonly kv: KvReader,
    private readonly channel: string,
    pointer: PointerOptions = { recheckMs: 0 },
  ) {
    this.recheckMs = pointer.recheckMs;
    this.now = pointer.now ?? Date.now;
  }

  private live: Promise<string> | undefined;

  /**
   * The build id the channel points at: once per store (a store lives for one request), and from
   * the isolate's last read when that is under `recheckMs` old. A failed read is not kept.
   */
  liveBuildId(): Promise<string> {
    if (!this.live) {
      const last = pointers.get(this.channel);
      this.live =
        last && this.now() - last.readAt < this.recheckMs ? Promise.resolve(last.buildId) : this.readLiveBuildId();
    }
    this.live.catch(() => (this.live = undefined));
    return this.live;
  }

  private async readLiveBuildId(): Promise<string> {
    const readAt = this.now();
    const id = await read(
      this.kv.get(kvKeys.channel(this.channel), { cacheTtl: POINTER_CACHE_TTL }),
      "reading the channel pointer",
    );
    if (!id) throw new ContentUnavailable(`channel "${this.channel}" points at no build; run npm run publish`);
    const buildId = id.trim();
    if (this.recheckMs > 0) pointers.set(this.channel, { buildId, readAt });
    return buildId;
  }

  /**
   * The build's manifest: its small root read once per isolate per build, seen through this
   * request's store (shards and sidebars are read with this request's KV binding when needed).
   */
  async manifest(buildId: string): Promise<BuildManifest> {
    const root = await manifestRoots.get(buildId, async () => {
      const root = await read(
        this.kv.get<Partial<ManifestRoot>>(kvKeys.manifest(buildId), { type: "json", cacheTtl: 3600 }),
        "reading the manifest",
      );
      if (!root) throw new ContentUnavailable(`build ${buildId} has no manifest`);
      if (root.format !== MANIFEST_FORMAT)
        throw new ContentUnavailable(`build ${buildId} predates the sharded manifest; publish again`);
      return root as ManifestRoot;
    });
    return new BuildManifest(root, (digest, what) => this.blob(digest, what));
  }

  /** A content-addressed JSON value, or null when KV does not have it. */
  private async blob<T>(digest: string, what: string): Promise<T | null> {
    return read(this.kv.get<T>(kvKeys.blob(digest), { type: "json", cacheTtl: 3600 }), what);
  }

  /**
   * The build's search engine: its root (the index's ranges and statistics, small) read once per
   * isolate per build; the pieces a query needs are read then, through the per-isolate piece cache.
   */
  searchIndex(buildId: string): Promise<SearchEngine> {
    return searchIndexes.get(buildId, async () => {
      const root = await read(
        this.kv.get<SearchRoot>(kvKeys.searchIndex(buildId), { type: "json", cacheTtl: 3600 }),
        "reading the search index",
      );
      if (!root) throw new ContentUnavailable(`build ${buildId} has no search index`);
      if (root.version !== 4) throw new ContentUnavailable(`build ${buildId} has an older search index; publish again`);
      return new SearchEngine(root, new PieceLoader(this.kv));
    });
  }

  /** The page record of a route of the manifest's build. */
  async page(manifest: BuildManifest, route: string): Promise<PageRecord> {
    const entry = await manifest.route(route);
    const missing = () => new ContentCorrupt(`build ${manifest.buildId} lists ${route} but has no page record for it`);
    if (!entry) throw missing();
    // A record that is missing or corrupt is not kept: the read is tried again next time.
    return pageRecords.get(entry.page, async () => {
      const record = await this.blob<PageRecord>(entry.page, "reading a page");
      if (record === null) throw missing();
      if (typeof record !== "object" || !Array.isArray(record.tree) || typeof record.title !== "string")
        throw new ContentCorrupt(`the page record of ${route} in build ${manifest.buildId} is corrupt`);
      return record;
    });
  }

  /** A derived file of the manifest's build (sitemap.xml, a Markdown twin, the API document), or null. */
  async file(manifest: BuildManifest, path: string): Promise<string | null> {
    const digest = await manifest.fileDigest(path, routeOfMarkdownPath(path));
    if (!digest) return null;
    return read(this.kv.get(kvKeys.blob(digest), { cacheTtl: 3600 }), "reading a file");
  }

  /** A content image (shared by every build: names are content hashes), or null. */
  asset(name: string): Promise<ArrayBuffer | null> {
    return read(this.kv.get(kvKeys.asset(name), { type: "arrayBuffer", cacheTtl: 86400 }), "reading an image");
  }
}
