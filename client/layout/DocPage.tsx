/**
 * A documentation page: sidebar, breadcrumbs with the page actions, the title, the outline (where the
 * TOC column does not fit), content, edit link, feedback form, pagination and TOC.
 */
import type { PageRecord, SidebarItem } from "../../common/page";
import { DEFAULT_VERSION } from "../../common/signals";
import { Feedback, type FeedbackAnswered } from "./Feedback";
import { sectionLabel, type SiteConfig } from "../../common/site-config";
import { isElement, type TreeNode } from "../../common/tree";
import { Tree } from "../render/TreeRenderer";
import { PageActions } from "./PageActions";
import { publicSiteUrl } from "../../common/base-url";
import { Sidebar } from "./Sidebar";
import { Toc, TocOutline } from "./Toc";
import type { VersionView } from "../../common/versions";
import { VersionBanner } from "./VersionMenu";

/** The page's own h1 (with anything before it) and the rest of its tree; no title when it has none. */
function splitTitle(page: PageRecord): [TreeNode[], TreeNode[]] {
  if (!page.hasTitleHeading) return [[], page.tree];
  const at = page.tree.findIndex(isElement);
  return [page.tree.slice(0, at + 1), page.tree.slice(at + 1)];
}

export function DocPage({
  page,
  config,
  sidebar,
  version = null,
  answered = null,
}: {
  page: PageRecord;
  config: SiteConfig;
  /** The items of the page's section sidebar, when it has one. */
  sidebar: SidebarItem[] | null;
  /** The docs versions as this page shows them (a legacy page's banner). */
  version?: VersionView | null;
  /** The reader's answer to "Was this page helpful?", when the page is the form's answer (no JavaScript). */
  answered?: FeedbackAnswered | null;
}) {
  const api = config.sections.some((s) => s.source === "openapi" && s.id === page.sidebar);
  const [title, body] = splitTitle(page);
  return (
    <div className="doc-layout">
      {sidebar && page.sidebar ? (
        <Sidebar items={sidebar} route={page.route} label={sectionLabel(config, page.sidebar)} />
      ) : null}
      <main id="main" className={page.toc.length > 0 ? "doc-main has-toc" : "doc-main"} tabIndex={-1}>
        <div className="doc-column">
          {version ? <VersionBanner view={version} api={api} /> : null}
          <div className="doc-head">
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
              <PageActions
                route={page.route}
                siteUrl={publicSiteUrl(config)}
                mcp={config.mcp?.enabled !== false}
                prefix={version?.prefix}
              />
            ) : null}
          </div>
          {/* The title first, then the outline (where the TOC column does not fit), then the page. */}
          <article className="markdown">
            {page.hasTitleHeading ? <Tree nodes={title} /> : <h1>{page.title}</h1>}
            <TocOutline toc={page.toc} />
            <Tree nodes={body} />
          </article>
          {page.editUrl ? (
            <p className="edit-link">
              <a href={page.editUrl} rel="noopener" target="_blank">
                Edit this page
              </a>
            </p>
          ) : null}
          {/* A build made before site.yaml had `signals` has no such key: the form is on there. */}
          {config.signals?.enabled !== false ? (
            <Feedback
              route={page.route}
              version={version?.name ?? DEFAULT_VERSION}
              privacyUrl={config.signals?.privacyUrl ?? null}
              answered={answered}
            />
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
