/**
 * Format 2's manifest (client/contracts/format-2/stored-manifest.ts: its files and route shards
 * listed in the root). manifest.ts is format 2's read code as it was; the worker reads such builds
 * for one release after the format that replaces them (client/contracts/store-format.ts), and this
 * folder goes in the next release.
 */
import type { ManifestRoot } from "../../../client/contracts/format-2/stored-manifest";
import { BuildManifest, type BlobReader } from "./manifest";

/** Whether a manifest root read from KV is format 2's. */
export const isFormat2Manifest = (root: { format?: unknown }): root is ManifestRoot => root.format === 2;

export function format2Manifest(root: ManifestRoot, readBlob: BlobReader): BuildManifest {
  return new BuildManifest(root, readBlob);
}
