/**
 * Vitest globalSetup (runs in Node): builds the fixture site and writes it as one JSON file that
 * worker tests import and seed KV with. Written beside and renamed into place: npm test typechecks
 * the worker tests (which import the file) while this runs.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { buildSite } from "../../scripts/build/build";
import { publishBuild } from "../../scripts/publish/publish";
import { storeSearchIndex } from "../../scripts/publish/search-store";
import { storeManifest } from "../../scripts/publish/stored-manifest";
import { MemoryKv } from "./memory-kv";

export const FIXTURE_ROOT = path.resolve(import.meta.dirname, "../fixtures/site");
export const FIXTURE_JSON = path.resolve(import.meta.dirname, "../../dist/test-fixture/build.json");

/** The versioned fixture site (test/fixtures/versioned), published into a KV dump worker tests seed. */
export const VERSIONED_ROOT = path.resolve(import.meta.dirname, "../fixtures/versioned");
export const VERSIONED_JSON = path.resolve(import.meta.dirname, "../../dist/test-fixture/versioned.json");

/** Builds and publishes the versioned fixture as scripts/publish does, and writes every KV value it wrote. */
async function writeVersioned(): Promise<void> {
  const build = await buildSite({ root: VERSIONED_ROOT, strict: true });
  const kv = new MemoryKv();
  await publishBuild(kv, build, "versioned");
  const values = [...kv.data].map(([key, value]) =>
    typeof value === "string" ? { key, text: value } : { key, base64: Buffer.from(value).toString("base64") },
  );
  await writeFile(VERSIONED_JSON, JSON.stringify({ buildId: build.buildId, values }));
}

export default async function setup(): Promise<void> {
  const build = await buildSite({ root: FIXTURE_ROOT, strict: true });
  const stored = storeManifest(build.manifest);
  // The index as a first publish stores it.
  const search = await storeSearchIndex(
    build.search.index,
    null,
    () => Promise.reject(new Error("a first publish reads nothing")),
    new Set(),
  );
  await mkdir(path.dirname(FIXTURE_JSON), { recursive: true });
  const written = `${FIXTURE_JSON}.${process.pid}.tmp`;
  await writeFile(
    written,
    JSON.stringify({
      buildId: build.buildId,
      manifest: build.manifest,
      manifestRoot: stored.root,
      manifestBlobs: Object.fromEntries(stored.blobs),
      pages: Object.fromEntries(build.pages),
      assets: Object.fromEntries([...build.assets].map(([name, a]) => [name, a.body.toString("base64")])),
      searchIndex: search.stored.root,
      searchPieces: Object.fromEntries(search.blobs),
      files: build.files,
    }),
  );
  await rename(written, FIXTURE_JSON);
  await writeVersioned();
}
