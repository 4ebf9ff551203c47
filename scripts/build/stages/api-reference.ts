/**
 * Stage "api": the node API reference generated from openapi/node.yaml, or a legacy docs version's
 * own document (openapi/generate): its pages, placed in the section the site declares for it, its
 * sidebar and its downloadable files.
 * The generated reference is kept in the persistent cache by its document and servers.
 */
import { createHash } from "node:crypto";
import type { SiteConfig } from "../../../common/site-config";
import {
  API_BASE,
  generateApiReference,
  OpenApiInvalid,
  type ApiReference,
  type ApiStore,
} from "../../../openapi/generate";
import { DiskCache } from "../disk-cache";
import { NetworkTableError } from "../../../common/build/networks";
import type { VersionSource } from "../versions";
import { BuildFailed, type BuildLog } from "./log";

/** The reference with its pages in the site's API section (none when the site has no API document). */
export type PlacedApiReference = ApiReference & { sectionId: string | null };

const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** The persistent cache as the generator's store, its keys taken with the build's code version. */
function storeIn(cacheDir: string, codeVersion: string): ApiStore {
  const disk = new DiskCache(cacheDir);
  const key = (k: string) => sha(`${codeVersion}\0api\0${k}`);
  return { get: (k) => disk.get(key(k)), set: (k, value) => void disk.set(key(k), value) };
}

export async function apiReference(
  root: string,
  config: SiteConfig,
  cache: { dir: string; codeVersion: string } | undefined,
  log: BuildLog,
  /** A legacy docs version's inputs: its own API document and network table. */
  source?: VersionSource,
): Promise<PlacedApiReference> {
  const from = source && { document: source.openapi, networks: source.networks };
  const api = await generateApiReference(root, cache && storeIn(cache.dir, cache.codeVersion), from).catch((e) => {
    throw e instanceof OpenApiInvalid || e instanceof NetworkTableError ? new BuildFailed(e.message) : e;
  });
  const section = config.sections.find((s) => s.source === "openapi");
  if (api.pages.length && `/${section?.folder}` !== API_BASE)
    throw new BuildFailed(
      `content/site.yaml: sections: the API reference is generated under ${API_BASE}; declare it as a section with folder ${API_BASE.slice(1)} and source openapi`,
    );
  for (const page of api.pages) page.sidebar = section!.id;
  api.warnings.forEach(log.warn);
  api.notices.forEach(log.notice);
  return { ...api, sectionId: section?.id ?? null };
}
