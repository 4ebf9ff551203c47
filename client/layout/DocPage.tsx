/** A documentation page: sidebar, breadcrumbs, content, edit link, pagination and TOC. */
import type { PageRecord, SidebarItem } from "../contracts/page";
import { sectionLabel, type SiteConfig } from "../contracts/site-config";
import { Tree } from "../render/TreeRenderer";
import { PageActions } from "./PageActions";
import { publicSiteUrl } from "../contracts/base-url";
import { Sidebar } from "./Sidebar";
import { Toc, TocOutline } from "./Toc";
import type { VersionView } from "../contracts/versions";
import { VersionBanner } from "./VersionMenu";

export function DocPage({
  page,
  config,
  sidebar,
  version = null,
}: {
  page: PageRecord;
  config: SiteConfig;
  /** The items of the page's section sidebar, when it has one. */
  sidebar: SidebarItem[] | null;
  /** The docs versions as this page shows them (a legacy page's banner). */
  version?: VersionView | null;
}) {
  const api = config.sections.some((s) => s.source === "openapi" && s.id === page.sidebar);
  return (
    <div className="doc-layout">
      {sidebar && page.sidebar ? (
        <Sidebar items={sidebar} route={page.route} label={sectionLabel(config, page.sidebar)} />
      ) : null}
      <main id="main" className={page.toc.length > 0 ? "doc-main has-toc" : "doc-main"} tabIndex={-1}>
        <div className="doc-column">
          {version ? <VersionBanner view={version} api={api} /> : null}
          {page.breadcrumbs.length > 0 ? (
            <nav className="breadcrumbs" aria-label="Breadcrumbs">
              <ol>
                <li>
                  <a href="/" aria-label="Home page">
                    Home
                  </a>
                </li>
                {page.breadcrumbs.map((c, i) => {
                  const last = i === page.breadcrumbs.length - 1;
                  return (
                    <li key={`${c.label}-${i}`}>
                      {c.href && !last ? (
                        <a href={c.href}>{c.label}</a>
                      ) : (
                        <span aria-current={last ? "page" : undefined}>{c.label}</span>
                      )}
                    </li>
                  );
                })}
              </ol>
            </nav>
          ) : null}
          {/* A build made before site.yaml had these switches has neither: both are on there. */}
          {config.pageActions?.enabled !== false ? (
            <PageActions route={page.route} siteUrl={publicSiteUrl(config)} mcp={config.mcp?.enabled !== false} />
          ) : null}
          <TocOutline toc={page.toc} />
          <article className="markdown">
            {page.hasTitleHeading ? null : <h1>{page.title}</h1>}
            <Tree nodes={page.tree} />
          </article>
          {page.editUrl ? (
            <p className="edit-link">
              <a href={page.editUrl} rel="noopener" target="_blank">
                Edit this page
              </a>
            </p>
          ) : null}
          {page.prev || page.next ? (
            <nav className="pagination" aria-label="Docs pages">
              {page.prev ? (
                <a className="pagination-link pagination-prev" href={page.prev.href} rel="prev" data-pagination="prev">
                  <span className="pagination-sub">Previous</span>
                  <span className="pagination-label">« {page.prev.label}</span>
                </a>
              ) : (
                <span />
              )}
              {page.next ? (
                <a className="pagination-link pagination-next" href={page.next.href} rel="next" data-pagination="next">
                  <span className="pagination-sub">Next</span>
                  <span className="pagination-label">{page.next.label} »</span>
                </a>
              ) : null}
            </nav>
          ) : null}
        </div>
        <Toc toc={page.toc} />
      </main>
    </div>
  );
}
