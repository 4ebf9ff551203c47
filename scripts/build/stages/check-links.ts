/**
 * Stage "links": what needs every page finished: each link to an anchor checked against the ids of
 * the page it leads to (the API reference's pre-rendered blocks included; another docs version's
 * page under its prefix), and each redirect of site.yaml against the routes (the current version's
 * only). Problems are warnings; a strict build fails on them. Gives the ids each page defines.
 */
import { checkAnchors } from "../links";
import type { KeptPage } from "../page-pass";
import type { SiteContext } from "../finish";
import type { VersionInputs } from "../versions";
import type { BuildLog } from "./log";

export function checkLinks(
  pages: KeptPage[],
  apiAnchors: ReadonlyMap<string, Set<string>>,
  site: SiteContext,
  log: BuildLog,
  /** The docs version's inputs: a legacy version has no redirects; other versions' ids, by prefixed route. */
  version?: Pick<VersionInputs, "source" | "others">,
): Map<string, Set<string>> {
  const anchors = new Map(pages.map((p) => [p.route, new Set([...p.anchors, ...(apiAnchors.get(p.route) ?? [])])]));
  const others = version?.others?.anchors;
  checkAnchors(
    pages.flatMap((p) => p.anchorChecks),
    others ? new Map([...anchors, ...others]) : anchors,
    log.warn,
  );
  const legacy = version?.source.version.status === "legacy";
  for (const r of legacy ? [] : site.config.redirects) {
    if (!/^https?:\/\//.test(r.to) && !site.routes[r.to])
      log.warn(`content/site.yaml: redirect ${r.from} → ${r.to} leads to no page`);
    if (site.routes[r.from]) log.warn(`content/site.yaml: redirect from ${r.from} hides an existing page`);
  }
  return anchors;
}
