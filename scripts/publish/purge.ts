/**
 * Purges changed URLs from Cloudflare's cache after a publish, through the official SDK, when zone
 * credentials are configured (CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN). Without them nothing is
 * sent: rendered pages are cached under the build id, so the new build's pages are new cache entries anyway.
 */

const PURGE_BATCH = 30;

interface PurgeOptions {
  zoneId?: string;
  apiToken?: string;
  /** Overridable for tests, which point it at a fake API on 127.0.0.1. */
  apiBase?: string;
}

export async function purgeUrls(
  urls: string[],
  options: PurgeOptions,
): Promise<{ purged: number; skipped: string | null }> {
  if (!options.zoneId || !options.apiToken)
    return { purged: 0, skipped: "no zone credentials (CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN)" };
  if (!urls.length) return { purged: 0, skipped: "nothing changed" };
  // The SDK is loaded only for a purge that will be sent (it takes a second or more to import).
  const { APIError } = await import("cloudflare");
  const { cloudflareClient } = await import("./cloudflare-kv");
  const client = cloudflareClient({ apiToken: options.apiToken, baseURL: options.apiBase });
  for (let i = 0; i < urls.length; i += PURGE_BATCH) {
    try {
      await client.cache.purge({ zone_id: options.zoneId, files: urls.slice(i, i + PURGE_BATCH) });
    } catch (e) {
      if (!(e instanceof APIError)) throw e;
      const details = e.errors.map((x) => x.message).join("; ") || "no details";
      throw new Error(`cache purge failed (${e.status}): ${details}`, { cause: e });
    }
  }
  return { purged: urls.length, skipped: null };
}
