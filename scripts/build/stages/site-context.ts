/**
 * Stage "context": what finishing any page may read of the rest of the site (SiteContext, plain
 * data sent once to each build thread): sidebars, routes, category descriptions, the network
 * table, link targets, redirects. Also the JSON of the parts the build id covers besides the pages.
 */
import path from "node:path";
import type { RouteEntry } from "../../../client/contracts/page";
import type { SiteContext } from "../finish";
import { loadNetworks, NetworkTableError } from "../networks";
import { buildSidebar, indexPagesByDir, type Sidebars } from "../sidebars";
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

export async function siteContext(root: string, found: Discovered, api: PlacedApiReference): Promise<BuiltContext> {
  const { config, docs, folders } = found;
  const sidebars: Sidebars = {};
  for (const section of config.sections)
    sidebars[section.id] = section.source === "content" ? buildSidebar(section.folder, docs, folders) : [];
  if (api.sectionId) sidebars[api.sectionId] = api.sidebar;

  const routes: Record<string, RouteEntry> = {};
  for (const doc of found.pages)
    routes[doc.route] = { title: doc.title, description: doc.frontmatter.description, sidebar: doc.sidebar };
  for (const p of api.pages) routes[p.route] = { title: p.title, description: p.description, sidebar: p.sidebar };

  const categoryDescriptions: Record<string, string> = {};
  const indexOf = indexPagesByDir(docs);
  for (const f of folders) {
    const index = indexOf.get(f.dir);
    if (index && f.meta?.description) categoryDescriptions[index.route] = f.meta.description;
  }
  const contentDir = path.join(root, "content");
  const networks = await loadNetworks(path.join(contentDir, "networks.yaml")).catch((e) => {
    throw e instanceof NetworkTableError ? new BuildFailed(e.message) : e;
  });
  const redirects = Object.fromEntries(config.redirects.map((r) => [r.from, r.to]));
  const site: SiteContext = {
    config,
    sidebars,
    routes,
    categoryDescriptions,
    networks,
    files: api.files.map((f) => f.path),
    sources: Object.fromEntries(docs.map((d) => [d.file, d.route])),
    redirects,
    dirs: { docs: path.join(contentDir, "docs"), publicDir: path.join(root, "client/public") },
  };
  return { site, covered: JSON.stringify({ routes, sidebars, redirects, config }) };
}
