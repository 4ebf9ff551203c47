/**
 * The top bar: logo, the Learn and Build sidebars, search, external links, and the colour-mode
 * toggle when the switch is enabled. Below 996 px the items move into a drawer opened by the
 * hamburger (boot script); without JavaScript they wrap onto a second row instead.
 */
import type { NavbarItem, SiteConfig } from "../../common/site-config";
import type { VersionView } from "../../common/versions";
import { Drawer } from "./Drawer";
import { MovementMark } from "./MovementMark";
import { NavLink } from "./NavLink";
import { Island } from "../islands/Island";
import { searchModalProps } from "../islands/search/props";
import { SearchButton } from "../islands/search/SearchButton";
import { VersionMenu } from "./VersionMenu";

export interface NavbarProps {
  config: SiteConfig;
  activeSidebar: string | null;
  /** Where each docSidebar item leads: the first page of that sidebar. */
  sidebarHomes: Record<string, string>;
  /** The docs versions (the version menu), when the site has more than one. */
  version?: VersionView | null;
}

/**
 * Search: a form to the search page (works with JavaScript off) inside the SearchModal island,
 * whose code loads on the first hover, focus, click or Ctrl K / ⌘K and opens the modal.
 */
export function SearchForm({ search }: { search: SiteConfig["search"] }) {
  return (
    <Island name="SearchModal" on="interaction" props={searchModalProps(search)} className="navbar-search-island">
      <SearchButton searchPath={`/${search.searchPagePath}`} />
    </Island>
  );
}

function ThemeToggle({ mode }: { mode: string }) {
  return (
    <button
      type="button"
      className="theme-toggle"
      data-theme-toggle=""
      aria-label={`Switch between dark and light mode (currently ${mode} mode)`}
    >
      <svg className="icon-sun" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="5" fill="currentColor" />
        <path
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1"
        />
      </svg>
      <svg className="icon-moon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </button>
  );
}

/** Where a link of a page of no version leads in each version (undefined on a versioned page). */
function neutralHrefs(
  version: VersionView | null | undefined,
  pick: (homes: NonNullable<VersionView["neutral"]>[string]) => string | undefined,
): Record<string, string> | undefined {
  if (!version?.neutral) return undefined;
  const out: Record<string, string> = {};
  for (const [name, homes] of Object.entries(version.neutral)) {
    const href = pick(homes);
    if (href) out[name] = href;
  }
  return out;
}

export function Navbar({ config, activeSidebar, sidebarHomes, version }: NavbarProps) {
  const item = (i: NavbarItem, idx: number) => {
    switch (i.type) {
      case "search":
        return <SearchForm key={idx} search={config.search} />;
      case "docSidebar": {
        const href = sidebarHomes[i.sidebarId];
        // A site with several docs versions draws a section one of them lacks, hidden, so that
        // client navigation between versions finds every link in its place.
        if (!href && !version) return null;
        return (
          <NavLink
            key={idx}
            label={i.label}
            href={href ?? "/"}
            active={activeSidebar === i.sidebarId}
            versionHrefs={neutralHrefs(version, (h) => h.sidebars[i.sidebarId])}
            hidden={!href}
          />
        );
      }
      case "dropdown":
        return (
          <details key={idx} className="navbar-dropdown">
            <summary className="navbar-link">{i.label}</summary>
            <ul className="dropdown-menu">
              {i.items.map((l) => (
                <li key={l.href}>
                  <NavLink label={l.label} href={l.href} className="dropdown-link" siteLink />
                </li>
              ))}
            </ul>
          </details>
        );
      default:
        return <NavLink key={idx} label={i.label} href={i.href} siteLink />;
    }
  };
  const left = config.navbar.items.filter((i) => i.position === "left");
  const right = config.navbar.items.filter((i) => i.position === "right");
  // The drawer sits outside the header: the header's backdrop filter would otherwise become the
  // containing block of the drawer's fixed-position panel.
  return (
    <>
      <header className="navbar" data-hide-on-scroll={config.navbar.hideOnScroll ? "" : undefined}>
        <nav className="navbar-inner" aria-label="Main">
          <button
            type="button"
            className="navbar-toggle"
            aria-label="Open navigation"
            aria-expanded="false"
            aria-controls="drawer"
            data-drawer-open=""
          >
            <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
              <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
            </svg>
          </button>
          <a
            className="navbar-brand"
            href="/"
            data-version-hrefs={version?.neutral ? JSON.stringify(neutralHrefs(version, (h) => h.home)) : undefined}
          >
            <MovementMark className="navbar-logo" size={30} />
            <span className="navbar-title">{config.navbar.title}</span>
          </a>
          <div className="navbar-items navbar-left">{left.map(item)}</div>
          <div className="navbar-items navbar-right">
            {version ? <VersionMenu view={version} place="navbar" /> : null}
            {right.map((i, n) => item(i, n + left.length))}
            {config.colorMode.disableSwitch ? null : <ThemeToggle mode={config.colorMode.defaultMode} />}
          </div>
        </nav>
      </header>
      <Drawer config={config} sidebarHomes={sidebarHomes} version={version ?? null} />
    </>
  );
}
