/**
 * The only code that knows KV key names on the read side. Manifests are immutable per build, so
 * their roots are memoised in the isolate (their shards and sidebars in a bounded cache by digest,
 * worker/content-store/manifest.ts); the channel pointer is read again once it is older than a
 * deployment's POINTER_RECHECK_MS (see ContentStore), so a publish is seen without a redeploy.
 */
import { routeOfMarkdownPath } from "../../common/markdown-path";
import { kvKeys, POINTER_RECHECK_MS, type PageRecord } from "../../common/page";
import { READABLE_FORMATS, STORE_FORMAT } from "../../common/store-format";
import type { ManifestRoot } from "../../common/stored-manifest";
import { isSearchRoot, type SearchRoot } from "../../common/search-index";
import { SearchEngine } from "../search/engine";
import { PieceLoader } from "../search/pieces";
import { log } from "../log";
import { ContentUnavailable, ContentCorrupt } from "./errors";
import { StoredManifest, type BuildManifest } from "./manifest";
import { ValueMemo } from "./memo";
import { RequestKv, REQUEST_KV_BUDGET_MS, type KvReader, type RequestKvOptions } from "./request-kv";

export type { BuildManifest } from "./manifest";
export { ContentUnavailable, ContentCorrupt } from "./errors";
export { REQUEST_KV_BUDGET_MS, type KvReader } from "./request-kv";

