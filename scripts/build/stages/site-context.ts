/**
 * Stage "context": what finishing any page may read of the rest of the site (SiteContext, plain
 * data sent once to each build thread): sidebars, routes, category descriptions, the network
 * table, link targets, redirects. Also the JSON of the parts the build id covers besides the pages.
 */
import path from "node:path";
import type { RouteEntry } from "../../../common/page";
import type { SiteContext } from "../finish";
import { loadNetworks, NetworkTableError } from "../../../common/build/networks";
import { buildSidebar, indexPagesByDir, type Sidebars } from "../sidebars";
import type { VersionInputs } from "../versions";
import type { PlacedApiReference } from "./api-reference";
import type { Discovered } from "./discover";
import { BuildFailed } from "./log";

export interface BuiltContext {
  site: SiteContext;
  /**
   * Routes, sidebars, redirects and configuration as JSON, made once: they grow with the site, and
   * the build id and npm run dev's context digest both cover them.
   */
  covered: string;
}

/** `version`: the docs version built (its network table, docs folder, and the other versions' pages as link targets). */
export async function siteContext(
  root: string,
  found: Discovered,
  api: PlacedApiReference,
  version?: Pick<VersionInputs, "source" | "others">,
): Promise<BuiltContext> {
  const { config, docs, folders } = found;
  const legacy = version?.source.version.status === "legacy";
  const sidebars: Sidebars = {};
  for (const section of config.sections)
    sidebars[section.id] = section.source === "content" ? buildSidebar(section.folder, docs, folders) : [];
  if (api.sectionId) sidebars[api.sectionId] = api.sidebar;

  const routes: Record<string, RouteEntry> = {};
  for (const doc of found.pages) {
    const { description, counterparts } = doc.frontmatter;
    routes[doc.route] = { title: doc.title, description, sidebar: doc.sidebar, ...(counterparts && { counterparts }) };
  }
  for (const p of api.pages) routes[p.route] = { title: p.title, description: p.description, sidebar: p.sidebar };

  const categoryDescriptions: Record<string, string> = {};
  const indexOf = indexPagesByDir(docs);
  for (const f of folders) {
    const index = indexOf.get(f.dir);
    if (index && f.meta?.description) categoryDescriptions[index.route] = f.meta.description;
  }
  const contentDir = path.join(root, "content");
  const networksAt = version?.source.networks ?? { file: path.join(contentDir, "networks.yaml"), label: undefined };
  const networks = await loadNetworks(networksAt.file, networksAt.label).catch((e) => {
    throw e instanceof NetworkTableError ? new BuildFailed(e.message) : e;
  });
  // Redirects are the current version's: a legacy version's old addresses are its own routes.
  const redirects = legacy ? {} : Object.fromEntries(config.redirects.map((r) => [r.from, r.to]));
  const site: SiteContext = {
    config,
    sidebars,
    routes,
    categoryDescriptions,
    networks,
    // Pages of other versions are link targets too, under their prefix (/2025/devs/fullnode).
    files: [...api.files.map((f) => f.path), ...(version?.others?.routes ?? [])],
    sources: Object.fromEntries(docs.map((d) => [d.file, d.route])),
    redirects,
    dirs: {
      docs: version?.source.docs.file ?? path.join(contentDir, "docs"),
      publicDir: path.join(root, "client/public"),
    },
  };
  return { site, covered: JSON.stringify({ routes, sidebars, redirects, config }) };
}
