/**
 * The mobile navigation drawer (below 996 px), opened by the navbar's hamburger as a modal
 * <dialog> (boot/drawer.client.ts). Its primary panel lists the navbar links; the secondary panel
 * receives a copy of the current sidebar when opened and offers 'Back to main menu'.
 */
import type { SiteConfig } from "../../common/site-config";
import type { VersionView } from "../../common/versions";
import { MovementMark } from "./MovementMark";
import { NavLink } from "./NavLink";
import { VersionMenu } from "./VersionMenu";

export function Drawer({
  config,
  sidebarHomes,
  version,
}: {
  config: SiteConfig;
  sidebarHomes: Record<string, string>;
  version: VersionView | null;
}) {
  const links = config.navbar.items.flatMap(
    (i): { label: string; href: string; hidden?: boolean; site?: boolean }[] => {
      if (i.type === "docSidebar") {
        const href = sidebarHomes[i.sidebarId];
        // As in the navbar: with several docs versions, a section this one lacks keeps its place, hidden.
        if (href) return [{ label: i.label, href }];
        return version ? [{ label: i.label, href: "/", hidden: true }] : [];
      }
      if (i.type === "link") return [{ label: i.label, href: i.href, site: true }];
      if (i.type === "dropdown") return i.items.map((l) => ({ ...l, site: true }));
      return [{ label: "Search", href: `/${config.search.searchPagePath}` }];
    },
  );
  return (
    <dialog className="drawer" id="drawer" aria-label="Navigation">
      <div className="drawer-panel">
        <div className="drawer-header">
          <a className="navbar-brand" href="/">
            <MovementMark className="navbar-logo" size={30} />
            <span className="navbar-title">{config.navbar.title}</span>
          </a>
          <button type="button" className="drawer-close" aria-label="Close navigation bar" data-drawer-close="">
            ×
          </button>
        </div>
        <div className="drawer-primary">
          {version ? <VersionMenu view={version} place="drawer" /> : null}
          <ul>
            {links.map((l) => (
              <li key={`${l.label}:${l.href}`} hidden={l.hidden || undefined}>
                <NavLink label={l.label} href={l.href} className="drawer-link" hidden={l.hidden} siteLink={l.site} />
              </li>
            ))}
          </ul>
        </div>
        <div className="drawer-secondary">
          <button type="button" className="drawer-back" data-drawer-back="">
            ← Back to main menu
          </button>
          <div data-drawer-sidebar="" />
        </div>
      </div>
    </dialog>
  );
}
