/**
 * Chooses where the operations commands act: local KV (the default: the store `npm start` serves,
 * no account needed, opened through Miniflare) or Cloudflare KV with `--remote`, through the
 * Cloudflare SDK (needs KV_NAMESPACE_ID, CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID).
 */
import path from "node:path";
import type { KvTarget } from "./kv-target";

class TargetError extends Error {}

interface Target {
  kv: KvTarget;
  where: string;
  /** Releases what the target holds open (the local store's workerd); call it when done. */
  close(): Promise<void>;
}

export async function kvTargetFor(
  root: string,
  remote: boolean,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Target> {
  if (remote) {
    const missing = ["KV_NAMESPACE_ID", "CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"].filter((k) => !env[k]);
    if (missing.length) throw new TargetError(`--remote needs ${missing.join(", ")} in the environment`);
    // Each store's client is loaded only when chosen: the Cloudflare SDK and Miniflare each take
    // a second or more to import, which every operations command would otherwise pay.
    const { CloudflareKv } = await import("./cloudflare-kv");
    const kv = new CloudflareKv({
      apiToken: env.CLOUDFLARE_API_TOKEN!,
      accountId: env.CLOUDFLARE_ACCOUNT_ID!,
      namespaceId: env.KV_NAMESPACE_ID!,
      baseURL: env.CLOUDFLARE_API_BASE_URL,
    });
    return { kv, where: `Cloudflare KV ${env.KV_NAMESPACE_ID}`, close: async () => {} };
  }
  // The store wrangler keeps under --persist-to <dir> (<dir>/v3/kv), opened in this process: a
  // local publish takes a second or two, not one wrangler start per KV call.
  const persistTo = env.DOCS_LOCAL_STATE ?? path.join(root, ".wrangler/state");
  const { openLocalKv } = await import("./local-kv");
  const local = await openLocalKv(path.join(persistTo, "v3/kv"));
  return { kv: local.kv, where: `local KV in ${path.relative(root, persistTo) || "."}`, close: local.dispose };
}
