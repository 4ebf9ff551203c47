/**
 * Stage "discover": the site's configuration, its search synonyms, and every page under
 * content/docs (or a legacy docs version's folder) read and checked (discover.ts), with one page
 * kept per route.
 */
import path from "node:path";
import type { SiteConfig } from "../../../common/site-config";
import { loadSiteConfig } from "../../config/load";
import type { Synonym } from "../../../common/search";
import { loadSynonyms } from "../../search/synonyms";
import { discover, type DiscoverMemo, type DocSource, type FolderMeta } from "../discover";
import type { BuildLog } from "./log";
import type { VersionInputs } from "../versions";

export interface Discovered {
  config: SiteConfig;
  synonyms: Synonym[];
  /** Every page file found, in walk order (sidebars and source links list them all). */
  docs: DocSource[];
  /** One page per route, in walk order: of two files with one route, the later one. */
  pages: DocSource[];
  folders: FolderMeta[];
}

/**
 * Reads the site, or one docs version of it (`version`: its inputs and the configuration it is
 * built with). `walk` is what a caller that builds again and again (npm run dev) keeps between
 * builds: the pages it read, and the files changed since, relative to the docs folder.
 */
export async function discoverSite(
  root: string,
  log: BuildLog,
  walk?: { memo: DiscoverMemo; changed?: string[] },
  version?: Pick<VersionInputs, "source" | "config">,
): Promise<Discovered> {
  const contentDir = path.join(root, "content");
  const config = version?.config ?? (await loadSiteConfig(path.join(contentDir, "site.yaml")));
  const synonyms = await loadSynonyms(root, version?.source.synonyms);
  const docsAt = version?.source.docs ?? { file: path.join(contentDir, "docs"), label: "content/docs" };
  const { docs, folders } = await discover(docsAt.file, config, walk?.memo, walk?.changed, docsAt.label);
  const byRoute = new Map<string, DocSource>();
  for (const doc of docs) {
    const other = byRoute.get(doc.route);
    if (other)
      log.warn(
        `duplicate route ${doc.route}: ${docsAt.label}/${other.file} and ${docsAt.label}/${doc.file} (the later one wins)`,
      );
    byRoute.set(doc.route, doc);
  }
  return { config, synonyms, docs, pages: [...byRoute.values()], folders };
}
