/**
 * Format 2's manifest (client/contracts/format-2/stored-manifest.ts: its files and route shards
 * listed in the root). manifest.ts is format 2's read code as it was; this adapter gives it the
 * interface routes read (../manifest.ts). The worker reads such builds for one release after
 * format 3 (client/contracts/store-format.ts); this folder goes in the next release.
 */
import type { ManifestRoot } from "../../../client/contracts/format-2/stored-manifest";
import type { BlobReader, BuildManifest } from "../manifest";
import { BuildManifest as Format2Manifest } from "./manifest";

/** Whether a manifest root read from KV is format 2's. */
export const isFormat2Manifest = (root: { format?: unknown }): root is ManifestRoot => root.format === 2;

export function format2Manifest(root: ManifestRoot, readBlob: BlobReader): BuildManifest {
  const manifest = new Format2Manifest(root, readBlob);
  return {
    buildId: manifest.buildId,
    builtAt: manifest.builtAt,
    config: manifest.config,
    redirects: manifest.redirects,
    route: (route) => manifest.route(route),
    routesAmong: (routes) => manifest.routesAmong(routes),
    allRoutes: () => manifest.allRoutes(),
    sidebar: (id) => manifest.sidebar(id),
    sidebarHomes: () => manifest.sidebarHomes(),
    sidebarCategories: (id) => manifest.sidebarCategories(id),
    hasFile: async (path) => manifest.hasFile(path),
    filePaths: async () => manifest.files,
    fileDigest: (path, twinOf) => manifest.fileDigest(path, twinOf),
  };
}
