/** Seeds the worker's KV binding with the fixture build (written by the vitest globalSetup), in the layout scripts/publish writes. */
import { env } from "cloudflare:test";
import fixture from "../../dist/test-fixture/build.json";
import { kvKeys, type Manifest, type PageRecord } from "../../common/page";
import type { ManifestRoot, RouteShard, StoredRoute } from "../../common/stored-manifest";
import type { SearchRoot } from "../../common/search-index";

export const build = fixture as unknown as {
  buildId: string;
  /** The build's manifest as the build made it. */
  manifest: Manifest;
  /** The manifest as publish stores it: the root, and the shards and sidebars it names by digest. */
  manifestRoot: ManifestRoot;
  manifestBlobs: Record<string, string>;
  pages: Record<string, PageRecord>;
  assets: Record<string, string>;
  searchIndex: SearchRoot;
  searchPieces: Record<string, string>;
  files: { path: string; body: string }[];
};

export async function seedFixture(channel = "production"): Promise<void> {
  for (const [route, record] of Object.entries(build.pages)) {
    await env.CONTENT.put(kvKeys.blob(build.manifest.blobs.pages[route]!), JSON.stringify(record));
  }
  for (const [name, base64] of Object.entries(build.assets)) {
    await env.CONTENT.put(
      kvKeys.asset(name),
      Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
    );
  }
  await env.CONTENT.put(kvKeys.searchIndex(build.buildId), JSON.stringify(build.searchIndex));
  for (const [digest, value] of Object.entries(build.searchPieces)) await env.CONTENT.put(kvKeys.blob(digest), value);
  for (const file of build.files) await env.CONTENT.put(kvKeys.blob(build.manifest.blobs.files[file.path]!), file.body);
  for (const [digest, value] of Object.entries(build.manifestBlobs)) await env.CONTENT.put(kvKeys.blob(digest), value);
  await env.CONTENT.put(kvKeys.manifest(build.buildId), JSON.stringify(build.manifestRoot));
  await env.CONTENT.put(kvKeys.channel(channel), build.buildId);
}

/**
 * Stores a variant of the fixture build under `buildId`: the fixture's routes plus `routes` (all in
 * one route shard), its files plus `files` (path → digest of a blob the caller stored). Returns its root.
 */
export async function putVariant(
  buildId: string,
  extra: { routes?: Record<string, StoredRoute>; files?: Record<string, string> } = {},
): Promise<ManifestRoot> {
  const routes: Record<string, StoredRoute> = {};
  for (const digest of routeShardDigests())
    Object.assign(routes, (JSON.parse(build.manifestBlobs[digest]!) as RouteShard).routes);
  Object.assign(routes, extra.routes);
  const sorted = Object.fromEntries(Object.entries(routes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const shard = `shard-${buildId}`;
  await env.CONTENT.put(kvKeys.blob(shard), JSON.stringify({ routes: sorted } satisfies RouteShard));
  // The fixture's lists are short: its root holds them whole (level 0), and so does a variant's.
  if (build.manifestRoot.files.level !== 0) throw new Error("the fixture's files are in parts");
  const files = Object.entries({
    ...Object.fromEntries(build.manifestRoot.files.refs.map((r) => [r.from, r.digest])),
    ...extra.files,
  }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const root: ManifestRoot = {
    ...build.manifestRoot,
    buildId,
    files: { level: 0, refs: files.map(([from, digest]) => ({ from, digest })) },
    routes: { level: 0, refs: [{ from: Object.keys(sorted)[0]!, digest: shard }] },
    routeCount: Object.keys(sorted).length,
  };
  await env.CONTENT.put(kvKeys.manifest(buildId), JSON.stringify(root));
  return root;
}

/** The digest of a route's Markdown twin in the fixture build (its validator, too). */
export function twinDigest(route: string): string {
  for (const digest of routeShardDigests()) {
    const entry = (JSON.parse(build.manifestBlobs[digest]!) as RouteShard).routes[route];
    if (entry?.twin) return entry.twin;
  }
  throw new Error(`the fixture has no twin for ${route}`);
}

/** The digests of the fixture build's route shards (its root holds their list whole). */
export function routeShardDigests(): string[] {
  if (build.manifestRoot.routes.level !== 0) throw new Error("the fixture's route shards are listed in parts");
  return build.manifestRoot.routes.refs.map((r) => r.digest);
}

/** Stores `body` as a content-addressed blob, under the digest the build would give it; returns the digest. */
export async function putBlob(body: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
  const digest = [...hash.subarray(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  await env.CONTENT.put(kvKeys.blob(digest), body);
  return digest;
}
