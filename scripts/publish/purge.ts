/**
 * Purges changed URLs from Cloudflare's cache after a publish, when zone credentials are configured
 * (CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN). Without them nothing is sent: rendered pages are
 * cached under the build id, so the new build's pages are new cache entries anyway.
 */
const PURGE_BATCH = 30;

export interface PurgeOptions {
  zoneId?: string;
  apiToken?: string;
  /** Overridable for tests, which point it at a fake API on 127.0.0.1. */
  apiBase?: string;
  fetchImpl?: typeof fetch;
}

export async function purgeUrls(
  urls: string[],
  options: PurgeOptions,
): Promise<{ purged: number; skipped: string | null }> {
  if (!options.zoneId || !options.apiToken)
    return { purged: 0, skipped: "no zone credentials (CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN)" };
  if (!urls.length) return { purged: 0, skipped: "nothing changed" };
  const base = options.apiBase ?? "https://api.cloudflare.com/client/v4";
  const doFetch = options.fetchImpl ?? fetch;
  for (let i = 0; i < urls.length; i += PURGE_BATCH) {
    const res = await doFetch(`${base}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`, {
      method: "POST",
      headers: { Authorization: `Bearer ${options.apiToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ files: urls.slice(i, i + PURGE_BATCH) }),
    });
    const body = (await res.json().catch(() => ({}))) as { success?: boolean; errors?: { message: string }[] };
    if (!res.ok || body.success === false) {
      throw new Error(
        `cache purge failed (${res.status}): ${body.errors?.map((e) => e.message).join("; ") || "no details"}`,
      );
    }
  }
  return { purged: urls.length, skipped: null };
}
