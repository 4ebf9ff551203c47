/**
 * Format 2's manifest (client/contracts/format-2/stored-manifest.ts: its files and route shards
 * listed in the root). manifest.ts is format 2's read code as it was; this adapter gives it the
 * interface routes read (../manifest.ts). The worker reads such builds for one release after
 * format 3 (client/contracts/store-format.ts); this folder goes in the next release. Format 2 was
 * never published with docs versions: such a build is its current version only.
 */
import type { ManifestRoot } from "../../../client/contracts/format-2/stored-manifest";
import { currentVersionOf, versionsOf } from "../../../client/contracts/versions";
import type { BlobReader, BuildManifest } from "../manifest";
import { BuildManifest as Format2Manifest } from "./manifest";

/** Whether a manifest root read from KV is format 2's. */
export const isFormat2Manifest = (root: { format?: unknown }): root is ManifestRoot => root.format === 2;

export function format2Manifest(root: ManifestRoot, readBlob: BlobReader): BuildManifest {
  const manifest = new Format2Manifest(root, readBlob);
  const version = currentVersionOf(root.config);
  const adapted: BuildManifest = {
    buildId: manifest.buildId,
    builtAt: manifest.builtAt,
    config: manifest.config,
    redirects: manifest.redirects,
    version,
    versions: versionsOf(root.config),
    searchDigest: null,
    inVersion: async (name) => (name === version.name ? adapted : null),
    allVersions: async () => [adapted],
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
  return adapted;
}
