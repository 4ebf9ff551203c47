/**
 * Chooses where the operations commands act: local KV (the default: the store `npm start` serves,
 * no account needed) or Cloudflare KV with `--remote` (needs KV_NAMESPACE_ID, CLOUDFLARE_API_TOKEN
 * and CLOUDFLARE_ACCOUNT_ID in the environment).
 */
import path from "node:path";
import type { KvTarget } from "./kv-target";
import { LOCAL_KV_ID } from "./local-kv";
import { WranglerKv } from "./wrangler-kv";

export class TargetError extends Error {}

export function kvTargetFor(root: string, args: string[], env: NodeJS.ProcessEnv = process.env): { kv: KvTarget; where: string } {
  if (args.includes("--remote")) {
    const missing = ["KV_NAMESPACE_ID", "CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"].filter((k) => !env[k]);
    if (missing.length) throw new TargetError(`--remote needs ${missing.join(", ")} in the environment`);
    return { kv: new WranglerKv(root, { remote: true, namespaceId: env.KV_NAMESPACE_ID! }), where: `Cloudflare KV ${env.KV_NAMESPACE_ID}` };
  }
  const persistTo = env.DOCS_LOCAL_STATE ?? path.join(root, ".wrangler/state");
  return { kv: new WranglerKv(root, { remote: false, namespaceId: LOCAL_KV_ID, persistTo }), where: `local KV in ${path.relative(root, persistTo) || "."}` };
}

/** The value after a flag, e.g. option(["--channel", "x"], "--channel") → "x". */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
