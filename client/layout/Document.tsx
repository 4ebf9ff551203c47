/**
 * The HTML document around every page: head (meta, styles, the pre-paint script), skip link,
 * announcement bar, navbar, the page body and the footer.
 */
import type { ReactNode } from "react";
import type { SiteConfig } from "../../common/site-config";
import { CURRENT_VERSION, type VersionView } from "../../common/versions";
import { PREPAINT_SCRIPT } from "../boot/prepaint";
import { localeUrl } from "./locale-url";
import { publicSiteUrl, withBase } from "../../common/base-url";
import { markdownPathOf } from "../../common/markdown-path";
import { AgentDirective } from "./AgentDirective";
import { AnnouncementBar } from "./AnnouncementBar";
import { BaseUrlBanner } from "./BaseUrlBanner";
import { Footer } from "./Footer";
import { MarkSymbol } from "./MovementMark";
import { Navbar } from "./Navbar";

export interface AssetUrls {
  css: string;
  boot: string;
}

export interface DocumentProps {
  config: SiteConfig;
  assets: AssetUrls;
  title: string;
  description: string;
  /** The build the page comes from (null when none could be read). */
  buildId?: string | null;
  /** Path of the page, for the canonical URL and its Markdown version; null on error pages. */
  path: string | null;
  activeSidebar?: string | null;
  /** First page of each sidebar, for the navbar's sidebar links. */
  sidebarHomes?: Record<string, string>;
  robots?: string;
  /** The docs versions as this page shows them (null: a site with one version). */
  version?: VersionView | null;
  children: ReactNode;
}

export function Document(props: DocumentProps) {
  const { config, assets, title, description, path, activeSidebar, sidebarHomes, buildId, children } = props;
  const version = props.version ?? null;
  // A legacy version's pages stay out of search engines, which are pointed at the current page.
  const robots = version?.status === "legacy" ? "noindex" : props.robots;
  const pageUrl =
    path && `${config.url}${withBase(config.baseUrl, version ? `${version.prefix}${path.slice(1)}` : path)}`;
  const canonical = version?.canonical ?? pageUrl;
  const fullTitle = title === config.title ? title : `${title} | ${config.title}`;
  const locale = config.i18n.locales[0]!;
  const siteUrl = publicSiteUrl(config);
  // The version being read's own llms.txt and twin (absolute, so its served prefix is added here).
  const versionUrl = version ? `${siteUrl}${version.prefix.slice(0, -1)}` : siteUrl;
  const twinUrl = path ? `${siteUrl}${markdownPathOf(version ? `${version.prefix}${path.slice(1)}` : path)}` : null;
  return (
    <html
      lang={locale.code}
      dir={locale.direction}
      data-theme={config.colorMode.defaultMode}
      data-theme-switch={config.colorMode.disableSwitch ? "off" : "on"}
      data-theme-system={config.colorMode.respectPrefersColorScheme ? "on" : "off"}
      data-announcement={config.announcementBar?.id}
      data-base-url={config.baseUrl}
      data-docs-version={version?.name ?? CURRENT_VERSION}
      data-docs-version-label={version?.label}
      data-docs-version-status={version?.status}
      data-version-prefix={version?.prefix}
      data-version-neutral={version?.neutral ? "" : undefined}
      data-assistant-src={config.assistant.enabled ? config.assistant.scriptUrl : undefined}
      data-api-timeout={config.apiExplorer?.timeoutMs}
      data-assistant-token={config.assistant.enabled ? config.assistant.apiKey : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={description} />
        {robots ? <meta name="robots" content={robots} /> : null}
        {path && canonical ? <link rel="canonical" href={canonical} /> : null}
        {twinUrl ? <link rel="alternate" type="text/markdown" href={twinUrl} /> : null}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={config.navbar.title} />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={description} />
        {path && pageUrl ? <meta property="og:url" content={pageUrl} /> : null}
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={fullTitle} />
        <meta name="twitter:description" content={description} />
        {path
          ? config.i18n.locales.map((l) => (
              <link
                key={l.code}
                rel="alternate"
                hrefLang={l.code}
                href={localeUrl({
                  path: version ? `${version.prefix}${path.slice(1)}` : path,
                  locale: l.code,
                  defaultLocale: config.i18n.defaultLocale,
                  baseUrl: config.baseUrl,
                  origin: config.url,
                })}
              />
            ))
          : null}
        <meta name="theme-color" content="#000000" />
        {buildId ? <meta name="docs-build" content={buildId} /> : null}
        <link rel="icon" href="/img/logo.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <script dangerouslySetInnerHTML={{ __html: PREPAINT_SCRIPT }} />
        <script type="module" src={assets.boot} />
      </head>
      <body>
        <AgentDirective siteUrl={versionUrl} twinUrl={twinUrl} />
        <BaseUrlBanner base={config.baseUrl} />
        <MarkSymbol />
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        {config.announcementBar ? <AnnouncementBar bar={config.announcementBar} /> : null}
        <Navbar
          config={config}
          activeSidebar={activeSidebar ?? null}
          sidebarHomes={sidebarHomes ?? {}}
          version={version}
        />
        <div id="page" className="page">
          {children}
        </div>
        <Footer config={config} />
      </body>
    </html>
  );
}
