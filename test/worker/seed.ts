/** Seeds the worker's KV binding with the fixture build (written by the vitest globalSetup), in the layout scripts/publish writes. */
import { env } from "cloudflare:test";
import fixture from "../../dist/test-fixture/build.json";
import { kvKeys, type Manifest, type PageRecord } from "../../client/contracts/page";
import type { SearchRoot } from "../../client/contracts/search-index";

export const build = fixture as unknown as {
  buildId: string;
  manifest: Manifest;
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
  await env.CONTENT.put(kvKeys.manifest(build.buildId), JSON.stringify(build.manifest));
  await env.CONTENT.put(kvKeys.channel(channel), build.buildId);
}
