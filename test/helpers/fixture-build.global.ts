/**
 * Vitest globalSetup (runs in Node): builds the fixture site and writes it as one JSON file that
 * worker tests import and seed KV with.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { buildSite } from "../../scripts/build/build";
import { publishBuild } from "../../scripts/publish/publish";
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
  await mkdir(path.dirname(FIXTURE_JSON), { recursive: true });
  await writeFile(
    FIXTURE_JSON,
    JSON.stringify({
      buildId: build.buildId,
      manifest: build.manifest,
      manifestRoot: stored.root,
      manifestBlobs: Object.fromEntries(stored.blobs),
      pages: Object.fromEntries(build.pages),
      assets: Object.fromEntries([...build.assets].map(([name, a]) => [name, a.body.toString("base64")])),
      searchIndex: build.search.index.root,
      searchPieces: Object.fromEntries(build.search.index.pieces),
      files: build.files,
    }),
  );
  await writeVersioned();
}
