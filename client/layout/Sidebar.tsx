/**
 * The docs sidebar. Categories are <details> elements, so they expand and collapse without
 * JavaScript; the current page is marked and its categories are open. A large sidebar is drawn
 * bounded (sidebar-view.ts: categories off the reader's path as one link each, long levels as a
 * window with "more" links), so a page's size does not grow with the site. On phones without
 * JavaScript the small <details> before it opens this same sidebar as a menu (CSS, no copy); with
 * JavaScript the drawer shows it instead.
 */
import type { SidebarItem } from "../../common/page";
import { sidebarRows, type SidebarRow } from "./sidebar-view";

function Rows({ rows, route, within }: { rows: SidebarRow[]; route: string; within: string }) {
  return (
    <ul className="sidebar-list">
      {rows.map((row) => {
        if (row.kind === "more") {
          const text = `${row.count} more`;
          return (
            <li key={`more-${row.position}`} className={`sidebar-item sidebar-more sidebar-more-${row.position}`}>
              <a
                className="sidebar-link"
                href={row.href}
                aria-label={`${text} ${row.count === 1 ? "item" : "items"} ${row.position === "before" ? "above" : "below"} in ${within}`}
              >
                {row.position === "before" ? `↑ ${text}` : `↓ ${text}`}
              </a>
            </li>
          );
        }
        const { item } = row;
        const current = item.href === route;
        if (row.kind === "link") {
          return (
            <li key={item.href} className="sidebar-item">
              <a
                className={`sidebar-link${current ? " active" : ""}`}
                href={item.href}
                aria-current={current ? "page" : undefined}
              >
                {row.item.badge ? (
                  <span className={`badge badge-${row.item.badge.toLowerCase()}`}>{row.item.badge}</span>
                ) : null}
                {item.label}
              </a>
            </li>
          );
        }
        if (row.rows === null) {
          // By reference: one row leading to the category's page, where it is drawn open.
          return (
            <li key={`${item.label}-${row.href}`} className="sidebar-item sidebar-category sidebar-category-ref">
              <div className="sidebar-category-row">
                <a href={row.href!}>{item.label}</a>
              </div>
            </li>
          );
        }
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
            <details open={row.open}>
              {item.href ? (
                <summary className="sidebar-caret" aria-label={`${item.label}: show or hide its pages`} />
              ) : (
                <summary className="sidebar-category-label">
                  <span>{item.label}</span>
                </summary>
              )}
              <Rows rows={row.rows} route={route} within={item.label} />
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
          <Rows rows={sidebarRows(items, route)} route={route} within={label} />
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
