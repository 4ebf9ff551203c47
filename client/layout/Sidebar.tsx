/**
 * The docs sidebar. Categories are <details> elements, so they expand and collapse without
 * JavaScript; the current page is marked and its categories are open. On phones without
 * JavaScript the small <details> before it opens this same sidebar as a menu (CSS, no copy); with
 * JavaScript the drawer shows it instead.
 */
import type { SidebarItem } from "../contracts/page";

function contains(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === "category" && item.items.some((i) => contains(i, route));
}

function Items({ items, route }: { items: SidebarItem[]; route: string }) {
  return (
    <ul className="sidebar-list">
      {items.map((item) => {
        const current = item.href === route;
        if (item.type === "link") {
          return (
            <li key={item.href} className="sidebar-item">
              <a
                className={`sidebar-link${current ? " active" : ""}`}
                href={item.href}
                aria-current={current ? "page" : undefined}
              >
                {item.badge ? <span className={`badge badge-${item.badge.toLowerCase()}`}>{item.badge}</span> : null}
                {item.label}
              </a>
            </li>
          );
        }
        const open = !item.collapsed || contains(item, route);
        // A category with its own page shows the link in a row and a separate caret to expand it
        // (a link inside <summary> would nest two controls); one without a page is the summary.
        return (
          <li key={`${item.label}-${item.href ?? ""}`} className="sidebar-item sidebar-category">
            {item.href ? (
              <div className={`sidebar-category-row${current ? " active" : ""}`}>
                <a href={item.href} aria-current={current ? "page" : undefined}>
                  {item.label}
                </a>
              </div>
            ) : null}
            <details open={open}>
              {item.href ? (
                <summary className="sidebar-caret" aria-label={`${item.label}: show or hide its pages`} />
              ) : (
                <summary className="sidebar-category-label">
                  <span>{item.label}</span>
                </summary>
              )}
              <Items items={item.items} route={route} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ items, route, label }: { items: SidebarItem[]; route: string; label: string }) {
  return (
    <>
      <details className="sidebar-menu">
        <summary>{label} pages</summary>
      </details>
      <aside className="sidebar" id="docs-sidebar" aria-label={`${label} pages`}>
        <nav className="sidebar-nav">
          <Items items={items} route={route} />
        </nav>
        <button
          type="button"
          className="sidebar-hide"
          data-sidebar-toggle=""
          aria-controls="docs-sidebar"
          aria-label="Collapse sidebar"
          title="Collapse sidebar"
        >
          «
        </button>
      </aside>
    </>
  );
}
