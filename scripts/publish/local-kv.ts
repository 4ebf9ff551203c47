/**
 * Local KV on disk, the same store `npm start` serves from (workerd's KV simulator under
 * .wrangler/state). Used by the local server, the operations commands without `--remote`, and the tests.
 */
import path from "node:path";
import { Miniflare } from "miniflare";
import type { KvTarget } from "./kv-target";

export const LOCAL_KV_ID = "movement-docs-content";

export function localKvPersistDir(root: string): string {
  return path.join(root, ".wrangler/state/v3/kv");
}

type KvNamespaceLike = Awaited<ReturnType<Miniflare["getKVNamespace"]>>;

export function kvTargetFrom(ns: KvNamespaceLike): KvTarget {
  return {
    get: (key) => ns.get(key),
    put: (key, value) => ns.put(key, value as string),
    async putMany(entries) {
      const CONCURRENCY = 16;
      for (let i = 0; i < entries.length; i += CONCURRENCY) {
        await Promise.all(entries.slice(i, i + CONCURRENCY).map((e) => ns.put(e.key, e.value as string)));
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await ns.list({ prefix, cursor });
        keys.push(...page.keys.map((k) => k.name));
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      return keys;
    },
    async deleteMany(keys) {
      await Promise.all(keys.map((k) => ns.delete(k)));
    },
  };
}

/** Opens local KV's namespace as a worker's binding has it, without serving anything; call dispose() when done. */
export async function openLocalNamespace(
  persistDir: string,
): Promise<{ namespace: KvNamespaceLike; dispose: () => Promise<void> }> {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 204 }); } }",
    kvNamespaces: { CONTENT: LOCAL_KV_ID },
    kvPersist: persistDir,
    cf: false,
  });
  return { namespace: await mf.getKVNamespace("CONTENT"), dispose: () => mf.dispose() };
}

/** Opens local KV as a publish target, without serving anything; call dispose() when done. */
export async function openLocalKv(persistDir: string): Promise<{ kv: KvTarget; dispose: () => Promise<void> }> {
  const { namespace, dispose } = await openLocalNamespace(persistDir);
  return { kv: kvTargetFrom(namespace), dispose };
}
