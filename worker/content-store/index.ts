/**
 * The only code that knows KV key names on the read side. Manifests are immutable per build, so
 * they are memoised in the isolate; the channel pointer is read on every request (KV's own edge
 * cache keeps that cheap) so a publish is seen without a redeploy.
 */
import { kvKeys, type Manifest, type PageRecord } from "../../client/contracts/page";

export class ContentUnavailable extends Error {}

const MANIFEST_MEMO_LIMIT = 4;
const manifests = new Map<string, Promise<Manifest>>();

export class ContentStore {
  constructor(
    private readonly kv: KVNamespace,
    private readonly channel: string,
    /** Seconds KV may serve a cached pointer at the edge (minimum 30 on Cloudflare). */
    private readonly pointerTtl = 30,
  ) {}

  /** The build id the channel points at. */
  async liveBuildId(): Promise<string> {
    const id = await this.kv.get(kvKeys.channel(this.channel), { cacheTtl: this.pointerTtl });
    if (!id) throw new ContentUnavailable(`channel "${this.channel}" points at no build; run npm run publish`);
    return id.trim();
  }

  manifest(buildId: string): Promise<Manifest> {
    let memo = manifests.get(buildId);
    if (!memo) {
      memo = this.kv.get<Manifest>(kvKeys.manifest(buildId), { type: "json", cacheTtl: 3600 }).then((m) => {
        if (!m) throw new ContentUnavailable(`build ${buildId} has no manifest`);
        return m;
      });
      memo.catch(() => manifests.delete(buildId));
      manifests.set(buildId, memo);
      while (manifests.size > MANIFEST_MEMO_LIMIT) manifests.delete(manifests.keys().next().value!);
    }
    return memo;
  }

  async page(buildId: string, route: string): Promise<PageRecord | null> {
    return this.kv.get<PageRecord>(kvKeys.page(buildId, route), { type: "json", cacheTtl: 3600 });
  }
}