/** The digest a stored value is kept under (scripts/build/blobs.ts: SHA-256 of its UTF-8 text, 32 hex digits). */
async function blobDigestOf(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let hex = "";
  for (const byte of hash.subarray(0, 16)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** Manifest roots (a few kilobytes) of the last few builds: around a publish, two are served at once. */
const manifestRoots = new ValueMemo<ManifestRoot>(4);
/**
 * Page records, parsed: content-addressed (so shared by builds and never stale), 22 KB for a median
 * page and 120 KB at most today; an isolate re-renders the pages it serves most without reading them again.
 */
const pageRecords = new ValueMemo<PageRecord>(32);
/** Search roots are small (the pieces they list live in the search piece cache): keep a few builds'. */
const searchRoots = new ValueMemo<SearchRoot>(4);

/** What answers a build's searches. */
export type BuildSearch = Pick<SearchEngine, "search" | "size">;

/** Seconds KV may serve a cached pointer at a location (the least Cloudflare allows is 30). */
const POINTER_CACHE_TTL = 30;

/** The events of unusable settings this isolate logged already (once is enough). */
const loggedBadSettings = new Set<string>();

/**
 * Milliseconds a deployment's setting asks for: at least `least`; `fallback` when unset, or when
 * set to something else (logged once per isolate as `event`).
 */
export function msSetting(event: string, setting: string | undefined, fallback: number, least = 0): number {
  if (setting === undefined || setting.trim() === "") return fallback;
  const ms = Number(setting);
  if (Number.isFinite(ms) && ms >= least) return ms;
  if (!loggedBadSettings.has(event)) {
    loggedBadSettings.add(event);
    log.error(event, { value: setting, using: fallback });
  }
  return fallback;
}

/** The recheck interval a deployment's POINTER_RECHECK_MS asks for (POINTER_RECHECK_MS by default). */
export const pointerRecheckMs = (setting: string | undefined): number =>
  msSetting("pointer_recheck_invalid", setting, POINTER_RECHECK_MS);

/** The time for KV a deployment's KV_BUDGET_MS gives each request: 1 ms or more (REQUEST_KV_BUDGET_MS by default). */
export const kvBudgetMs = (setting: string | undefined): number =>
  msSetting("kv_budget_invalid", setting, REQUEST_KV_BUDGET_MS, 1);

/** The channel pointers this isolate read, by channel: the build id and when it was read. */
const pointers = new Map<string, { buildId: string; readAt: number }>();

export interface PointerOptions extends RequestKvOptions {
  /** The store formats read, newest first (READABLE_FORMATS; tests pass others). */
  formats?: readonly number[];
  /** Milliseconds a pointer this isolate read is served before it is read again (0: every request reads it). */
  recheckMs: number;
  /** The clock (tests set their own). */
  now?: () => number;
}

/**
 * A request's reader of the content: made per request (worker/middleware/content.ts), so its KV
 * reads share that request's deadline and failures (request-kv.ts); the values it reads are kept
 * per isolate for the requests after it.
 */
export class ContentStore {
  private readonly recheckMs: number;
  private readonly now: () => number;
  private readonly kv: RequestKv;
  private readonly formats: readonly number[];

  constructor(
    kv: KvReader,
    private readonly channel: string,
    pointer: PointerOptions = { recheckMs: 0 },
  ) {
    this.recheckMs = pointer.recheckMs;
    this.now = pointer.now ?? Date.now;
    this.kv = new RequestKv(kv, pointer);
    this.formats = pointer.formats ?? READABLE_FORMATS;
  }

  private live: Promise<string> | undefined;

  /**
   * The build id the channel points at: once per store (a store lives for one request), and from
   * the isolate's last read when that is under `recheckMs` old. A failed read is kept for the
   * request (its next caller fails at once); the next request reads again.
   */
  liveBuildId(): Promise<string> {
    if (!this.live) {
      const last = pointers.get(this.channel);
      this.live =
        last && this.now() - last.readAt < this.recheckMs ? Promise.resolve(last.buildId) : this.readLiveBuildId();
    }
    return this.live;
  }

  /**
   * The pointer of the newest format this code reads that the channel has
   * (common/store-format.ts).
   */
  private async readLiveBuildId(): Promise<string> {
    const readAt = this.now();
    let id: string | null = null;
    for (const format of this.formats) {
      id = await this.kv.get(kvKeys.channel(this.channel, format), { cacheTtl: POINTER_CACHE_TTL });
      if (id) break;
    }
    if (!id) throw new ContentUnavailable(`channel "${this.channel}" points at no build; run npm run publish`);
    const buildId = id.trim();
    if (this.recheckMs > 0) pointers.set(this.channel, { buildId, readAt });
    return buildId;
  }

  /**
   * The build's manifest: its small root read once per isolate per build, seen through this
   * request's store (shards, sidebars and parts are read with this request's KV binding when needed).
   */
  async manifest(buildId: string): Promise<BuildManifest> {
    const root = await manifestRoots.get(buildId, async () => {
      const root = await this.kv.get<Partial<ManifestRoot>>(kvKeys.manifest(buildId), { type: "json", cacheTtl: 3600 });
      if (!root) throw new ContentUnavailable(`build ${buildId} has no manifest`);
      if (root.format === undefined || !this.formats.includes(root.format))
        throw new ContentUnavailable(
          `build ${buildId} is stored in format ${String(root.format ?? 1)}, which this worker (format ${STORE_FORMAT}) does not read; publish again`,
        );
      return root as ManifestRoot;
    });
    const read = <T>(digest: string) => this.blob<T>(digest);
    return new StoredManifest(root, read);
  }

  /** A content-addressed JSON value, or null when KV does not have it. */
  private blob<T>(digest: string): Promise<T | null> {
    return this.kv.get<T>(kvKeys.blob(digest), { type: "json", cacheTtl: 3600 });
  }

  /**
   * The build's search engine (of a docs version's manifest, the current version's without one):
   * its root (small) read once per isolate per build; the parts, pieces and segments a query needs
   * are read then, through the per-isolate piece cache.
   */
  async searchIndex(buildId: string, version?: BuildManifest): Promise<BuildSearch> {
    // A legacy docs version's root is a blob its manifest part names (shared by the builds that
    // did not change the version); the current version's is a key of the build.
    const digest = version?.searchDigest ?? null;
    const root = await searchRoots.get(digest ?? buildId, async () => {
      const key = digest ? kvKeys.blob(digest) : kvKeys.searchIndex(buildId);
      const root = await this.kv.get<unknown>(key, { type: "json", cacheTtl: 3600 });
      const what = digest ? `build ${buildId}'s docs version ${version!.version.name}` : `build ${buildId}`;
      if (!root) throw new ContentUnavailable(`${what} has no search index`);
      if (!isSearchRoot(root))
        throw new ContentUnavailable(`${what} has a search index this worker does not read; publish again`);
      return root;
    });
    // The engine is this request's: its reads share the request's KV deadline.
    return new SearchEngine(root, new PieceLoader(this.kv));
  }

  /** The page record of a route of the manifest's build. */
  async page(manifest: BuildManifest, route: string): Promise<PageRecord> {
    const entry = await manifest.route(route);
    const missing = () => new ContentCorrupt(`build ${manifest.buildId} lists ${route} but has no page record for it`);
    if (!entry) throw missing();
    // A record that is missing or corrupt is not kept: the read is tried again next time.
    return pageRecords.get(entry.page, async () => {
      const record = await this.blob<PageRecord>(entry.page);
      if (record === null) throw missing();
      if (typeof record !== "object" || !Array.isArray(record.tree) || typeof record.title !== "string")
        throw new ContentCorrupt(`the page record of ${route} in build ${manifest.buildId} is corrupt`);
      return record;
    });
  }

  /**
   * A derived file of the manifest's build (sitemap.xml, a Markdown twin, the API document) and its
   * digest, or null. Its text is checked against the digest it is stored under: a file is sent as
   * it is, so a damaged value would otherwise reach readers with a 200.
   */
  async file(manifest: BuildManifest, path: string): Promise<{ body: string; digest: string } | null> {
    const digest = await manifest.fileDigest(path, routeOfMarkdownPath(path));
    if (!digest) return null;
    const body = await this.kv.get(kvKeys.blob(digest), { cacheTtl: 3600 });
    if (body === null) return null;
    if ((await blobDigestOf(body)) !== digest)
      throw new ContentCorrupt(`build ${manifest.buildId}'s file ${path} does not match its digest ${digest}`);
    return { body, digest };
  }

  /** A content image (shared by every build: names are content hashes), or null. */
  asset(name: string): Promise<ArrayBuffer | null> {
    return this.kv.get(kvKeys.asset(name), { type: "arrayBuffer", cacheTtl: 86400 });
  }
}
