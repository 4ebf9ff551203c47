/**
 * The top bar: logo, the Learn and Build sidebars, search, external links. Below 996 px the items
 * move into a drawer opened by the hamburger (boot script); the search button works without JS as
 * a link to the search page.
 */
import type { SiteConfig } from "../contracts/site-config";
import { MovementMark } from "./MovementMark";

export function Navbar({
  config,
  activeSidebar,
  sidebarHomes,
}: {
  config: SiteConfig;
  activeSidebar: string | null;
  /** Where each docSidebar item leads: the first page of that sidebar. */
  sidebarHomes: Record<string, string>;
}) {
  const searchPath = `/${config.search.searchPagePath}`;
  const item = (i: SiteConfig["navbar"]["items"][number], idx: number) => {
    if (i.type === "search") {
      return (
        <form key={idx} className="navbar-search" action={searchPath} method="get" role="search">
          <button type="submit" className="search-button" data-search-button="" aria-label="Search docs">
            <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M14.4 12.9 19 17.6 17.6 19 13 14.4A8 8 0 1 1 14.4 13zM8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12z" fill="currentColor" />
            </svg>
            <span className="search-label">Search</span>
            <kbd className="search-hint" data-shortcut-hint="">Ctrl K</kbd>
          </button>
        </form>
      );
    }
    if (i.type === "docSidebar") {
      const href = sidebarHomes[i.sidebarId];
      if (!href) return null;
      const active = activeSidebar === i.sidebarId;
      return (
        <a key={idx} className={`navbar-link${active ? " active" : ""}`} href={href} aria-current={active ? "true" : undefined}>
          {i.label}
        </a>
      );
    }
    const external = /^https?:\/\//.test(i.href);
    return (
      <a key={idx} className="navbar-link" href={i.href} {...(external ? { rel: "noopener", target: "_blank" } : {})}>
        {i.label}
        {external ? <span className="external" aria-hidden="true">↗</span> : null}
      </a>
    );
  };
  const left = config.navbar.items.filter((i) => i.position === "left");
  const right = config.navbar.items.filter((i) => i.position === "right");
  return (
    <header className="navbar" data-hide-on-scroll={config.navbar.hideOnScroll ? "" : undefined}>
      <nav className="navbar-inner" aria-label="Main">
        <button type="button" className="navbar-toggle" aria-label="Open navigation" aria-expanded="false" data-drawer-open="">
          <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <a className="navbar-brand" href="/">
          <MovementMark className="navbar-logo" size={30} />
          <span className="navbar-title">{config.navbar.title}</span>
        </a>
        <div className="navbar-items navbar-left">{left.map(item)}</div>
        <div className="navbar-items navbar-right">{right.map((i, n) => item(i, n + left.length))}</div>
      </nav>
    </header>
  );
}
