/**
 * The only code that knows KV key names on the read side. Manifests are immutable per build, so
 * they are memoised in the isolate; the channel pointer is read on every request (KV's own edge
 * cache keeps that cheap) so a publish is seen without a redeploy.
 */
import { kvKeys, type Manifest, type PageRecord } from "../../client/contracts/page";
import type { SearchIndexFile } from "../../client/contracts/search";
import { SearchEngine } from "../search/engine";

export class ContentUnavailable extends Error {}

/** How long a KV read may take before the request treats KV as down. */
export const KV_TIMEOUT_MS = 3000;

function withTimeout<T>(read: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ContentUnavailable(`KV timed out ${what}`)), KV_TIMEOUT_MS);
  });
  return Promise.race([read, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

const MANIFEST_MEMO_LIMIT = 4;
const manifests = new Map<string, Promise<Manifest>>();
/** Search indexes are large (parsed and loaded once per build): keep the live one and one more. */
const SEARCH_MEMO_LIMIT = 2;
const searchIndexes = new Map<string, Promise<SearchEngine>>();

function memo<T>(map: Map<string, Promise<T>>, key: string, limit: number, load: () => Promise<T>): Promise<T> {
  let hit = map.get(key);
  if (!hit) {
    hit = load();
    hit.catch(() => map.delete(key));
    map.set(key, hit);
    while (map.size > limit) map.delete(map.keys().next().value!);
  }
  return hit;
}

export class ContentStore {
  constructor(
    private readonly kv: KVNamespace,
    private readonly channel: string,
    /** Seconds KV may serve a cached pointer at the edge (minimum 30 on Cloudflare). */
    private readonly pointerTtl = 30,
  ) {}

  /** The build id the channel points at. */
  async liveBuildId(): Promise<string> {
    const id = await withTimeout(
      this.kv.get(kvKeys.channel(this.channel), { cacheTtl: this.pointerTtl }),
      "reading the channel pointer",
    );
    if (!id) throw new ContentUnavailable(`channel "${this.channel}" points at no build; run npm run publish`);
    return id.trim();
  }

  manifest(buildId: string): Promise<Manifest> {
    let memo = manifests.get(buildId);
    if (!memo) {
      memo = withTimeout(
        this.kv.get<Manifest>(kvKeys.manifest(buildId), { type: "json", cacheTtl: 3600 }),
        "reading the manifest",
      ).then((m) => {
        if (!m) throw new ContentUnavailable(`build ${buildId} has no manifest`);
        if (!m.blobs)
          throw new ContentUnavailable(`build ${buildId} predates content-addressed storage; publish again`);
        return m;
      });
      memo.catch(() => manifests.delete(buildId));
      manifests.set(buildId, memo);
      while (manifests.size > MANIFEST_MEMO_LIMIT) manifests.delete(manifests.keys().next().value!);
    }
    return memo;
  }

  /** The build's search engine, loaded from KV once per isolate per build. */
  searchIndex(buildId: string): Promise<SearchEngine> {
    return memo(searchIndexes, buildId, SEARCH_MEMO_LIMIT, async () => {
      const file = await this.kv.get<SearchIndexFile>(kvKeys.searchIndex(buildId), { type: "json", cacheTtl: 3600 });
      if (!file) throw new ContentUnavailable(`build ${buildId} has no search index`);
      return new SearchEngine(file);
    });
  }

  /** The page record of `route` in the manifest's build, or null when the build has no such page. */
  async page(manifest: Manifest, route: string): Promise<PageRecord | null> {
    const digest = manifest.blobs.pages[route];
    if (!digest) return null;
    const record = await withTimeout(
      this.kv.get<PageRecord>(kvKeys.blob(digest), { type: "json", cacheTtl: 3600 }),
      "reading a page",
    );
    if (
      record !== null &&
      (typeof record !== "object" || !Array.isArray(record.tree) || typeof record.title !== "string")
    ) {
      throw new ContentUnavailable(`the page record of ${route} in build ${manifest.buildId} is corrupt`);
    }
    return record;
  }

  /** A derived file of the manifest's build (sitemap.xml, a Markdown twin, the API document), or null. */
  async file(manifest: Manifest, path: string): Promise<string | null> {
    const digest = manifest.blobs.files[path];
    if (!digest) return null;
    return withTimeout(this.kv.get(kvKeys.blob(digest), { cacheTtl: 3600 }), "reading a file");
  }
}
