/**
 * Stage "links": what needs every page finished: each link to an anchor checked against the ids of
 * the page it leads to (the API reference's pre-rendered blocks included), and each redirect of
 * site.yaml against the routes. Problems are warnings; a strict build fails on them.
 */
import { checkAnchors } from "../links";
import type { KeptPage } from "../page-pass";
import type { SiteContext } from "../finish";
import type { BuildLog } from "./log";

export function checkLinks(
  pages: KeptPage[],
  apiAnchors: ReadonlyMap<string, Set<string>>,
  site: SiteContext,
  log: BuildLog,
): void {
  const anchors = new Map(pages.map((p) => [p.route, new Set([...p.anchors, ...(apiAnchors.get(p.route) ?? [])])]));
  checkAnchors(
    pages.flatMap((p) => p.anchorChecks),
    anchors,
    log.warn,
  );
  for (const r of site.config.redirects) {
    if (!/^https?:\/\//.test(r.to) && !site.routes[r.to])
      log.warn(`content/site.yaml: redirect ${r.from} → ${r.to} leads to no page`);
    if (site.routes[r.from]) log.warn(`content/site.yaml: redirect from ${r.from} hides an existing page`);
  }
}
